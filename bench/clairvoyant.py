"""How strong could the search be if it saw every card? An upper bound for
issue 16, not a bot anyone can seat.

The ``clairvoyant`` seat is ``hard`` (the game's ISMCTS budget, playout
policy and prior, capped at ``strengths.HARD_MS``) whose every iteration searches a
copy of the referee state instead of a determinization of its view: the
same search, with perfect information. It plays the arena's duplicate
deals against ``medium`` (or the bot given by ``--against``), every seat
rotation, and prints the arena's table.

The referee state holds more than the hands: the future chance already
drawn (Pizzamania's base deck in its order, the state's random sources).
``--sees hands`` separates the two: every iteration searches the true
hands, but with that future drawn anew, as no player could know it. Where
``--sees hands`` wins far more than ``hard`` does, reading the hidden cards
would pay; where only ``--sees everything`` does, the edge is foreknowledge
of chance, which no fair bot can have.

    .venv/bin/python bench/clairvoyant.py pizzamania --option rounds=1 --deals 25 --seed 1000
    .venv/bin/python bench/clairvoyant.py pizzamania --sees hands --option rounds=1 --deals 25
"""

from __future__ import annotations

import argparse
from functools import partial
from multiprocessing import get_context
from typing import Any

from cardroom.arena import Plan, Row, arena_bot, format_table, parse_bot, play_game, summarise
from cardroom.cli.options import collect_options
from cardroom.core.bot import Bot, Seen, make_bot
from cardroom.core.errors import CardroomError
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.games import get_game
from cardroom.plugins import load_everything
from cardroom.search.bot import IsmctsBot
from cardroom.search.ismcts import Search

LABEL = "clairvoyant"
SEES = ("everything", "hands")

# Per game: the state's list of cards still to come, in the order they will
# come (Pizzamania's bases still to turn, Pile up's draw pile).
FUTURE: dict[str, str] = {"pizzamania": "base_deck", "pile-up": "pile"}


def redraw(state: Any, future: str, shuffler: Shuffler) -> None:
    """The cards still to come in a new order, and new random sources (the
    dice, a reshuffle of Pizzamania's set-aside bases, D7, later deals)."""
    shuffler.shuffle(getattr(state, future))
    state.rng = shuffler.next_rng()


class Sighted:
    """A determinizer that deals the true hands: a copy of the referee
    state, with its future chance drawn anew when ``future`` is named."""

    def __init__(self, state: State, future: str | None, rng: Rng) -> None:
        self.state = state
        self.future = future
        self.shuffler = Shuffler(rng)

    def sample(self) -> State:
        copy = self.state.clone()
        if self.future is not None:
            redraw(copy, self.future, self.shuffler)
        return copy


class Clairvoyant(IsmctsBot):
    name = LABEL

    def __init__(self, game: Game, seed: int, table: State, sees: str = "everything") -> None:
        if sees == "hands" and game.id not in FUTURE:
            raise CardroomError(f"--sees hands: no way to redraw {game.name}'s future chance "
                                f"here (known: {', '.join(FUTURE)})")
        hard = make_bot("hard", game, seed)
        if not isinstance(hard, IsmctsBot):
            raise TypeError(f"hard is a {type(hard).__name__}, not a search")
        super().__init__(game, seed, hard.config)  # hard's budget, from its one definition
        self.table = table
        self.future = FUTURE[game.id] if sees == "hands" else None

    def new_search(self, view: Seen) -> Search:
        search = super().new_search(view)
        search.determinizer = Sighted(self.table, self.future, Rng(self.rng.next64()))
        return search


def seat(sees: str, label: str, game: Game, seed: int, state: State) -> Bot:
    """The clairvoyant for its label, the arena's bot for any other."""
    if label == LABEL:
        return Clairvoyant(game, seed, state, sees)
    return arena_bot(label, game, seed, state)


def _work(job: tuple[Plan, int, str]) -> Row:
    plan, index, sees = job
    return play_game(plan, index, partial(seat, sees))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--against", default="medium", help="the other seats' bot")
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--sees", choices=SEES, default="everything",
                        help="everything: the referee state as it is; hands: the true hands, "
                             "with the future chance drawn anew")
    args = parser.parse_args()
    load_everything()
    lineup = (LABEL, *[args.against] * (args.players - 1))
    try:
        game = get_game(args.game)
        plan = Plan(args.game, lineup, args.deals, args.seed,
                    collect_options(game, args.option, []))
        first = game.new(plan.players, plan.seed, plan.options)  # bad options fail here
        against = parse_bot(args.against)
        make_bot(against.name, game, 0, against.budget)
        Clairvoyant(game, 0, first, args.sees)  # and a --sees the game cannot do
    except CardroomError as error:
        parser.error(str(error))
    jobs = [(plan, i, args.sees) for i in range(plan.games)]
    with get_context("fork").Pool(args.jobs) as pool:
        rows = sorted(pool.map(_work, jobs), key=lambda r: r["index"])
    print(f"clairvoyant sees: {args.sees}")
    print(format_table(summarise(plan, rows)))


if __name__ == "__main__":
    main()
