"""A heuristic Love Formula player working from its seat's view and the legal
strings only.

Draft: keep couples it can complete with the preparations it holds, and the
preparations its couples need; other cards by what their effect is worth.
Select, by timing: the card worth most this round (a couple before its
preparations, a preparation where it completes or advances a couple, an
obstacle at the leader's best couple while its heart tokens can still run out
before the end, draws while there are rounds left to play what they bring, a
low-priority obstacle over an equal high one since it resolves after this
round's new couples), keeping the Part-Time Job for rounds with nothing
better. It attaches and moves preparations where they complete couples,
rescues them from couples about to end, answers obstacles and costly actions
with its reactions, and picks targets by the damage they do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import cardroom.games.love_formula.bot.goals as goals
import cardroom.games.love_formula.bot.judgement as judgement
from cardroom.core.bot import Bot, Seen
from cardroom.core.rng import Rng
from cardroom.core.views import read_view
from cardroom.games.love_formula.bot.judgement import Position
from cardroom.games.love_formula.cards.catalog import ACTION, CAT, COUPLE, PREP
from cardroom.games.love_formula.viewtypes import VIEW_TYPES


def arg(action: str, i: int = 1) -> str:
    return action.split()[i]


def card_of(action: str) -> int:
    return CAT.by_id[action.split()[-1]]


class LoveHeuristic(Bot):
    name = "heuristic"
    reads_log = False  # its choices read the table, never the events

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        table = judgement.read(read_view(view, lambda _: VIEW_TYPES))
        t = table.view
        if t.step == "draft":
            return self.best(legal, lambda a: draft_value(table, card_of(a))
                             + 0.3 * goals.goal_bonus(table, card_of(a)))
        if t.step == "select":
            return self.best(legal, lambda a: select_value(table, card_of(a)))
        if t.step == "turn":
            return self.turn(table, legal)
        if t.step == "react":
            return self.react(table, legal)
        handler = CHOICES.get(t.choice or "")
        if handler is None:
            return self.rng.choice(legal)
        return self.best(legal, lambda a: handler(table, a))

    def best(self, legal: Sequence[str], score: Callable[[str], float]) -> str:
        """The highest score; ties broken at random (seeded)."""
        scored = [(score(a), self.rng.random(), a) for a in legal]
        return max(scored)[2]

    def turn(self, table: Position, legal: Sequence[str]) -> str:
        finish = next(a for a in legal if a in ("resolve", "end"))
        mine = table.view.table[table.me]
        if finish == "resolve" and mine and CAT.type[CAT.by_id[mine]] == COUPLE:
            return finish  # play the couple first, then move a preparation onto it
        moves = [a for a in legal if a.startswith(("move", "detach"))]
        if not moves:
            return finish
        best = self.best(moves, lambda a: move_value(table, a))
        return best if move_value(table, best) > 0.05 else finish

    def react(self, table: Position, legal: Sequence[str]) -> str:
        against = resolving(table)
        answers = [a for a in legal if a.startswith("react")]
        if not answers:
            return "pass"
        goal = max(goals.goal_bonus(table, card_of(a)) for a in answers)
        if goal < 1.0 and (CAT.jobs >> against & 1 or (
                CAT.type[against] == ACTION and judgement.action_value(table, against) < 0.8)):
            return "pass"  # not worth a reaction (unless it wins a goal)
        return answers[0]


def resolving(table: Position) -> int:
    """The card being resolved (the view has one at steps react and choice)."""
    r = table.view.resolving
    if r is None:
        raise ValueError("no card is being resolved")
    return CAT.by_id[r.card]


def select_value(table: Position, card: int) -> float:
    """This round's card: its own worth, the goals it brings closer, the chance rules."""
    return (judgement.card_value(table, card) + goals.goal_bonus(table, card)
            + goals.chance_adjust(table.view, card))


def draft_value(table: Position, card: int) -> float:
    kind = CAT.type[card]
    mine = [c for c in table.hand if CAT.type[c] == COUPLE] + [c.card for c in table.mine()]
    if kind == COUPLE:
        return 0.6 + 0.5 * judgement.couple_promise(table, card, [])
    if kind == PREP:
        wanted = [c for c in mine if CAT.match[card] in CAT.requires[c]
                  and CAT.match[card] not in judgement.held_designs(table)]
        return 1.0 + max((CAT.vp_perfect[c] / len(CAT.requires[c]) for c in wanted), default=0)
    return 0.3 + judgement.effect_worth(card)


