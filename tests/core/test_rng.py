from __future__ import annotations

from cardroom.core.rng import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()


def test_below_stays_in_range_and_covers_it() -> None:
    rng = Rng(3)
    seen = {rng.below(7) for _ in range(500)}
    assert seen == set(range(7))


def test_below_is_roughly_uniform() -> None:
    rng = Rng(9)
    counts = [0] * 4
    for _ in range(8000):
        counts[rng.below(4)] += 1
    assert all(1800 < c < 2200 for c in counts), counts


def test_shuffle_is_a_permutation() -> None:
    items = list(range(60))
    Rng(5).shuffle(items)
    assert sorted(items) == list(range(60)) and items != list(range(60))


def test_stacked_outcomes_come_first_in_order_then_random() -> None:
    rng = Rng(1, {"die": ["H", "S"]})
    draws = [rng.draw("die", lambda: "random") for _ in range(3)]
    assert draws == ["H", "S", "random"]
    assert rng.draw("other", lambda: "x") == "x"


def test_clone_is_independent_and_keeps_the_stack_position() -> None:
    rng = Rng(1, {"die": ["H", "S"]})
    rng.draw("die", lambda: "r")
    twin = rng.clone()
    assert twin.draw("die", lambda: "r") == "S"
    assert rng.next64() == twin.next64()
    assert rng.stacked_left("die") == 1 and twin.stacked_left("die") == 0


def test_reseeded_changes_the_stream_only() -> None:
    rng = Rng(1)
    assert rng.reseeded(2).next64() == Rng(2).next64()
