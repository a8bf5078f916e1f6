"""How strong could the search be if it saw every card? An upper bound for
issue 16, not a bot anyone can seat.

The ``clairvoyant`` seat is ``hard`` (the game's ISMCTS budget, playout
policy and prior, capped at ``strengths.HARD_MS``) whose every iteration searches a
copy of the referee state instead of a determinization of its view: the
same search, with perfect information. It plays the arena's duplicate
deals against ``medium`` (or the bot given by ``--against``), every seat
rotation, and prints the arena's table. Where the clairvoyant wins far
more than ``hard`` does, the hidden cards, not the search, hold ``hard``
back.

    .venv/bin/python bench/clairvoyant.py pizzamania --option rounds=1 --deals 25 --seed 1000
"""

from __future__ import annotations

import argparse
from multiprocessing import get_context

from cardroom.arena import Plan, Row, arena_bot, format_table, parse_bot, play_game, summarise
from cardroom.cli.options import collect_options
from cardroom.core.bot import Bot, View, make_bot
from cardroom.core.errors import CardroomError
from cardroom.core.game import Game, State
from cardroom.frontend import load_everything
from cardroom.games import get_game
from cardroom.search.bot import IsmctsBot
from cardroom.search.ismcts import Search

LABEL = "clairvoyant"


class Sighted:
    """A determinizer that deals the true hands: a copy of the referee state."""

    def __init__(self, state: State) -> None:
        self.state = state

    def sample(self) -> State:
        return self.state.clone()


class Clairvoyant(IsmctsBot):
    name = LABEL

    def __init__(self, game: Game, seed: int, table: State) -> None:
        hard = make_bot("hard", game, seed)
        if not isinstance(hard, IsmctsBot):
            raise TypeError(f"hard is a {type(hard).__name__}, not a search")
        super().__init__(game, seed, hard.config)  # hard's budget, from its one definition
        self.table = table

    def new_search(self, view: View) -> Search:
        search = super().new_search(view)
        search.determinizer = Sighted(self.table)
        return search


def seat(label: str, game: Game, seed: int, state: State) -> Bot:
    """The clairvoyant for its label, the arena's bot for any other."""
    return Clairvoyant(game, seed, state) if label == LABEL else arena_bot(label, game, seed, state)


def _work(job: tuple[Plan, int]) -> Row:
    plan, index = job
    return play_game(plan, index, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--against", default="medium", help="the other seats' bot")
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    load_everything()
    lineup = (LABEL, *[args.against] * (args.players - 1))
    try:
        game = get_game(args.game)
        plan = Plan(args.game, lineup, args.deals, args.seed,
                    collect_options(game, args.option, []))
        game.new(plan.players, plan.seed, plan.options)  # bad options fail here
        against = parse_bot(args.against)
        make_bot(against.name, game, 0, against.budget)
    except CardroomError as error:
        parser.error(str(error))
    jobs = [(plan, i) for i in range(plan.games)]
    with get_context("fork").Pool(args.jobs) as pool:
        rows = sorted(pool.map(_work, jobs), key=lambda r: r["index"])
    print(format_table(summarise(plan, rows)))


if __name__ == "__main__":
    main()