def move_value(table: Position, action: str) -> float:
    words = action.split()
    prep = CAT.by_id[words[1]]
    source = next((c for c in table.mine() if prep in c.preps), None)
    if words[0] == "detach":  # only worth it to save it from a couple about to end
        return 1.0 if source and source.doomed(1) else -1.0
    target = table.couple(CAT.by_id[words[2]])
    return judgement.move_gain(table, prep, target) if target else -1.0


def place_value(table: Position, action: str) -> float:
    subject = table.view.frames[-1][5]
    if subject is None:
        raise ValueError("no preparation is being placed")
    prep = CAT.by_id[subject]
    if action == "leave":
        return 0.1
    if action.startswith("attach"):
        target = table.couple(card_of(action))
        return 0.1 + judgement.attach_gain(table, prep, target) if target else 0.0
    return -keep_value(table, card_of(action))  # discard the less useful of the two


def keep_value(table: Position, card: int) -> float:
    if CAT.type[card] == PREP:
        mine = [c for c in table.hand if CAT.type[c] == COUPLE] + [c.card for c in table.mine()]
        return 1.0 + sum(1 for c in mine if CAT.match[card] in CAT.requires[c])
    return judgement.card_value(table, card)


def target_value(table: Position, action: str) -> float:
    card = resolving(table)
    couple = table.couple(card_of(action))
    if couple is None:
        return 0.0
    if couple.owner != table.me:
        return judgement.obstacle_damage(table, card, couple)
    return couple.vp + len(couple.preps) + sum(
        judgement.obstacle_harm(table, o, couple) for o in couple.obstacles)


def redirect_value(table: Position, action: str) -> float:
    """Wingman sent my obstacle back: the couple of mine where it hurts least."""
    couple = table.couple(card_of(action))
    obstacle = resolving(table)
    return -judgement.obstacle_damage(table, obstacle, couple) if couple else 0.0


def seat_value(table: Position, action: str) -> float:
    seat = int(arg(action))
    return float(table.vp[seat]) + 0.1 * table.view.hand_sizes[seat]


def take_value(table: Position, action: str) -> float:
    return keep_value(table, card_of(action))


def discard_value(table: Position, action: str) -> float:
    return -keep_value(table, card_of(action))


def remove_value(table: Position, action: str) -> float:
    obstacle = card_of(action)
    host = next((c for c in table.mine() if obstacle in c.obstacles), None)
    return judgement.obstacle_harm(table, obstacle, host) if host else 0.0


def hurt_value(table: Position, action: str) -> float:
    """Amnesia or Childhood Friend: the preparation whose loss hurts most."""
    prep = card_of(action)
    r = table.view.resolving
    target = r.couple if r else None
    if target is None:
        raise ValueError("no couple is targeted")
    couple = table.couple(CAT.by_id[target])
    mine = take_value(table, action) if action.startswith("take") else 0.0
    return mine + (0.5 if couple and not couple.missing() else 0.0) + 0.01 * prep


def wipe_value(table: Position, action: str) -> float:
    """A joker wipes out a date: the couple whose preparations are worth most."""
    couple = table.couple(card_of(action))
    if couple is None:
        return 0.0
    lost = len(couple.preps) + (couple.vp - 1 if not couple.missing() else 0.5)
    return lost * table.leader_weight(couple.owner)


def intercept_value(table: Position, action: str) -> float:
    couple = table.couple(card_of(action))
    return CAT.vp_perfect[couple.card] / max(1, len(couple.missing())) if couple else 0.0


CHOICES: Mapping[str, Callable[[Position, str], float]] = {
    "place": place_value, "target": target_value, "redirect": redirect_value,
    "look": seat_value, "skip": seat_value, "take_discarded": take_value,
    "steal": take_value, "take_loose": take_value, "discard": discard_value,
    "remove": remove_value, "discard_attached": hurt_value, "take_attached": hurt_value,
    "intercept": intercept_value, "wipe": wipe_value,
}
