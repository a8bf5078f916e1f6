"""The Pizzamania transitions (rules page: docs/games/pizzamania.md):
rounds, pizzas, the chef cards (D8, D9) and the endless game's choice
after each round (D12).

Deals, base turns, chef gifts and round ends are resolved inside ``apply``;
every chance draw goes through ``s.rng.draw``.
"""

from __future__ import annotations

from cardroom.core.rng import Rng
from cardroom.games.pizzamania.actions import CHOICE_TEXT, PASS, STOP
from cardroom.games.pizzamania.cards import (
    BASE_CODES,
    BASE_DECK,
    BASE_SIZE,
    CHEF_BY_ID,
    FULL_VALUES,
    ONE,
    chefs_in_play,
    deal_size,
    extreme,
    pack,
    size,
    unpack,
)
from cardroom.games.pizzamania.fields import (
    PHASE_CHOOSE,
    PHASE_OVER,
    PHASE_PLAY,
    Gift,
    PizzamaniaFields,
)
from cardroom.games.pizzamania.rules.facts import next_holder, next_in_pizza, place


# ----- the contract ----------------------------------------------------------
def setup(s: PizzamaniaFields) -> None:
    s.simple = bool(s.options["simple"])
    s.rounds = 1 if s.simple else int(s.options["rounds"])  # D10; 0: endless (D12)
    s.round_no = 0
    s.orders = []
    s.holders = {}
    s.over = False
    s.choosing, s.choices = [], [0] * s.players
    start_round(s, int(s.options["opener"]))  # D4: seat 0 unless the table chose another


def to_act(s: PizzamaniaFields) -> list[int]:
    if s.over:
        return []
    return s.choosing[:] if s.choosing else [s.turn]


def is_over(s: PizzamaniaFields) -> bool:
    return s.over


def phase(s: PizzamaniaFields) -> str:
    return PHASE_OVER if s.over else PHASE_CHOOSE if s.choosing else PHASE_PLAY


def apply(s: PizzamaniaFields, seat: int, action: int) -> None:
    if action < PASS:
        choose(s, seat, action)
    elif action == PASS:
        s.passed |= 1 << seat
        if s.record_events:
            s.log.append({"type": "pass", "seat": seat})
        advance(s, seat)
    else:
        play(s, seat, action)


# ----- set-up of a round -----------------------------------------------------
def start_round(s: PizzamaniaFields, opener: int) -> None:
    n = s.players
    s.round_no += 1
    dealt: list[int] = s.rng.draw("deal", lambda rng: random_deal(n, rng))
    s.hands, s.aside = list(dealt[:n]), dealt[n]
    s.sizes = [size(h) for h in s.hands]
    s.played = [0] * n
    s.finished = []
    s.exchanges = []
    if s.record_events:
        s.log.append({"type": "deal", "round": s.round_no, "cards_each": s.sizes[0],
                      "set_aside": size(s.aside)})
        for seat in range(n):
            s.log.append({"type": "hand", "seat": seat, "cards": unpack(s.hands[seat]),
                          "to": [seat]})
    shuffle_bases(s, False)
    if s.holders:
        give_gifts(s)
    turn_base(s, opener)


def random_deal(players: int, rng: Rng) -> list[int]:
    """D3: an even deal; the last entry is the pile set aside unseen."""
    deck = list(FULL_VALUES)
    rng.shuffle(deck)
    each = deal_size(players)
    piles = [pack(deck[p * each:(p + 1) * each]) for p in range(players)]
    return [*piles, pack(deck[players * each:])]


def random_bases(rng: Rng) -> list[int]:
    order = list(BASE_DECK)
    rng.shuffle(order)
    return order


def shuffle_bases(s: PizzamaniaFields, reshuffle: bool) -> None:
    order = list(s.rng.draw("bases", random_bases))
    s.base_deck = order[::-1]
    if s.record_events:
        s.log.append({"type": "reshuffle" if reshuffle else "bases", "count": len(order)})


def give_gifts(s: PizzamaniaFields) -> None:
    """D9: every gift is worked out from the hands as dealt, then made."""
    s.exchanges = gifts(s.holders, s.hands)
    for g in s.exchanges:
        s.hands[g.giver] -= g.cards
    for g in s.exchanges:
        s.hands[g.receiver] += g.cards
        if s.record_events:
            s.log.append({"type": "exchange", "chef": g.chef, "giver": g.giver,
                          "receiver": g.receiver, "count": g.count, "which": g.which})
            s.log.append({"type": "gift", "giver": g.giver, "receiver": g.receiver,
                          "cards": unpack(g.cards), "to": sorted({g.giver, g.receiver})})
    s.sizes = [size(h) for h in s.hands]


def turn_base(s: PizzamaniaFields, seat: int) -> None:
    if not s.base_deck:
        shuffle_bases(s, True)  # D7: every base is set aside by now
    s.base = s.base_deck.pop()
    s.pile, s.pile_seats = [], []
    s.passed = 0
    s.turner = s.turn = seat
    if s.record_events:
        s.log.append({"type": "base", "seat": seat, "base": BASE_CODES[s.base],
                      "deck": len(s.base_deck)})


