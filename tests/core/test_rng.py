from __future__ import annotations

import pytest

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
    draws = [rng.draw("die", lambda r: "random") for _ in range(3)]
    assert draws == ["H", "S", "random"]
    assert rng.draw("other", lambda r: "x") == "x"


def test_clone_is_independent_and_keeps_the_stack_position() -> None:
    rng = Rng(1, {"die": ["H", "S"]})
    rng.draw("die", lambda r: "r")
    twin = rng.clone()
    assert twin.draw("die", lambda r: "r") == "S"
    assert rng.next64() == twin.next64()
    assert rng.stacked_left("die") == 1 and twin.stacked_left("die") == 0


def test_each_source_has_its_own_stream_whatever_the_others_drew() -> None:
    quiet, busy = Rng(7), Rng(7)
    for _ in range(5):
        busy.draw("deal", lambda r: r.next64())
    busy.next64()
    assert quiet.draw("die", lambda r: r.below(6)) == busy.draw("die", lambda r: r.below(6))
    assert [quiet.draw("deal", lambda r: r.next64()) for _ in range(5)] != [
        quiet.draw("die", lambda r: r.next64()) for _ in range(5)]


def test_a_source_stream_depends_on_the_seed_and_the_name_only() -> None:
    first = Rng(11).draw("deck", lambda r: [r.next64() for _ in range(3)])
    assert Rng(11).draw("deck", lambda r: [r.next64() for _ in range(3)]) == first
    assert Rng(12).draw("deck", lambda r: [r.next64() for _ in range(3)]) != first
    assert Rng(11).draw("deal", lambda r: [r.next64() for _ in range(3)]) != first


def test_a_source_stream_goes_on_where_it_stopped_and_clones_with_the_rng() -> None:
    rng = Rng(3)
    one = rng.draw("dice", lambda r: r.next64())
    twin = rng.clone()
    two = rng.draw("dice", lambda r: r.next64())
    assert two != one and twin.draw("dice", lambda r: r.next64()) == two


def test_a_stacked_outcome_leaves_the_source_stream_where_it_was() -> None:
    stacked, plain = Rng(5, {"die": ["H"]}), Rng(5)
    assert stacked.draw("die", lambda r: r.next64()) == "H"
    assert stacked.draw("die", lambda r: r.next64()) == plain.draw("die", lambda r: r.next64())


def test_with_source_uses_the_stream_without_taking_a_stacked_outcome() -> None:
    rng = Rng(5, {"deck": [[1, 2]]})
    rng.with_source("deck", lambda r: r.next64())
    assert rng.stacked_left("deck") == 1


def test_draw_below_is_draw_of_below_on_the_same_stream() -> None:
    # The fast named draw (issue 15) must give what draw(source, below) gives
    # and leave every stream where it would: across seeds, sources drawn in
    # turn, stacked outcomes first, and bounds near 2**63, where below()
    # rejects about half its draws.
    bounds = [1, 6, 8, 1000, (1 << 63) + 1, (1 << 64) - 3]
    for seed in range(40):
        stack = {"dice": [4, 2]} if seed % 3 == 0 else None
        fast, slow = Rng(seed, stack), Rng(seed, stack)
        for k in range(60):
            source = ("dice", "die", "deal")[k % 3]
            n = bounds[(seed + k) % len(bounds)]
            offset = k % 2
            expected = slow.draw(source, lambda r, n=n, o=offset: r.below(n) + o)
            assert fast.draw_below(source, n, offset) == expected, (seed, k)
        assert fast.clone()._streams == slow.clone()._streams
        assert fast.below(1 << 40) == slow.below(1 << 40)


def test_draw_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).draw_below("dice", 0)


# ----- SplitMix64 in 32-bit halves (the compiled path's arithmetic) ------------
MASK = (1 << 64) - 1


