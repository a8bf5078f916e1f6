"""The fields of a Love Formula state, what each holds, and its copy; the
constants of the rules machine (steps, decisions, frames).

Cards are ints of the catalog (``catalog.CAT``); hands and packs are masks.
The phases are Draft 1, Play 1, Draft 2, Play 2. Each group of fields names
the modules that change it; ``rules.machine.setup`` (through each module's
``clear``) and ``sampler.determinize`` fill them all at the start.
"""

from __future__ import annotations

from typing import Final, Self

from cardroom.core.game import State
from cardroom.games.love_formula.cards.config import Config

PACK_SIZE: Final = 12
ROUNDS: Final = 10  # rounds in each play phase

# Steps. DRAFT and SELECT are simultaneous; TURN, CHOICE and REACT wait for one
# seat; TARGETING, WINDOW, FRAMES and FINISH run without a decision.
DRAFT: Final = 0
SELECT: Final = 1
TURN: Final = 2
TARGETING: Final = 3
WINDOW: Final = 4
FRAMES: Final = 5
FINISH: Final = 6
CHOICE: Final = 7
REACT: Final = 8
OVER: Final = 9
STEP_NAMES: Final = ("draft", "select", "turn", "targeting", "window", "frames", "finish",
              "choice", "react", "over")

# Decisions a card asks for (step CHOICE).
(NO_CHOICE, CHOOSE_TARGET, CHOOSE_LOOK, CHOOSE_SKIP, CHOOSE_PLACE, CHOOSE_DISCARD,
 CHOOSE_TAKE_DISCARDED, CHOOSE_STEAL, CHOOSE_TAKE_LOOSE, CHOOSE_REMOVE,
 CHOOSE_DISCARD_ATTACHED, CHOOSE_TAKE_ATTACHED, CHOOSE_REDIRECT, CHOOSE_INTERCEPT,
 CHOOSE_WIPE) = range(15)
CHOICE_NAMES: Final = ("", "target", "look", "skip", "place", "discard", "take_discarded", "steal",
                "take_loose", "remove", "discard_attached", "take_attached", "redirect",
                "intercept", "wipe")

# What started a frame's program.
MAIN_FRAME: Final = 0
REACTION_FRAME: Final = 1
NESTED_FRAME: Final = 2
CHANCE_FRAME: Final = 3

# Round rules set by a chance card, as bits of ``round_rules``.
REVERSE: Final = 1
NO_REACTIONS: Final = 2

# What each seat did, counted for #RelationshipGoals (vocabulary.COUNTERS).
OBSTACLES_PLAYED: Final = 0
REACTIONS_PLAYED: Final = 1
OBSTACLES_REMOVED: Final = 2


class Frame:
    """One op program being carried out: a card's effect, a reaction, the
    ``else`` ops of an op, or a chance card for one player."""

    __slots__ = ("card", "count", "index", "kind", "player", "program", "subject")

    def __init__(self, card: int, player: int, program: int, subject: int, kind: int,
                 index: int = 0, count: int = -1) -> None:
        self.card = card  # the card whose program it is
        self.player = player  # "you" in the program
        self.program = program  # index into catalog.CAT.programs
        self.index = index  # the op to run next
        self.count = count  # cards still to discard for the current op (-1: none asked)
        self.subject = subject  # the preparation being placed (-1: none)
        self.kind = kind  # MAIN_FRAME, REACTION_FRAME, NESTED_FRAME or CHANCE_FRAME

    def copy(self) -> Frame:
        return Frame(*self._arguments())

    def _arguments(self) -> tuple[int, int, int, int, int, int, int]:
        return (self.card, self.player, self.program, self.subject, self.kind,
                self.index, self.count)

    # Pickled through its constructor: compiled (cardroom/compiled.py), the
    # default way would call __init__ with no arguments.
    def __reduce__(self) -> tuple[type[Frame], tuple[int, ...]]:
        return Frame, self._arguments()


