"""Stacked Love Formula games for rule tests.

``new(players, hands, draws, hands2)`` stacks the deck so that Draft 1 leaves
seat i holding ``hands[i]`` (topped up to 12 with unused cards), the next cards
of the deck are ``draws`` (drawn in that order during Play 1), and Draft 2 then
leaves seat i holding ``hands2[i]``. ``play_round`` selects a card per seat
(the Part-Time Job by default) and drives the round with a script of
(seat, action) pairs, taking plain defaults for everything else. The default
jobs (Barista, Florist for two players) only ever change hands, never zones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.games import get_game
from cardroom.games.love_formula.cards.catalog import CAT, PREP
from cardroom.games.love_formula.cards.config import game_config
from cardroom.games.love_formula.fields import DRAFT, OVER, SELECT
from cardroom.games.love_formula.state import LoveState

GAME = get_game("love-formula")
JOBS = ["barista", "florist", "tutor", "courier"]  # defaults, in seat order
PROMO_JOBS = ["librarian", "photographer", "lifeguard", "idol"]
ORDINARY = [i for i in CAT.ids if not CAT.jobs >> CAT.by_id[i] & 1
            and CAT.set_of[CAT.by_id[i]] == "base"]


def packs_for(players: int, hands: Sequence[Sequence[str]], spare: list[str]) -> list[str]:
    """Deck order of one draft so that seat i keeps ``hands[i]``: pack j holds
    12/players cards of each seat's hand, which that seat picks on its visits."""
    size = 12 // players
    full = []
    for seat in range(players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < 12:
            hand.append(spare.pop(0))
        full.append(hand)
    return [c for j in range(players) for hand in full for c in hand[j * size:(j + 1) * size]]


def new(players: int, hands: Sequence[Sequence[str]] = (), draws: Sequence[str] = (),
        hands2: Sequence[Sequence[str]] | None = None, jobs: Sequence[str] | None = None,
        seed: int = 1, reshuffle: Sequence[str] | None = None,
        options: dict[str, Any] | None = None, chance: Sequence[str] | None = None,
        goals: Sequence[str] | None = None, vp: Sequence[str] | None = None) -> LoveState:
    """A game drafted to the given hands; ``options`` turn on expansions, and
    ``chance``, ``goals``, ``vp`` stack the tops of those decks."""
    options = dict(options or {})
    extra_stack = options.pop("stack", {})
    config = game_config(options, players)
    used = {c for h in [*hands, *(hands2 or [])] for c in h} | set(draws)
    spare = [CAT.ids[c] for c in cards_of(config.deck) if CAT.ids[c] not in used]
    order = packs_for(players, hands, spare) + list(draws)
    if hands2 is not None:
        order += packs_for(players, hands2, spare)
    decks = [order] if reshuffle is None else [order, list(reshuffle)]
    default_jobs = JOBS if config.jobs >> CAT.by_id[JOBS[0]] & 1 else PROMO_JOBS
    stack: dict[str, Any] = {"deck": decks, "jobs": [list(jobs or default_jobs[:players])],
                             **extra_stack}
    for source, top in (("chance", chance), ("goals", goals), ("vp", vp)):
        if top is not None:
            stack[source] = [list(top)]
    state = GAME.new(players, seed, {**options, "stack": stack})
    assert isinstance(state, LoveState)
    keep_draft(state, [list(h) for h in hands])
    return state


def keep_draft(state: LoveState, hands: list[list[str]]) -> None:
    """Draft so that each seat keeps its wanted cards (the first legal otherwise)."""
    while state.step == DRAFT:
        for seat in list(state.to_act()):
            legal = state.legal_texts(seat)
            want = hands[seat] if seat < len(hands) else []
            state.act(seat, next((a for a in legal if a.split()[1] in want), legal[0]))


def job(state: LoveState, seat: int) -> str:
    return CAT.ids[state.jobs[seat]]


def default(state: LoveState, legal: list[str]) -> str:
    for plain in ("resolve", "end", "pass", "leave"):
        if plain in legal:
            return plain
    return legal[0]


def drive(state: LoveState, script: Sequence[tuple[int, str]] = (),
          prefer: Sequence[str] = ()) -> None:
    """Act until the next selection, draft or the end: scripted actions in
    order (each must come up), else a preferred action when legal, else a
    plain default."""
    todo = list(script)
    while state.step not in (SELECT, DRAFT, OVER):
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        liked = [a for a in prefer if a in legal]
        if todo and todo[0][0] == seat and todo[0][1] in legal:
            state.act(seat, todo.pop(0)[1])
        elif liked:
            state.act(seat, liked[0])
        else:
            state.act(seat, default(state, legal))
    assert not todo, f"scripted actions never became legal: {todo}"


def play_round(state: LoveState, picks: dict[int, str] | None = None,
               script: Sequence[tuple[int, str]] = (), prefer: Sequence[str] = ()) -> None:
    picks = picks or {}
    assert state.step == SELECT, state.phase()
    for seat in range(state.players):
        state.act(seat, f"select {picks.get(seat, job(state, seat))}")
    drive(state, script, prefer)


def idle_rounds(state: LoveState, count: int) -> None:
    """Rounds in which every seat plays its Part-Time Job and moves nothing."""
    for _ in range(count):
        play_round(state)


def finish(state: LoveState) -> None:
    """Play to the end with Part-Time Jobs only (zones stay as they are)."""
    while state.step != OVER:
        if state.step == DRAFT:
            keep_draft(state, [])
        else:
            play_round(state)


def zone(state: LoveState, seat: int) -> dict[str, Any]:
    z: dict[str, Any] = state.view(None)["zones"][seat]
    return z


def attached(state: LoveState, seat: int, couple: str) -> list[str]:
    for c in zone(state, seat)["couples"]:
        if c["card"] == couple:
            return [a["card"] for a in c["attached"]]
    raise AssertionError(f"{couple} is not in seat {seat}'s zone")


def events(state: LoveState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == kind]


def step(state: LoveState) -> None:
    """One plain default action by the first seat to act."""
    seat = state.to_act()[0]
    state.act(seat, default(state, state.legal_texts(seat)))


def select(state: LoveState, picks: dict[int, str]) -> None:
    """Every seat selects (its job unless named), without driving the turns."""
    for seat in range(state.players):
        state.act(seat, f"select {picks.get(seat, job(state, seat))}")


def until(state: LoveState, choice: str) -> None:
    """Plain defaults until the named choice is asked."""
    while state.view(None)["choice"] != choice:
        step(state)


def to_react(state: LoveState) -> None:
    """Plain defaults until someone is asked to react."""
    while state.view(None)["step"] != "react":
        step(state)


def asked_about(state: LoveState, card: str) -> list[int]:
    """Drive to the next selection; the seats asked to react to ``card``."""
    asked = []
    while state.step not in (SELECT, DRAFT, OVER):
        view = state.view(None)
        if view["step"] == "react" and view["resolving"]["card"] == card:
            asked.append(state.to_act()[0])
        step(state)
    return asked


# ----- #RelationshipGoals ------------------------------------------------------
def goals_game(players: int, goals: list[str], vp: list[str] | None = None,
               variant: str = "standard", **kw: Any) -> LoveState:
    options = {"goals": True, **({"goals_variant": variant} if variant != "standard" else {}),
               **kw.pop("options", {})}
    return new(players, options=options, goals=goals, vp=vp, **kw)


def sorry_not_sorry_round() -> LoveState:
    """Seat 0 (A) plays Long Distance and seat 1 (B) Amnesia in the same round."""
    hands = [["long-distance-1", "daisuke-chi"], ["amnesia-1", "kazuo-tomiko"]]
    state = goals_game(2, ["sorry-not-sorry", "first-date", "cupid"],
                       ["vp-6-1", "vp-2-1", "vp-3-1"], hands=hands)
    play_round(state, {0: "daisuke-chi", 1: "kazuo-tomiko"})
    play_round(state, {0: "long-distance-1", 1: "amnesia-1"})
    return state


# ----- scoring from the rulebook ------------------------------------------------
def vp_from_view(zone: dict[str, Any]) -> int:
    """Scoring straight from the rulebook: 1 VP per preparation in the zone, 1 per
    incomplete couple, the printed VP per perfect one, card modifiers applied."""
    total = len(zone["loose"])
    for couple in zone["couples"]:
        card = CAT.by_id[couple["card"]]
        attached = [CAT.by_id[a["card"]] for a in couple["attached"]]
        preps = {CAT.match[a] for a in attached if CAT.type[a] == PREP}
        total += sum(1 for a in attached if CAT.type[a] == PREP)
        statics: dict[str, int] = {}
        for a in attached:
            for key, value in CAT.statics[a].items():
                statics[key] = statics.get(key, 0) + value
        perfect = set(CAT.requires[card]) <= preps and not statics.get("no_perfect")
        base = CAT.vp_perfect[card] if perfect else CAT.vp_incomplete[card]
        total += max(0, base + statics.get("vp", 0))
    return total
