"""Every log sentence of every game, as a real Chromium words it.

Seeded games of every game (several player counts, Love Formula's
expansions) are played out with random legal moves; every event of every
viewer's log is then told by the game's own ``describe(event, ctx)`` in each
language, with a ``ctx`` built as the table builds it (``table/context.js``).
A sentence must not keep a ``{placeholder}``, show ``undefined``, ``null`` or
``NaN``, be empty, be a bare catalog key or have an empty value filled in
(two spaces, a colon followed by nothing). Love Formula's counted sentences
must use the plural form of their count, and its card faces must show every
title and type whole in every language.

Ukrainian and Russian cannot decline a seat's name ("бот «Легкий» 2", a
person's chosen name) nor know its gender, so their sentences put a seat
where the nominative stands (a subject, after a colon, in brackets) and
never a masculine past or short form on a seat or the viewer: checked in the
catalogs' every text and in the sentences of real games. Pile up's cards
("червона 4") stand in the nominative too."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardroom.protocol.session import Session
from tests.pages.browser import Server
from tests.pages.test_catalogs import strings

LANGS = ["en", "uk", "ru", "ja"]
# (players, options) per game: the smallest and largest tables and the
# options that bring their own events.
PLAYS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "love-formula": [
        (2, {}), (3, {"chance": True}), (4, {"chance": True, "goals": True}),
        (3, {"goals": True, "goals_variant": "hidden"}),
        (2, {"goals": True, "goals_variant": "equal", "goal_vp": 0}),
        (4, {"goals": True, "goals_variant": "open", "promo": "add"}),
        (3, {"promo": "replace", "chance": True}),
    ],
    "muzicando": [(2, {}), (4, {"mode": "partnership", "bidding": True}),
                  (5, {"mode": "individual"}), (8, {})],
    "papayoo": [(3, {}), (5, {}), (8, {})],
    "pile-up": [(2, {}), (3, {}), (5, {})],
    "pizzamania": [(2, {}), (4, {"simple": True}), (8, {})],
}
SEEDS = (1, 2)
LEFT_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NOT_A_VALUE = re.compile(r"\b(undefined|null|NaN)\b|\[object Object\]")
BARE_KEY = re.compile(r"^[\w-]+(\.[\w-]+)+$")
# An empty value filled in: two spaces, a colon with nothing after it, "()",
# a Japanese particle with no word before it.
EMPTY_VALUE = re.compile(r"\S {2,}\S|: *[.;,]|\( *\)|: *$|[:：、。（(] *[はがをにも]")

# Words the page's context needs: imported inside the page, so the modules
# are the ones the server serves.
RENDER = """async ({game, lang, players, logs}) => {
  const { loadGame } = await import("/static/lib/games.js");
  const { gameContext } = await import("/static/table/context.js");
  const { module, t } = await loadGame(game, lang);
  // A person in seat 0 and bots elsewhere, as a table with bots has them.
  const seats = Array.from({ length: players }, (_, s) => (s === 0
    ? { kind: "person", name: "Newbie" } : { kind: "bot", bot: "easy" }));
  const info = { players, seats };
  return logs.map(([seat, log]) => log.map((event, i) => {
    const ctx = gameContext({ t, lang, info, seat, log: log.slice(0, i + 1) });
    try {
      const line = module.describe(event, ctx);
      return line === null || line === undefined ? null : String(line);
    } catch (err) {
      return `!threw: ${err}`;
    }
  }));
}"""


def viewer_logs(game: str, players: int, options: dict[str, Any],
                seed: int) -> list[tuple[int | None, list[dict[str, Any]]]]:
    """A seeded game played to the end with random legal moves; each
    viewer's log (the public's and every seat's)."""
    session = Session()
    started = session.handle({"cmd": "new", "game": game, "players": players, "seed": seed,
                              "options": options})
    assert started["ok"], started
    rng = random.Random(seed)
    for _ in range(20_000):
        view = session.handle({"cmd": "view", "seat": None})["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        actions = session.handle({"cmd": "legal", "seat": seat})["actions"]
        session.handle({"cmd": "act", "seat": seat, "action": rng.choice(actions)})
    assert view["over"], f"{game} {players} {options}: not over after 20000 moves"
    viewers: list[int | None] = [None, *range(players)]
    return [(v, session.handle({"cmd": "view", "seat": v})["view"]["log"]) for v in viewers]


def faults(text: str | None) -> list[str]:
    """What is wrong with one sentence (nothing for a ``null``: not told)."""
    if text is None:
        return []
    found = []
    if text.startswith("!threw"):
        found.append("describe threw")
    if not text.strip():
        found.append("empty")
    if LEFT_PLACEHOLDER.search(text):
        found.append("placeholder left")
    if NOT_A_VALUE.search(text):
        found.append("not a value")
    if BARE_KEY.match(text.strip()):
        found.append("bare catalog key")
    if EMPTY_VALUE.search(text):
        found.append("empty value")
    return found


@pytest.fixture(scope="module")
def page(browser: Any, server: Server) -> Any:
    context = browser.new_context(locale="en-US")
    opened = context.new_page()
    opened.goto(f"{server.base}/")
    yield opened
    context.close()


def sentences(page: Any, game: str, lang: str, players: int,
              logs: Sequence[tuple[int | None, list[dict[str, Any]]]]) -> list[list[str | None]]:
    told: list[list[str | None]] = page.evaluate(RENDER, {
        "game": game, "lang": lang, "players": players, "logs": logs})
    return told


# The sentences told of each game's plays, kept for the module's tests.
TOLD: dict[str, list[tuple[str, dict[str, Any], str | None]]] = {}


def told_events(page: Any, game: str) -> list[tuple[str, dict[str, Any], str | None]]:
    """(language, event, sentence) for every event of every viewer's log of
    the game's seeded plays."""
    if game in TOLD:
        return TOLD[game]
    told = []
    for players, options in PLAYS[game]:
        for seed in SEEDS:
            logs = viewer_logs(game, players, options, seed)
            for lang in LANGS:
                lines = sentences(page, game, lang, players, logs)
                for (_, log), said in zip(logs, lines, strict=True):
                    told += [(lang, event, line)
                             for event, line in zip(log, said, strict=True)]
    TOLD[game] = told
    return told


@pytest.mark.parametrize("game", list(PLAYS))
def test_every_sentence_of_real_games_is_whole(page: Any, game: str) -> None:
    told = told_events(page, game)
    problems: dict[tuple[str, str, str], str] = {}
    for lang, event, line in told:
        for fault in faults(line):
            problems.setdefault((event["type"], lang, fault), f"{line!r} from {event}")
    report = "\n".join(f"{game} {kind} [{lang}] {fault}: {example}"
                       for (kind, lang, fault), example in sorted(problems.items()))
    assert any(line is not None for _, _, line in told), f"{game}: no event was told at all"
    assert not problems, f"{len(problems)} faulty sentences:\n{report}"


# ---- Ukrainian and Russian: names, cases and gender -----------------------------

STATIC = Path(str(resources.files("cardroom.server") / "static"))
SLAVIC = ("uk", "ru")
# A seat as a catalog names it (the placeholders that take ctx.name), and as
# the page shows it in RENDER's seats: "Newbie" and the easy bots.
SEAT_PARAM = r"\{(?:name|names|to|from|target|by|owner|opener)\}"
SEAT_SHOWN = r"(?:Newbie|бот «[^»]+» \d+)"
PREPOSITIONS = {
    "uk": "з із зі зо до від од для у в уві к на про при по за без біля після перед під над "
          "через серед між о об поміж проти крім окрім",
    "ru": "с со до от для у в во к ко на про при по за без около после перед под над через "
          "среди между о об обо из изо против кроме",
}
# Nouns in an oblique case: a name after them would have to follow their
# case ("гравця {name}", "игроку {to}").
OBLIQUE_NOUNS = {
    "uk": "гравця гравцю гравцеві гравцем гравцях гравців гравцям "
          "суперника супернику суперникові суперником",
    "ru": "игрока игроку игроком игроке игроков игрокам соперника сопернику соперником сопернике",
}
# A masculine past verb or short form ("вибрав", "застряг", "заблокований";
# "выбрал", "ушёл", "вернулся", "обязан"): a seat's gender assumed.
MASCULINE = {
    "uk": r"\w+(?:ав|ив|ів|їв|ов|ув|яв|вся|ряг|ний|тий)",
    "ru": r"\w+(?:ал|ял|ел|ёл|ил|ыл|ол|ул|ался|ялся|ился|ылся|улся|олся|ёлся|елся|шёл|ряг|ан|ен|ён)"
          r"|должен|обязан",
}
# The viewer as a man: "ви вийшли першим", "вы заказываете первым",
# "Первым сыграйте", "первым избавьтесь".
VIEWER_MASCULINE = {
    "uk": re.compile(r"\bви\b[^.;:!?]*?\b(?:першим|другим|третім|останнім|єдиним)\b"
                     r"|\b(?:першим|другим|останнім)\s+\w+(?:те|іть)(?:ся)?\b", re.IGNORECASE),
    "ru": re.compile(r"\bвы\b[^.;:!?]*?\b(?:первым|вторым|третьим|последним|единственным)\b"
                     r"|\b(?:первым|вторым|последним)\s+\w+те(?:сь)?\b", re.IGNORECASE),
}
# Words that stand alone for a seat or the viewer ("away", "I'm back").
STATUS_KEYS = {"shared": ("seat.away", "seat.left", "seat.to_act", "seat.thinking",
                          "table.im_back"),
               "muzicando": ("out",)}
CATALOG_PATHS = {"shared": "i18n/{lang}.json", "lobby": "i18n/lobby.{lang}.json",
                 **{game: f"games/{game}/{{lang}}.json" for game in PLAYS}}


def words(spaced: str) -> str:
    return "|".join(spaced.split())


def seat_faults(lang: str, text: str, seat: str) -> list[str]:
    """A seat (``seat``, a pattern) after a preposition or an oblique noun,
    or next to a masculine past or short form."""
    found = []
    checks = {
        "after a preposition": rf"(?<![\w-])(?:{words(PREPOSITIONS[lang])})\s+{seat}",
        "after an oblique noun": rf"(?<![\w-])(?:{words(OBLIQUE_NOUNS[lang])})\s+{seat}",
        "with a masculine form": rf"{seat}\s+(?:{MASCULINE[lang]})\b"
                                 rf"|(?<![\w-])(?:{MASCULINE[lang]})\s+{seat}",
    }
    for what, pattern in checks.items():
        found += [f"seat name {what}: {m.group(0)!r}"
                  for m in re.finditer(pattern, text, re.IGNORECASE)]
    found += [f"the viewer as a man: {m.group(0)!r}"
              for m in VIEWER_MASCULINE[lang].finditer(text)]
    return found


def nominative_spot(text: str, start: int) -> bool:
    """Whether what begins at ``start`` stands where the nominative is
    right: at the start, after a colon, in brackets or in a list."""
    return re.search(r"(?:^|: |\(|, )$", text[:start]) is not None


def catalog(name: str, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (STATIC / CATALOG_PATHS[name].format(lang=lang)).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", list(CATALOG_PATHS))
def test_uk_ru_catalogs_keep_seats_nominative_and_gender_open(name: str) -> None:
    problems = []
    for lang in SLAVIC:
        for key, value in catalog(name, lang).items():
            for text in set(strings(value)):
                problems += [f"{name} {lang} {key}: {p}"
                             for p in seat_faults(lang, text, SEAT_PARAM)]
                if key in STATUS_KEYS.get(name, ()):
                    problems += [f"{name} {lang} {key}: a masculine form: {m.group(0)!r}"
                                 for m in re.finditer(rf"\b(?:{MASCULINE[lang]})\b", text)]
                if name == "pile-up":
                    # "червона 4" cannot follow "кладе" or "немає карти".
                    problems += [f"{name} {lang} {key}: a card out of the nominative in {text!r}"
                                 for m in re.finditer(r"\{cards?\}", text)
                                 if not nominative_spot(text, m.start())]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_the_checks_catch_the_faults_they_name() -> None:
    caught = {
        "uk": ["Остання взятка, забрав {name}", "{name} отримує {cards} від {from}.",
               "Хід гравця {name} переходить до {to}.", "{name} застряг із картами.",
               "{name} заблокований і пропускає хід.", "Ви вийшли першим, тож",
               "ви замовляєте першим: замовте", "Першим зіграйте всі карти.",
               "першим позбудьтеся карт."],
        "ru": ["У {name} нет никаких карт.", "Четыре паса: {name} обязан заказать.",
               "{card} отменена игроком {by}.", "{name} сыграл все карты.",
               "Вы вышли первым, значит", "Первым сыграйте все карты.",
               "первым избавьтесь от карт."],
    }
    passed = {
        "uk": ["{name} отримує {cards} (передає {from}).", "{name}: пауза скінчилася.",
               "Пропустити хід: {name}", "Перемагає {names}", "Ходить {name}: {card}.",
               "Перше місце ваше, тож", "тому, хто першим їх виконав",
               "позбудьтеся карт раніше за всіх."],
        "ru": ["{name}: карт нет совсем, ход пропущен.", "Карту «{card}» отменяет {by}.",
               "Цель: пара «{couple}» ({name})", "Побеждает {names}", "Первое место ваше"],
    }
    for lang in SLAVIC:
        for text in caught[lang]:
            assert seat_faults(lang, text, SEAT_PARAM), (lang, text)
        for text in passed[lang]:
            assert not seat_faults(lang, text, SEAT_PARAM), (lang, text)
    assert not nominative_spot("{name} кладе {card}.", 12)
    assert nominative_spot("{name} кладе карту: {card}.", 20)


@pytest.mark.parametrize("game", list(PLAYS))
def test_uk_ru_sentences_of_real_games_keep_seats_nominative(page: Any, game: str) -> None:
    colours = {lang: words(" ".join(v for k, v in catalog("pile-up", lang).items()
                                    if k.startswith("colour.")))
               for lang in SLAVIC}
    problems: dict[tuple[str, str, str], str] = {}
    for lang, event, line in told_events(page, game):
        if lang not in SLAVIC or not line:
            continue
        found = seat_faults(lang, line, SEAT_SHOWN)
        if game == "pile-up":
            found += ["a card out of the nominative"
                      for m in re.finditer(rf"\b(?:{colours[lang]}) \d", line)
                      if not nominative_spot(line, m.start())]
        for fault in found:
            problems.setdefault((event["type"], lang, fault), f"{line!r}")
    report = "\n".join(f"{game} {kind} [{lang}] {fault}: {example}"
                       for (kind, lang, fault), example in sorted(problems.items()))
    assert not problems, f"{len(problems)} faulty sentences:\n{report}"


# ---- Love Formula: counts ---------------------------------------------------

# Each Love Formula event whose sentence counts something, built with a
# count: its words must follow the count's plural form. (VP, an
# abbreviation, reads the same for every count. The seat, 0, and the stage,
# 3, are no count here, so masking the count does not touch them.)
LF_COUNTED: dict[str, Callable[[int], dict[str, Any]]] = {
    "setup": lambda n: {"type": "setup", "players": 3, "unused_jobs": n},
    "draw": lambda n: {"type": "draw", "seat": 0, "count": n},
    "extra_move": lambda n: {"type": "extra_move", "seat": 0, "moves": n},
    "draft": lambda n: {"type": "draft", "stage": 3, "cards_each": n, "direction": "left"},
    "hearts.lose": lambda n: {"type": "hearts", "change": -n},
    "hearts.gain": lambda n: {"type": "hearts", "change": n},
}
COUNTS = (1, 2, 5, 11, 21, 22)
# The numbers of one plural form in each language (Intl.PluralRules).
FORMS: dict[str, dict[str, tuple[int, ...]]] = {"en": {"one": (1,), "other": (2, 5, 11, 21, 22)},
         "uk": {"one": (1, 21), "few": (2, 22), "many": (5, 11)},
         "ru": {"one": (1, 21), "few": (2, 22), "many": (5, 11)},
         "ja": {"other": COUNTS}}
ENGLISH_ONE_PLURAL = re.compile(
    r"\b1 (?:[\w-]+ ){0,2}?(?:jobs|cards|hearts|moves|players|preparations)\b")


def masked(text: str, n: int) -> str:
    return re.sub(rf"(?<!\d){n}(?!\d)", "#", text)


def test_love_formula_counts_take_their_plural_forms(page: Any) -> None:
    logs = [(1, [maker(n)]) for maker in LF_COUNTED.values() for n in COUNTS]
    problems = []
    for lang in LANGS:
        lines = [told[0] or "" for told in sentences(page, "love-formula", lang, 3, logs)]
        by_event = dict(zip([(name, n) for name in LF_COUNTED for n in COUNTS], lines, strict=True))
        for name in LF_COUNTED:
            words = {form: {masked(by_event[name, n], n) for n in numbers}
                     for form, numbers in FORMS[lang].items()}
            for form, seen in words.items():
                if len(seen) != 1:
                    problems.append(f"{name} [{lang}] {form}: the same form reads {seen}")
            if len({w for seen in words.values() for w in seen}) != len(words):
                problems.append(f"{name} [{lang}]: forms do not differ: {words}")
            if lang == "en" and ENGLISH_ONE_PLURAL.search(by_event[name, 1]):
                problems.append(f"{name} [en]: {by_event[name, 1]!r}")
    assert not problems, "\n".join(problems)


def test_love_formula_real_sentences_never_count_one_in_the_plural(page: Any) -> None:
    logs = viewer_logs("love-formula", 4, {"chance": True, "goals": True}, 3)
    told = [line for lines in sentences(page, "love-formula", "en", 4, logs)
            for line in lines if line]
    wrong = [line for line in told if ENGLISH_ONE_PLURAL.search(line)]
    assert not wrong, wrong[:10]


# ---- Love Formula: card faces -------------------------------------------------

MEASURE_CARDS = """async ({lang}) => {
  const { loadGame } = await import("/static/lib/games.js");
  const { gameContext } = await import("/static/table/context.js");
  const game = await import("/static/games/love-formula/game.js");
  const { t } = await loadGame("love-formula", lang);
  const cards = await fetch("/static/games/love-formula/cards.json").then((r) => r.json());
  const ctx = gameContext({ t, lang, info: { players: 2, seats: [] }, seat: 0, log: [] });
  const box = document.body.appendChild(document.createElement("div"));
  const problems = [];
  for (const code of Object.keys(cards)) {
    for (const small of [false, true]) {
      const card = game.drawCard(ctx, code, small);
      box.replaceChildren(card);
      const texts = [...card.querySelectorAll("text")];
      const boxes = texts.map((node) => ({ node, b: node.getBBox() }));
      for (const { node, b } of boxes) {
        if (b.x < 1.5 || b.y < 1.5 || b.x + b.width > 88.5 || b.y + b.height > 118.5) {
          problems.push(`${code}: "${node.textContent}" leaves the card (${b.x.toFixed(1)},`
            + ` ${b.y.toFixed(1)}, ${b.width.toFixed(1)} x ${b.height.toFixed(1)})`);
        }
      }
      for (let i = 0; i < boxes.length; i += 1) {
        for (let j = i + 1; j < boxes.length; j += 1) {
          const a = boxes[i].b, c = boxes[j].b;
          const overlap = Math.min(a.x + a.width, c.x + c.width) - Math.max(a.x, c.x) > 0.5
            && Math.min(a.y + a.height, c.y + c.height) - Math.max(a.y, c.y) > 1;
          if (overlap) {
            problems.push(`${code}: "${boxes[i].node.textContent}" overlaps`
              + ` "${boxes[j].node.textContent}"`);
          }
        }
      }
      // Lines may break between words or inside a #HashTag: compared without spaces.
      const bare = (text) => text.replace(/\\s+/g, "");
      const whole = (cls) => texts.filter((n) => n.classList.contains(cls))
        .map((n) => n.textContent).join(" ");
      const name = lang === "uk" ? cards[code].name_uk : cards[code].name_en;
      if (bare(whole("lf-name")) !== bare(name)) {
        problems.push(`${code}: name reads "${whole("lf-name")}"`);
      }
      const type = card.dataset.type;
      if (!type || bare(whole("lf-type")) !== bare(type)) {
        problems.push(`${code}: type reads "${whole("lf-type")}", not "${type}"`);
      }
    }
  }
  box.remove();
  return [Object.keys(cards).length, problems];
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_love_formula_card_faces_show_titles_and_types_whole(page: Any, lang: str) -> None:
    count, problems = page.evaluate(MEASURE_CARDS, {"lang": lang})
    assert count > 200
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_love_formula_couple_vp_is_worded_in_each_language(page: Any) -> None:
    words = page.evaluate("""async () => {
      const { loadGame } = await import("/static/lib/games.js");
      const { gameContext } = await import("/static/table/context.js");
      const game = await import("/static/games/love-formula/game.js");
      const out = {};
      for (const lang of ["en", "uk", "ru", "ja"]) {
        const { t } = await loadGame("love-formula", lang);
        const ctx = gameContext({ t, lang, info: { players: 2, seats: [] }, seat: 0, log: [] });
        const card = game.drawCard(ctx, "akira-hana");
        out[lang] = card.querySelector(".lf-vp").textContent;
      }
      return out;
    }""")
    assert words["en"] == "1 / 4 VP"
    assert words["uk"] == "1 / 4 ПО" and words["ru"] == "1 / 4 ПО", words


# ---- Love Formula: the page's words ------------------------------------------

LABELS = """async () => {
  const { loadGame } = await import("/static/lib/games.js");
  const { gameContext } = await import("/static/table/context.js");
  const seats = [{ kind: "person", name: "Newbie" }, { kind: "bot", bot: "easy" }];
  const out = {};
  for (const lang of ["en", "uk", "ru", "ja"]) {
    const { module, t } = await loadGame("love-formula", lang);
    const ctx = gameContext({ t, lang, info: { players: 2, seats }, seat: 0, log: [] });
    out[lang] = Object.fromEntries(["skip 1", "look 1", "target 1 akira-hana",
      "move beach-1 akira-hana", "discard promise-1", "draft gossip-1", "attach akira-hana",
      "resolve", "end"].map((action) => [action, module.label(action, ctx)]));
  }
  return out;
}"""


def test_love_formula_labels_are_sentences(page: Any) -> None:
    labels = page.evaluate(LABELS)
    for lang, words in labels.items():
        for action, label in words.items():
            assert " · " not in label and not faults(label), (lang, action, label)
    assert labels["en"]["skip 1"] == "Skip the turn of Easy bot 2"
    assert labels["en"]["target 1 akira-hana"] == "Target Akira and Hana of Easy bot 2"
    assert labels["en"]["move beach-1 akira-hana"] == "Move Beach to Akira and Hana"
    # Ukrainian: a card's name follows a noun in the case the verb asks for.
    assert labels["uk"]["discard promise-1"] == "Скинути карту «Обіцянка»"


STAGES = """async ({view}) => {
  const { loadGame } = await import("/static/lib/games.js");
  const { gameContext } = await import("/static/table/context.js");
  const seats = [{ kind: "person", name: "Newbie" }, { kind: "bot", bot: "easy" }];
  const out = {};
  for (const lang of ["en", "uk", "ru", "ja"]) {
    const { module, t } = await loadGame("love-formula", lang);
    const ctx = gameContext({ t, lang, info: { players: 2, seats }, seat: 0, log: [] });
    out[lang] = { head: module.render(view, ctx).querySelector("p").textContent,
      first: t("stage", { n: 1 }), rules: JSON.stringify(t.raw("rules")) };
  }
  return out;
}"""


def test_love_formula_has_two_stages(page: Any) -> None:
    session = Session()
    session.handle({"cmd": "new", "game": "love-formula", "players": 2, "seed": 4, "options": {}})
    rng = random.Random(4)
    while not (view := session.handle({"cmd": "view", "seat": 0})["view"])["over"]:
        seat = view["to_act"][0]
        actions = session.handle({"cmd": "legal", "seat": seat})["actions"]
        session.handle({"cmd": "act", "seat": seat, "action": rng.choice(actions)})
    view.pop("log")
    words = page.evaluate(STAGES, {"view": view})
    assert words["en"]["head"].startswith("Stage 2 of 2"), words["en"]["head"]
    for lang, said in words.items():
        assert "3" not in said["first"] and "2" in said["first"], (lang, said["first"])
        assert "2" in said["head"] and "3" not in said["head"].split("·")[0], (lang, said["head"])
    for wrong in ("three stages", "third stage"):
        assert wrong not in words["en"]["rules"]
    assert "трьох етапів" not in words["uk"]["rules"] and "третього" not in words["uk"]["rules"]
    assert "трёх этапов" not in words["ru"]["rules"] and "третьего" not in words["ru"]["rules"]
    assert "3ステージ" not in words["ja"]["rules"]


ZONES = """async ({view}) => {
  const { loadGame } = await import("/static/lib/games.js");
  const { gameContext } = await import("/static/table/context.js");
  const seats = [{ kind: "person", name: "Newbie" }, { kind: "bot", bot: "easy" }];
  const out = {};
  for (const lang of ["en", "uk", "ru"]) {
    const { module, t } = await loadGame("love-formula", lang);
    const ctx = gameContext({ t, lang, info: { players: 2, seats }, seat: 0, log: [] });
    out[lang] = [...module.render(view, ctx).querySelectorAll(".zone h3")]
      .map((node) => node.textContent);
  }
  return out;
}"""


def test_love_formula_zones_count_hand_cards_in_their_plural_form(page: Any) -> None:
    session = Session()
    session.handle({"cmd": "new", "game": "love-formula", "players": 2, "seed": 5, "options": {}})
    view = session.handle({"cmd": "view", "seat": 0})["view"]
    view.pop("log")
    view["hand_sizes"] = [1, 5]
    heads = page.evaluate(ZONES, {"view": view})
    assert heads["en"][0].endswith("1 card in hand"), heads["en"]
    assert heads["en"][1].endswith("5 cards in hand"), heads["en"]
    assert heads["uk"][0].endswith("1 карта в руці") and heads["uk"][1].endswith("5 карт у руці")
    assert heads["ru"][0].endswith("1 карта в руке") and heads["ru"][1].endswith("5 карт в руке")