class LoveFields(State):
    # ----- phase (rules.flow) and step (each rule hands over to the next step) ------------
    stage: int  # 1: Draft 1 and Play 1; 2: Draft 2 and Play 2
    step: int  # what the state waits for or runs next (DRAFT ... OVER)
    round: int  # 1..ROUNDS in a play phase (0 before Play 1)
    pick: int  # the draft's pick, from 1 (0 during play)

    # ----- hands and piles (rules.piles) --------------------------------------------------
    jobs: list[int]  # each seat's Part-Time Job
    unused_jobs: int  # the Part-Time Jobs out of the game (a mask)
    hands: list[int]  # each seat's hand (a mask)
    deck: list[int]  # top card last
    discard: list[int]  # top card last

    # ----- drafts and selection (rules.flow) ----------------------------------------------
    packs: list[int]  # the pack in front of each seat (a mask)
    picks: list[int]  # each seat's card kept this pick, until the packs pass (-1: none)
    waiting: list[int]  # seats still to draft or select

    # ----- zones (rules.zones) ------------------------------------------------------------
    couples: list[list[int]]  # each seat's couples, in the order played
    unattached: list[list[int]]  # each seat's unattached preparations
    attached: dict[int, list[int]]  # a couple in play: the cards on it, in order
    attached_to: dict[int, int]  # an attached card: its couple
    attached_by: dict[int, int]  # an obstacle or connection: the seat that attached it
    hearts: dict[int, int]  # an attached card with heart tokens: how many are left

    # ----- the round and the turn (rules.flow; ``resolved`` also rules.resolution) --------
    selected: list[int]  # each seat's card selected this round, until the reveal (-1)
    table: list[int]  # each seat's revealed card, until it leaves the table (-1)
    order: list[int]  # this round's turn order (seats by their cards' priority)
    turn_pos: int  # the index in ``order`` of the turn being played
    actor: int  # the seat whose turn it is (-1: none)
    moves_left: int  # preparation moves the actor may still make this turn
    resolved: bool  # whether the actor's card has been resolved

    # ----- resolving a card (rules.resolution) --------------------------------------------
    resolving: int  # the card being resolved (-1: none)
    target_seat: int  # the seat it aims at (-1: none)
    target_couple: int  # the couple it goes on (-1: none)
    sender: int  # whose obstacle it is (a Wingman sends it back as its own)
    cancelled: bool  # a reaction cancelled it, or it found no couple
    diverted: bool  # a reaction took it into another zone (Intercept)
    react_queue: list[int]  # seats still to be offered the reaction window (D4)
    reacting: int  # the reaction being carried out (-1: none)
    # Op programs being carried out, the innermost last: pushed by the rule that
    # starts one (rules.resolution, expansions.chance, rules.effects for ``else``),
    # advanced by rules.effects and rules.choices, popped by rules.effects.
    frames: list[Frame]
    choice: int  # the decision asked at step CHOICE (NO_CHOICE, CHOOSE_...)
    chooser: int  # the seat that makes it (or reacts, at step REACT)

    # ----- what each seat has located (rules.knowledge) -----------------------------------
    known: list[dict[int, int]]  # per seat: hidden card -> mask of where it may be

    # ----- the cards and rules of this game, from the options (rules.machine) -------------
    config: Config

    # ----- Chance (expansions.chance) -----------------------------------------------------
    chance_deck: list[int]  # top card last
    chance_discard: list[int]
    chance_card: int  # the chance card of the round (-1: none)
    revealer: int  # the seat that revealed it (-1: none yet; D6)
    round_rules: int  # this round's rules (bits REVERSE, NO_REACTIONS)
    extra_moves: list[int]  # each seat's extra preparation moves this round
    chance_vp: list[int]  # each seat's VP scored by chance cards

    # ----- #RelationshipGoals (expansions.goals) ------------------------------------------
    counters: list[list[int]]  # each seat's OBSTACLES_PLAYED, REACTIONS_PLAYED, ..._REMOVED
    goal_row: list[int]  # the goals laid out
    goal_vp_cards: list[int]  # the VP card under each goal (-1: none, 'equal')
    goal_face_up: list[bool]  # whether each goal's worth is face up
    goal_winner: list[int]  # the seat that won each First goal (-1: none yet)
    # Events so far that may change a goal measure (those not in goals.QUIET),
    # counted even when ``record_events`` is off: R18's check runs after
    # them. 0 by default for a state built from a view (no check is due).
    goal_changes: int = 0
    # goal_changes at the last full check of the First goals (every goal then
    # met was won, so none can be met again before the next change).
    goal_checked: int = 0
    goal_scorers: list[list[int]]  # the seats that scored each Game End goal
    unused_goals: list[int]  # goal cards left in the box
    unused_vp_cards: list[int]  # VP cards left in the box
    goal_value_card: int  # 'equal' with goal_vp 0: the VP card that sets the worth (R22)
    goal_value: int  # 'equal': what every goal is worth

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        self._clone_base(c)
        c.stage, c.step, c.round, c.pick = self.stage, self.step, self.round, self.pick
        c.jobs, c.unused_jobs, c.hands = self.jobs[:], self.unused_jobs, self.hands[:]
        c.deck, c.discard = self.deck[:], self.discard[:]
        c.packs, c.picks, c.waiting = self.packs[:], self.picks[:], self.waiting[:]
        c.couples = [z[:] for z in self.couples]
        c.unattached = [z[:] for z in self.unattached]
        c.attached = {k: v[:] for k, v in self.attached.items()}
        c.attached_to, c.attached_by = dict(self.attached_to), dict(self.attached_by)
        c.hearts = dict(self.hearts)
        c.selected, c.table, c.order = self.selected[:], self.table[:], self.order[:]
        c.turn_pos, c.actor, c.moves_left, c.resolved = (
            self.turn_pos, self.actor, self.moves_left, self.resolved)
        c.resolving, c.target_seat, c.target_couple = (
            self.resolving, self.target_seat, self.target_couple)
        c.sender, c.cancelled, c.diverted = self.sender, self.cancelled, self.diverted
        c.react_queue, c.reacting = self.react_queue[:], self.reacting
        c.frames = [f.copy() for f in self.frames]
        c.choice, c.chooser = self.choice, self.chooser
        c.known = [dict(k) for k in self.known]
        c.config = self.config
        self._clone_expansions(c)
        return c

    def _clone_expansions(self, c: LoveFields) -> None:
        c.chance_deck, c.chance_discard = self.chance_deck[:], self.chance_discard[:]
        c.chance_card, c.revealer, c.round_rules = (
            self.chance_card, self.revealer, self.round_rules)
        c.extra_moves, c.chance_vp = self.extra_moves[:], self.chance_vp[:]
        c.counters = [k[:] for k in self.counters]
        c.goal_row, c.goal_vp_cards = self.goal_row[:], self.goal_vp_cards[:]
        c.goal_face_up, c.goal_winner = self.goal_face_up[:], self.goal_winner[:]
        c.goal_changes, c.goal_checked = self.goal_changes, self.goal_checked
        c.goal_scorers = [g[:] for g in self.goal_scorers]
        c.unused_goals, c.unused_vp_cards = self.unused_goals[:], self.unused_vp_cards[:]
        c.goal_value_card, c.goal_value = self.goal_value_card, self.goal_value