# ----- pizzas ----------------------------------------------------------------
def play(s: PizzamaniaFields, seat: int, value: int) -> None:
    need = BASE_SIZE[s.base]
    s.hands[seat] -= need * ONE[value]
    s.played[seat] += need * ONE[value]
    s.sizes[seat] -= need
    s.pile.append(value)
    s.pile_seats.append(seat)
    if s.record_events:
        s.log.append({"type": "play", "seat": seat, "value": value, "count": need})
    if s.sizes[seat] == 0:
        s.finished.append(seat)
        if s.record_events:
            s.log.append({"type": "out", "seat": seat, "place": place(s.finished, seat)})
        if sum(1 for n in s.sizes if n) <= 1:
            end_round(s)
            return
    advance(s, seat)


def advance(s: PizzamaniaFields, seat: int) -> None:
    """Next turn, or the end of this pizza when no one can still play on it."""
    last = s.pile_seats[-1] if s.pile else -1
    other = next_in_pizza(s.sizes, s.passed, last, seat)
    if other >= 0:
        s.turn = other
        return
    if last < 0:  # D6: everyone passed on an empty base
        if s.record_events:
            s.log.append({"type": "dead_base", "base": BASE_CODES[s.base], "seat": s.turner})
        turn_base(s, s.turner)
        return
    if s.record_events:
        s.log.append({"type": "pizza", "seat": last, "base": BASE_CODES[s.base],
                      "top": s.pile[-1]})
    turn_base(s, next_holder(s.sizes, last))


# ----- rounds and the game ---------------------------------------------------
def end_round(s: PizzamaniaFields) -> None:
    last = next(p for p in range(s.players) if s.sizes[p])
    s.finished.append(last)
    order = s.finished[:]
    s.orders.append(order)
    if s.record_events:
        s.log.append({"type": "round_end", "round": s.round_no, "order": order})
    if not s.rounds:  # D12: the endless game asks every seat at once
        s.choosing, s.choices = list(range(s.players)), [0] * s.players
        if s.record_events:
            s.log.append({"type": "continue_or_stop", "round": s.round_no})
    elif s.round_no >= s.rounds:
        end_game(s)
    elif s.deal_next_round:  # a search's playout stops at this round's end
        next_round(s)


def next_round(s: PizzamaniaFields) -> None:
    s.holders = assign(s.orders[-1])  # D8
    if s.record_events:
        s.log.append({"type": "chefs", "holders": dict(s.holders)})
    start_round(s, opener(s.holders))


def end_game(s: PizzamaniaFields) -> None:
    """D10: the final round's finish order ranks the game."""
    order = s.orders[-1]
    s.over = True
    if s.record_events:
        s.log.append({"type": "game_end", "winner": order[0], "order": order[:]})


# ----- the endless game (D12) ------------------------------------------------
def choose(s: PizzamaniaFields, seat: int, action: int) -> None:
    """One seat's secret choice; revealed once every seat has chosen."""
    s.choices[seat] = action
    s.choosing.remove(seat)
    if s.record_events:
        s.log.append({"type": "choice", "seat": seat, "choice": CHOICE_TEXT[action], "to": [seat]})
        s.log.append({"type": "chosen", "seat": seat})
    if s.choosing:
        return
    stop = [p for p in range(s.players) if s.choices[p] == STOP]
    if s.record_events:
        s.log.append({"type": "choices", "round": s.round_no,
                      "choices": [CHOICE_TEXT[c] for c in s.choices], "stop": stop})
    if stop:
        end_game(s)  # the choices stay, revealed, in the final state
    else:
        s.choices = [0] * s.players
        next_round(s)


# ----- chef cards: pure functions over the data in deck.json -----------------
def assign(order: list[int]) -> dict[str, int]:
    """D8: chef id -> seat, from a round's finish order (best first)."""
    players = len(order)
    holders: dict[str, int] = {}
    for chef in chefs_in_play(players):
        index = chef.place - 1 if chef.place > 0 else players + chef.place
        holders[chef.id] = order[index]
    if len(set(holders.values())) != len(holders):
        raise ValueError(f"deck.json: two chef cards fall to one seat with {players} players")
    return holders


def gifts(holders: dict[str, int], hands: list[int]) -> list[Gift]:
    """D9: every gift, computed from the hands as dealt (made all at once)."""
    out = []
    for chef_id, giver in holders.items():
        chef = CHEF_BY_ID[chef_id]
        receiver = holders[chef.gives_to]
        cards = extreme(hands[giver], chef.gives_count, chef.gives_which)
        out.append(Gift(chef_id, giver, receiver, cards, chef.gives_count, chef.gives_which))
    return out


def opener(holders: dict[str, int]) -> int:
    """The seat that turns the first base of a later round (the Nonna)."""
    return next(seat for chef_id, seat in holders.items() if CHEF_BY_ID[chef_id].opens)
