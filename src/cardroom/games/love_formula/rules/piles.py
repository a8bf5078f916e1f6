"""Hands, the deck and the discard pile: the deal, drawing (D5), and cards
going into and out of hands. The only module that changes ``jobs``,
``unused_jobs``, ``hands``, ``deck`` and ``discard``."""

from __future__ import annotations

from cardroom.core.cardset import cards_of
from cardroom.core.rng import Rng
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.cards.shuffle import arrange
from cardroom.games.love_formula.fields import LoveFields
from cardroom.games.love_formula.rules import knowledge

ids = CAT.ids


# ----- the deal and the deck (D5) ---------------------------------------------------------
def deal(s: LoveFields) -> None:
    """One Part-Time Job to each seat (random source ``jobs``), the rest out of
    the game; the main deck shuffled (source ``deck``)."""
    n = s.players
    job_cards = cards_of(s.config.jobs)

    def deal_jobs(rng: Rng) -> list[int]:
        pool = job_cards[:]
        rng.shuffle(pool)
        return pool[:n]

    s.jobs = list(s.rng.draw("jobs", deal_jobs))
    s.hands = [1 << j for j in s.jobs]
    s.unused_jobs = s.config.jobs & ~sum(s.hands)
    s.deck = arrange(s.rng, cards_of(s.config.deck), "deck")[::-1]
    s.discard = []
    if s.record_events:
        s.log.append({"type": "setup", "players": n, "unused_jobs": s.unused_jobs.bit_count()})
    for seat in range(n):
        if s.record_events:
            s.log.append({"type": "job", "seat": seat, "card": ids[s.jobs[seat]], "to": [seat]})


def reshuffle(s: LoveFields) -> None:
    """D5: the discard pile becomes the new deck."""
    pile = sorted(s.discard)
    s.discard = []
    s.deck = arrange(s.rng, pile, "deck")[::-1]
    knowledge.learn(s, range(s.players), pile, knowledge.deck(s))
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "reshuffle", "cards": len(pile)})


def draw_one(s: LoveFields) -> int:
    if not s.deck and s.discard:
        reshuffle(s)
    return s.deck.pop() if s.deck else -1  # D5: nothing left anywhere, nothing drawn


def draw(s: LoveFields, seat: int, n: int) -> None:
    got = []
    for _ in range(n):
        card = draw_one(s)
        if card < 0:
            break
        s.hands[seat] |= 1 << card
        knowledge.drew(s, seat)
        got.append(card)
    s.goal_changes += 2 if got else 1  # the draw event, and drawn when any came
    if s.record_events:
        s.log.append({"type": "draw", "seat": seat, "count": len(got)})
        if got:
            s.log.append({"type": "drawn", "seat": seat, "cards": [ids[c] for c in got],
                          "to": [seat]})


# ----- cards into and out of hands --------------------------------------------------------
def keep(s: LoveFields, seat: int, card: int) -> None:
    """A card kept from a draft pack (what seats know follows the packs)."""
    s.hands[seat] |= 1 << card


def play_from_hand(s: LoveFields, seat: int, card: int) -> None:
    """A selected card revealed, or a reaction played."""
    s.hands[seat] &= ~(1 << card)


def return_to_hand(s: LoveFields, seat: int, card: int) -> None:
    """A card everyone saw goes into ``seat``'s hand."""
    s.hands[seat] |= 1 << card
    knowledge.publicly_to_hand(s, card, seat)


def take_from_discard(s: LoveFields, seat: int, card: int) -> None:
    s.discard.remove(card)
    return_to_hand(s, seat, card)


def steal(s: LoveFields, thief: int, victim: int, card: int) -> None:
    s.hands[victim] &= ~(1 << card)
    s.hands[thief] |= 1 << card
    knowledge.stole(s, thief, victim, card)


def discard_from_hand(s: LoveFields, seat: int, card: int) -> None:
    s.hands[seat] &= ~(1 << card)
    s.discard.append(card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "discard", "seat": seat, "card": ids[card]})


def discard_hands(s: LoveFields) -> list[list[str]]:
    """End of Play 1: every hand is discarded but its Part-Time Job; the ids
    each seat discarded."""
    gone = []
    for seat in range(s.players):
        cards = cards_of(s.hands[seat] & ~(1 << s.jobs[seat]))
        s.discard.extend(cards)
        s.hands[seat] = 1 << s.jobs[seat]
        gone.append([ids[c] for c in cards])
    return gone


def discard(s: LoveFields, card: int) -> None:
    """A card from the table or a zone goes to the discard pile."""
    s.discard.append(card)