def _reference_next(state: int) -> tuple[int, int]:
    """SplitMix64 as published: the next state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def _reference_below(state: int, n: int) -> tuple[int, int]:
    """Lemire's multiply-shift with rejection on the reference stream."""
    state, z = _reference_next(state)
    m = z * n
    while m & MASK < ((1 << 64) - n) % n:
        state, z = _reference_next(state)
        m = z * n
    return state, m >> 64


def test_the_halves_arithmetic_is_splitmix64_exactly() -> None:
    # Held against the one-int form on random words, both ends of the range
    # and the words whose product with n is just over a multiple of 2**64
    # (the low word below n, where below() goes on to reject: the halves
    # must say -1 exactly there) or just under the next.
    import random

    from cardroom.core import rng as module

    words = [0, 1, MASK, 1 << 32, (1 << 32) - 1, 1 << 63]
    spread = random.Random(15)
    words += [spread.getrandbits(64) for _ in range(20000)]
    for z in words:
        h, lo = module._mix_halves(z >> 32, z & 0xFFFFFFFF)
        assert h << 32 | lo == module._mix(z), z
        h, lo = module._advance(z >> 32, z & 0xFFFFFFFF)
        assert h << 32 | lo == (z + module.GOLDEN) & MASK, z
    for n in [1, 2, 3, 6, 7, 52, 66, 1000, (1 << 20) - 1]:
        over = [-(-(k << 64) // n) for k in range(1, 4)]  # ceil(k * 2**64 / n)
        edges = [z + d for z in over for d in (-1, 0, 1)] + [MASK]
        for z in words[:2000] + [z for z in edges if 0 <= z <= MASK]:
            m = z * n
            expected = -1 if m & MASK < n else m >> 64
            assert module._index(z >> 32, z & 0xFFFFFFFF, n) == expected, (z, n)


def test_every_draw_follows_the_published_splitmix64_stream() -> None:
    # Whichever form this run uses (compiled: halves; pure: one int), next64,
    # below, shuffle and draw_below follow the published generator, for
    # bounds on both sides of the halves' limit.
    for seed in range(30):
        rng, state = Rng(seed), seed
        for n in [2, 6, 13, 60, (1 << 20) - 1, 1 << 20, 1 << 40]:
            state, value = _reference_next(state)
            assert rng.next64() == value
            state, index = _reference_below(state, n)
            assert rng.below(n) == index
        items, expected = list(range(70)), list(range(70))
        for i in range(69, 0, -1):
            state, j = _reference_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng.shuffle(items)
        assert items == expected
    a, b = Rng(3), Rng(3)
    for _ in range(50):
        assert a.draw_below("dice", 6, 1) == b.draw("dice", lambda r: r.below(6) + 1)


def test_a_rejected_draw_takes_the_next_words_as_the_published_method_does() -> None:
    # The state just before 0 mixes to the output 0, whose product with any
    # bound has a low word below it: below(), shuffle() and draw_below()
    # must all go on to the next words as Lemire's method does (on this
    # run's path, halves or one int; at any other state the odds are n / 2**64).
    from cardroom.core.rng import GOLDEN

    before_zero = -GOLDEN & MASK
    for n in [2, 6, 7, 66, (1 << 20) - 1, 1 << 20, 1 << 40]:
        rng = Rng(1)
        rng._s = before_zero
        state, index = _reference_below(before_zero, n)
        assert rng.below(n) == index and rng._s == state
    for back in range(4):  # the rejection lands at the 1st to 4th swap
        start = (before_zero - back * GOLDEN) & MASK
        rng, state = Rng(1), start
        rng._s = start
        items, expected = list(range(30)), list(range(30))
        for i in range(29, 0, -1):
            state, j = _reference_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng.shuffle(items)
        assert items == expected and rng._s == state
    rng = Rng(1)
    rng._streams["dice"] = before_zero
    state, index = _reference_below(before_zero, 6)
    assert rng.draw_below("dice", 6, 1) == index + 1
    assert rng._streams["dice"] == state
