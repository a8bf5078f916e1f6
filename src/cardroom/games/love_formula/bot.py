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
from cardroom.games.love_formula import botgoals as G
from cardroom.games.love_formula import botmodel as M
from cardroom.games.love_formula.cards import ACTION, CAT, COUPLE, PREP


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
        t = M.read(view)
        step = view["step"]
        if step == "draft":
            return self.best(legal, lambda a: draft_value(t, card_of(a))
                             + 0.3 * G.goal_bonus(view, t, card_of(a)))
        if step == "select":
            return self.best(legal, lambda a: select_value(t, view, card_of(a)))
        if step == "turn":
            return self.turn(t, view, legal)
        if step == "react":
            return self.react(t, view, legal)
        handler = CHOICES.get(view["choice"])
        if handler is None:
            return self.rng.choice(legal)
        return self.best(legal, lambda a: handler(t, view, a))

    def best(self, legal: Sequence[str], score: Callable[[str], float]) -> str:
        """The highest score; ties broken at random (seeded)."""
        scored = [(score(a), self.rng.random(), a) for a in legal]
        return max(scored)[2]

    def turn(self, t: M.Table, view: View, legal: Sequence[str]) -> str:
        finish = next(a for a in legal if a in ("resolve", "end"))
        table = view["table"][t.me]
        if finish == "resolve" and table and CAT.type[CAT.by_id[table]] == COUPLE:
            return finish  # play the couple first, then move a preparation onto it
        moves = [a for a in legal if a.startswith(("move", "detach"))]
        if not moves:
            return finish
        best = self.best(moves, lambda a: move_value(t, a))
        return best if move_value(t, best) > 0.05 else finish

    def react(self, t: M.Table, view: View, legal: Sequence[str]) -> str:
        against = CAT.by_id[view["resolving"]["card"]]
        answers = [a for a in legal if a.startswith("react")]
        if not answers:
            return "pass"
        goal = max(G.goal_bonus(view, t, card_of(a)) for a in answers)
        if goal < 1.0 and (CAT.jobs >> against & 1 or (
                CAT.type[against] == ACTION and M.action_value(t, against) < 0.8)):
            return "pass"  # not worth a reaction (unless it wins a goal)
        return answers[0]


def select_value(t: M.Table, view: View, card: int) -> float:
    """This round's card: its own worth, the goals it brings closer, the chance rules."""
    return M.card_value(t, card) + G.goal_bonus(view, t, card) + G.chance_adjust(view, card)


def draft_value(t: M.Table, card: int) -> float:
    kind = CAT.type[card]
    mine = [c for c in t.hand if CAT.type[c] == COUPLE] + [c.card for c in t.mine()]
    if kind == COUPLE:
        return 0.6 + 0.5 * M.couple_promise(t, card, [])
    if kind == PREP:
        wanted = [c for c in mine if CAT.match[card] in CAT.requires[c]
                  and CAT.match[card] not in M.held_designs(t)]
        return 1.0 + max((CAT.vp_perfect[c] / len(CAT.requires[c]) for c in wanted), default=0)
    return 0.3 + M.effect_worth(card)


def move_value(t: M.Table, action: str) -> float:
    words = action.split()
    prep = CAT.by_id[words[1]]
    source = next((c for c in t.mine() if prep in c.preps), None)
    if words[0] == "detach":  # only worth it to save it from a couple about to end
        return 1.0 if source and source.doomed(1) else -1.0
    target = t.couple(CAT.by_id[words[2]])
    return M.move_gain(t, prep, target) if target else -1.0


def place_value(t: M.Table, view: View, action: str) -> float:
    prep = CAT.by_id[view["frames"][-1][5]]
    if action == "leave":
        return 0.1
    if action.startswith("attach"):
        target = t.couple(card_of(action))
        return 0.1 + M.attach_gain(t, prep, target) if target else 0.0
    return -keep_value(t, card_of(action))  # discard the less useful of the two


def keep_value(t: M.Table, card: int) -> float:
    if CAT.type[card] == PREP:
        mine = [c for c in t.hand if CAT.type[c] == COUPLE] + [c.card for c in t.mine()]
        return 1.0 + sum(1 for c in mine if CAT.match[card] in CAT.requires[c])
    return M.card_value(t, card)


def target_value(t: M.Table, view: View, action: str) -> float:
    card = CAT.by_id[view["resolving"]["card"]]
    couple = t.couple(card_of(action))
    if couple is None:
        return 0.0
    if couple.owner != t.me:
        return M.obstacle_damage(t, card, couple)
    return couple.vp() + len(couple.preps) + sum(
        M.obstacle_harm(t, o, couple) for o in couple.obstacles)


def redirect_value(t: M.Table, view: View, action: str) -> float:
    """Wingman sent my obstacle back: the couple of mine where it hurts least."""
    couple = t.couple(card_of(action))
    obstacle = CAT.by_id[view["resolving"]["card"]]
    return -M.obstacle_damage(t, obstacle, couple) if couple else 0.0


def seat_value(t: M.Table, view: View, action: str) -> float:
    seat = int(arg(action))
    size: int = view["hand_sizes"][seat]
    return float(view["scores"][seat]) + 0.1 * size


def take_value(t: M.Table, view: View, action: str) -> float:
    return keep_value(t, card_of(action))


def discard_value(t: M.Table, view: View, action: str) -> float:
    return -keep_value(t, card_of(action))


def remove_value(t: M.Table, view: View, action: str) -> float:
    obstacle = card_of(action)
    host = next((c for c in t.mine() if obstacle in c.obstacles), None)
    return M.obstacle_harm(t, obstacle, host) if host else 0.0


def hurt_value(t: M.Table, view: View, action: str) -> float:
    """Amnesia or Childhood Friend: the preparation whose loss hurts most."""
    prep = card_of(action)
    couple = t.couple(CAT.by_id[view["resolving"]["couple"]])
    mine = take_value(t, view, action) if action.startswith("take") else 0.0
    return mine + (0.5 if couple and not couple.missing() else 0.0) + 0.01 * prep


def wipe_value(t: M.Table, view: View, action: str) -> float:
    """A joker wipes out a date: the couple whose preparations are worth most."""
    couple = t.couple(card_of(action))
    if couple is None:
        return 0.0
    lost = len(couple.preps) + (couple.vp() - 1 if not couple.missing() else 0.5)
    return lost * t.leader_weight(couple.owner)


def intercept_value(t: M.Table, view: View, action: str) -> float:
    couple = t.couple(card_of(action))
    return CAT.vp_perfect[couple.card] / max(1, len(couple.missing())) if couple else 0.0


CHOICES: Mapping[str, Callable[[M.Table, View, str], float]] = {
    "place": place_value, "target": target_value, "redirect": redirect_value,
    "look": seat_value, "skip": seat_value, "take_discarded": take_value,
    "steal": take_value, "take_loose": take_value, "discard": discard_value,
    "remove": remove_value, "discard_attached": hurt_value, "take_attached": hurt_value,
    "intercept": intercept_value, "wipe": wipe_value,
}
