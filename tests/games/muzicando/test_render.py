"""Terminal rendering from a view: bidding history, the layout as it lies
(grid with coordinates, colour columns, colour piles), cards in their
colours, the own hand, blocked players, finish places and the score table."""

from __future__ import annotations

from cardroom.games.muzicando.render import describe_event
from tests.games.muzicando.support import (
    BASE,
    GAME,
    bid_to,
    d15_example,
    fill,
    natural_then_sharp,
    new,
)


def test_render_shows_bidding_piles_hand_and_blocked_players() -> None:
    state = natural_then_sharp()
    state.act(0, "play nY")
    text = GAME.render(state.view(2), False)
    assert "Bidding: seat 1: 1M, you: pass, seat 3: pass, seat 0: pass; seat 1 opens" in text
    assert "contract 1M (Muzicando) by East-West (seat 1)" in text
    assert "red     (DoR) ReR MiR   top MiR" in text  # oval cards in brackets
    assert "yellow  DoY   top DoY   sign nY" in text
    assert "orange  (not open: needs DoO)" in text
    assert "Your hand: LaR #R   (ReO) MiO LaO   ReY (MiY) LaY   LaG" in text
    assert "seat 3  EW    14     blocked (skips next turn)" in text
    assert "you     NS    12     to play" in text


def test_render_colours_cards_by_their_colour() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    state.act(1, "play DoR")
    text = GAME.render(state.view(1), True)
    assert "\x1b[31mDoR" in text or "\x1b[31m(DoR)" in text  # red
    assert "\x1b[38;5;135mSiV" in text or "\x1b[38;5;135m(SiV)" in text  # violet
    assert "\x1b[" not in GAME.render(state.view(1), False)


def test_render_draws_sarabanda_and_glissando_grids_with_coordinates() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1G", "pass", "pass", "pass"])
    state.act(1, "play DoR 0 0")
    state.act(2, "play ReR 1 0")
    text = GAME.render(state.view(0), False)
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("  y\\x"))
    assert header.split()[1:] == ["-1", "0", "1", "2"]
    row = next(line for line in lines if line.split()[:1] == ["0"])
    assert row.split() == ["0", ".", "(DoR)", "ReR", "."]
    assert "row 1: y 0, x 0..1, rising to the right" in text


def test_d15_render_shows_each_row_on_its_own_line() -> None:
    state = d15_example()
    state.act(1, "play SiV 2 2")  # 2 0 is refused (D15); above LaR is a free line
    lines = GAME.render(state.view(0), False).splitlines()
    drawn = {line.split()[0]: line.split()[1:] for line in lines
             if line.split()[:1] in (["2"], ["1"], ["0"])}
    assert drawn == {"2": [".", ".", ".", "(SiV)", "."], "1": [".", ".", "(SolB)", "LaR", "."],
                     "0": [".", "(MiY)", "FaR", ".", "."]}
    rows = [line.strip() for line in lines if line.strip().startswith("row ")]
    assert rows == ["row 1: y 0, x 0..1, rising to the right",
                    "row 2: y 1, x 1..2, rising to the right",
                    "row 3: y 2, x 2..2, direction open"]


def test_render_draws_parada_columns() -> None:
    hands, pile = fill({1: ["SolB", "LaB"]}, 3, 7)
    state = new(3, hands, {"mode": "individual"}, pile=pile)
    state.act(1, "choose P")
    state.act(1, "play SolB")
    text = GAME.render(state.view(1), False)
    assert "chose Parada" in text and "draw pile 35" in text
    header = next(line for line in text.splitlines() if "indigo" in line)
    assert header.split() == ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]
    sol = next(line for line in text.splitlines() if line.startswith("Sol"))
    assert sol.split() == ["Sol", ".", ".", ".", ".", "(SolB)", ".", "."]


def test_render_finish_places_and_the_score_table() -> None:
    from cardroom.core.table import play_out

    state = GAME.new(4, 8, {"deals": 2})
    play_out(state, [GAME.heuristic_bot(s) for s in range(4)])
    text = GAME.render(state.view(0), False)
    assert "Scores:" in text and "game over" in text
    table = text[text.index("Scores:"):].splitlines()
    assert table[1].split() == ["deal", "layout", "contract", "places", "NS", "EW"]
    assert table[-1].split()[0] == "total" and len(table) == 2 + 2 + 1
    assert "out 1st" in text or "stuck" in text


def test_events_read_as_sentences() -> None:
    assert describe_event({"type": "blocked", "seats": [3], "already": [], "by": "#R"}, 0) \
        == "Sharp #R blocks seat 3 for one turn."
    assert describe_event({"type": "hand_over", "seat": 1, "target": 3, "partner": True}, 3) \
        == "Seat 1 laid the rest as the last card: the turn goes to you."
    assert describe_event({"type": "play", "seat": 2, "card": "SolB", "x": 1, "y": -1}, 0) \
        == "Seat 2 played (SolB) at 1 -1."
    assert describe_event({"type": "hand", "seat": 0, "cards": [], "to": [0]}, 0) is None


def test_every_event_of_whole_games_reads_as_a_sentence_or_stays_silent() -> None:
    from cardroom.core.table import play_out

    silent = {"hand"}
    for players, options in ((4, {"deals": 1}), (3, {"mode": "individual", "deals": 3})):
        state = GAME.new(players, 31, options)
        play_out(state, [GAME.heuristic_bot(s) for s in range(players)])
        for event in state.log:
            for viewer in (None, 0, 1):
                text = GAME.describe_event(event, viewer)
                if event["type"] in silent:
                    continue
                if event["type"] == "blocked" and not event["seats"]:
                    assert text is None
                    continue
                assert text and text[0].isupper() and text.endswith("."), (event, text)


def test_sentences_about_you_use_you_forms() -> None:
    state = new(4, BASE)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    text = GAME.render(state.view(1), False)
    assert "; you open" in text and "(empty: you open)" in text and "you opens" not in text
    contract = next(e for e in state.log if e["type"] == "contract")
    assert describe_event(contract, 1) == "Contract 1M for your side; you open."
    assert describe_event({"type": "stuck", "seat": 2, "cards_left": [0, 0, 3, 0]}, 2) \
        == "Nobody can play on: you are stuck in last place."
    individual = {"type": "contract", "contract": "2M", "declarer": 1, "side": [1],
                  "opener": 1}
    assert describe_event(individual, 0) == "Contract 2M for seat 1; seat 1 opens."


def test_deal_end_names_whose_totals_they_are() -> None:
    partnership = {"type": "deal_end", "places": [1, 3, 0, 2], "team_points": [3, 15],
                   "totals": [3, 15, 3, 15]}
    assert describe_event(partnership, 0) == ("Deal over. Places: seat 1, seat 3, you, "
                                              "seat 2. Totals: North-South 3, East-West 15.")
    individual = {"type": "deal_end", "places": [1, 0], "totals": [1, 6]}
    assert describe_event(individual, 1) == ("Deal over. Places: you, seat 0. "
                                             "Totals: seat 0 1, you 6.")
