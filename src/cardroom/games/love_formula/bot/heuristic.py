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

from cardroom.core.bot import Bot, View
from cardroom.core.rng import Rng
from cardroom.games.love_formula.bot import goals, model
from cardroom.games.love_formula.bot.model import Table
from cardroom.games.love_formula.cards.catalog import ACTION, CAT, COUPLE, PREP


def arg(action: str, i: int = 1) -> str:
    return action.split()[i]


def card_of(action: str) -> int:
    return CAT.by_id[action.split()[-1]]


class LoveHeuristic(Bot):
    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        table = model.read(view)
        step = view["step"]
        if step == "draft":
            return self.best(legal, lambda a: draft_value(table, card_of(a))
                             + 0.3 * goals.goal_bonus(view, table, card_of(a)))
        if step == "select":
            return self.best(legal, lambda a: select_value(table, view, card_of(a)))
        if step == "turn":
            return self.turn(table, view, legal)
        if step == "react":
            return self.react(table, view, legal)
        handler = CHOICES.get(view["choice"])
        if handler is None:
            return self.rng.choice(legal)
        return self.best(legal, lambda a: handler(table, view, a))

    def best(self, legal: Sequence[str], score: Callable[[str], float]) -> str:
        """The highest score; ties broken at random (seeded)."""
        scored = [(score(a), self.rng.random(), a) for a in legal]
        return max(scored)[2]

    def turn(self, table: Table, view: View, legal: Sequence[str]) -> str:
        finish = next(a for a in legal if a in ("resolve", "end"))
        mine = view["table"][table.me]
        if finish == "resolve" and mine and CAT.type[CAT.by_id[mine]] == COUPLE:
            return finish  # play the couple first, then move a preparation onto it
        moves = [a for a in legal if a.startswith(("move", "detach"))]
        if not moves:
            return finish
        best = self.best(moves, lambda a: move_value(table, a))
        return best if move_value(table, best) > 0.05 else finish

    def react(self, table: Table, view: View, legal: Sequence[str]) -> str:
        against = CAT.by_id[view["resolving"]["card"]]
        answers = [a for a in legal if a.startswith("react")]
        if not answers:
            return "pass"
        goal = max(goals.goal_bonus(view, table, card_of(a)) for a in answers)
        if goal < 1.0 and (CAT.jobs >> against & 1 or (
                CAT.type[against] == ACTION and model.action_value(table, against) < 0.8)):
            return "pass"  # not worth a reaction (unless it wins a goal)
        return answers[0]


def select_value(table: Table, view: View, card: int) -> float:
    """This round's card: its own worth, the goals it brings closer, the chance rules."""
    return (model.card_value(table, card) + goals.goal_bonus(view, table, card)
            + goals.chance_adjust(view, card))


def draft_value(table: Table, card: int) -> float:
    kind = CAT.type[card]
    mine = [c for c in table.hand if CAT.type[c] == COUPLE] + [c.card for c in table.mine()]
    if kind == COUPLE:
        return 0.6 + 0.5 * model.couple_promise(table, card, [])
    if kind == PREP:
        wanted = [c for c in mine if CAT.match[card] in CAT.requires[c]
                  and CAT.match[card] not in model.held_designs(table)]
        return 1.0 + max((CAT.vp_perfect[c] / len(CAT.requires[c]) for c in wanted), default=0)
    return 0.3 + model.effect_worth(card)


def move_value(table: Table, action: str) -> float:
    words = action.split()
    prep = CAT.by_id[words[1]]
    source = next((c for c in table.mine() if prep in c.preps), None)
    if words[0] == "detach":  # only worth it to save it from a couple about to end
        return 1.0 if source and source.doomed(1) else -1.0
    target = table.couple(CAT.by_id[words[2]])
    return model.move_gain(table, prep, target) if target else -1.0


def place_value(table: Table, view: View, action: str) -> float:
    prep = CAT.by_id[view["frames"][-1][5]]
    if action == "leave":
        return 0.1
    if action.startswith("attach"):
        target = table.couple(card_of(action))
        return 0.1 + model.attach_gain(table, prep, target) if target else 0.0
    return -keep_value(table, card_of(action))  # discard the less useful of the two


def keep_value(table: Table, card: int) -> float:
    if CAT.type[card] == PREP:
        mine = [c for c in table.hand if CAT.type[c] == COUPLE] + [c.card for c in table.mine()]
        return 1.0 + sum(1 for c in mine if CAT.match[card] in CAT.requires[c])
    return model.card_value(table, card)


def target_value(table: Table, view: View, action: str) -> float:
    card = CAT.by_id[view["resolving"]["card"]]
    couple = table.couple(card_of(action))
    if couple is None:
        return 0.0
    if couple.owner != table.me:
        return model.obstacle_damage(table, card, couple)
    return couple.vp() + len(couple.preps) + sum(
        model.obstacle_harm(table, o, couple) for o in couple.obstacles)


def redirect_value(table: Table, view: View, action: str) -> float:
    """Wingman sent my obstacle back: the couple of mine where it hurts least."""
    couple = table.couple(card_of(action))
    obstacle = CAT.by_id[view["resolving"]["card"]]
    return -model.obstacle_damage(table, obstacle, couple) if couple else 0.0


def seat_value(table: Table, view: View, action: str) -> float:
    seat = int(arg(action))
    size: int = view["hand_sizes"][seat]
    return float(view["scores"][seat]) + 0.1 * size


def take_value(table: Table, view: View, action: str) -> float:
    return keep_value(table, card_of(action))


def discard_value(table: Table, view: View, action: str) -> float:
    return -keep_value(table, card_of(action))


def remove_value(table: Table, view: View, action: str) -> float:
    obstacle = card_of(action)
    host = next((c for c in table.mine() if obstacle in c.obstacles), None)
    return model.obstacle_harm(table, obstacle, host) if host else 0.0


def hurt_value(table: Table, view: View, action: str) -> float:
    """Amnesia or Childhood Friend: the preparation whose loss hurts most."""
    prep = card_of(action)
    couple = table.couple(CAT.by_id[view["resolving"]["couple"]])
    mine = take_value(table, view, action) if action.startswith("take") else 0.0
    return mine + (0.5 if couple and not couple.missing() else 0.0) + 0.01 * prep


def wipe_value(table: Table, view: View, action: str) -> float:
    """A joker wipes out a date: the couple whose preparations are worth most."""
    couple = table.couple(card_of(action))
    if couple is None:
        return 0.0
    lost = len(couple.preps) + (couple.vp() - 1 if not couple.missing() else 0.5)
    return lost * table.leader_weight(couple.owner)


def intercept_value(table: Table, view: View, action: str) -> float:
    couple = table.couple(card_of(action))
    return CAT.vp_perfect[couple.card] / max(1, len(couple.missing())) if couple else 0.0


CHOICES: Mapping[str, Callable[[Table, View, str], float]] = {
    "place": place_value, "target": target_value, "redirect": redirect_value,
    "look": seat_value, "skip": seat_value, "take_discarded": take_value,
    "steal": take_value, "take_loose": take_value, "discard": discard_value,
    "remove": remove_value, "discard_attached": hurt_value, "take_attached": hurt_value,
    "intercept": intercept_value, "wipe": wipe_value,
}
