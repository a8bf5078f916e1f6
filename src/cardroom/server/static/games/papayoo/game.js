// Papayoo: four suits and the Payoo suit; pass cards left, then tricks.
import { card, cardRow, area } from "../../lib/cards.js";

const SUITS = {
  S: { glyph: "♠", ink: "#111" }, H: { glyph: "♥", ink: "#c1121f" },
  D: { glyph: "♦", ink: "#1d4ed8" }, C: { glyph: "♣", ink: "#15803d" },
  P: { glyph: "P", ink: "#7e22ce" },
};
const ORDER = "SHDCP";

function parse(code) {
  return { value: Number(code.slice(0, -1)), suit: code.slice(-1) };
}

function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const x = parse(a), y = parse(b);
    return ORDER.indexOf(x.suit) - ORDER.indexOf(y.suit) || x.value - y.value;
  });
}

function cardName(ctx, code) {
  const { value, suit } = parse(code);
  return ctx.t("card.name", { value, suit: ctx.t(`suit.${suit}`) });
}

// The words on a face sit between the big glyph and the bottom corner
// index (y 71 and below, rotated), so neither covers the other; the
// Papayoo's glyph, smaller inside its ring, moves up to make room for its label.
function drawCard(ctx, code, papayoo) {
  const { value, suit } = parse(code);
  const look = SUITS[suit];
  const special = code === papayoo;
  const face = [ctx.svg("text", { x: 30, y: special ? 51 : 56, "text-anchor": "middle",
    "font-size": special ? 24 : 30, fill: look.ink, "font-family": "system-ui, sans-serif" },
  look.glyph)];
  if (suit === "P") face.push(faceWord(ctx, "PAYOO", look.ink, 28));
  if (special) {
    face.push(ctx.svg("circle", { cx: 30, cy: 42, r: 16, fill: "none", stroke: "#b45309",
      "stroke-width": 3 }), faceWord(ctx, "PAPAYOO", "#b45309", 40));
  }
  return card({ corner: `${value}${look.glyph}`, ink: look.ink,
    fill: suit === "P" ? "#f5edff" : "#fff", face, label: cardName(ctx, code), code });
}

// A word on a card's face, squeezed to `width` so every font fits the gap.
function faceWord(ctx, text, ink, width) {
  return ctx.svg("text", { x: 30, y: 66, "text-anchor": "middle", "font-size": 8,
    "font-weight": "bold", fill: ink, textLength: width, lengthAdjust: "spacingAndGlyphs",
    class: "face-word" }, text);
}

function trickArea(ctx, view, plays, title) {
  const spots = plays.map(([seat, code]) => ctx.el("div", { class: "spot" },
    drawCard(ctx, code, view.papayoo), ctx.el("span", {}, ctx.name(seat))));
  return area(ctx, title, ctx.el("div", { class: "spots" }, spots));
}

// Once the game is over there is no hand to show, nor last round's passing.
function handArea(ctx, view) {
  if (!view.hand || view.over) return null;
  const verb = view.phase === "pass" ? "pass" : "play";
  const row = cardRow(ctx, sortCards(view.hand), (c) => drawCard(ctx, c, view.papayoo),
    (c) => [verb, c], (c) => `${ctx.t(`action.${verb}`)} ${cardName(ctx, c)}`);
  const parts = [row];
  if (view.phase === "pass") {
    parts.push(ctx.el("p", {}, termed(ctx, ctx.t("pass.hint", { n: view.pass_count, name:
      ctx.name((view.seat + 1) % ctx.players) }), "passing")));
  }
  if (view.received && view.received.length) {
    parts.push(ctx.el("p", {}, ctx.t("pass.received", {
      cards: view.received.map((c) => cardName(ctx, c)).join(", ") })));
  }
  return area(ctx, ctx.t("area.hand"), parts);
}

// Each seat's points so far, the round in play included: `scores` counts
// finished rounds only, `taken_points` the round being played (until the
// next deal; at the end it is the last round, already in `scores`).
function totals(view) {
  const taken = view.taken_points || [];
  const inPlay = !view.over && (view.round_points || []).length < view.round;
  return view.scores.map((score, seat) => score + (inPlay ? taken[seat] || 0 : 0));
}

function pointsTable(ctx, view) {
  const total = totals(view);
  const rows = Array.from({ length: ctx.players }, (_, seat) => ctx.el("tr", {},
    ctx.el("td", {}, ctx.name(seat)),
    ctx.el("td", {}, String(view.hand_sizes ? view.hand_sizes[seat] : "")),
    ctx.el("td", {}, String(view.taken_points ? view.taken_points[seat] : 0)),
    ctx.el("td", {}, String(total[seat]))));
  return ctx.el("table", {}, ctx.el("tr", {}, ["seat", "cards", "taken", "total"].map(
    (k) => ctx.el("th", {}, ctx.t(`col.${k}`)))), rows);
}

function roundsTable(ctx, rounds) {
  return ctx.el("table", {},
    ctx.el("tr", {}, ctx.el("th", {}, ctx.t("col.round")),
      Array.from({ length: ctx.players }, (_, s) => ctx.el("th", {}, ctx.name(s)))),
    rounds.map((points, i) => ctx.el("tr", {}, ctx.el("td", {}, String(i + 1)),
      points.map((p) => ctx.el("td", {}, String(p))))));
}

// Words and the "?" that explains them; the no-break space keeps the "?"
// from wrapping onto a line of its own.
function termed(ctx, words, term) {
  return ctx.el("span", { class: "termed" }, words, "\u00a0", ctx.term(term));
}

function headLine(ctx, view) {
  const papayoo = view.papayoo
    ? ctx.t("papayoo.is", { card: cardName(ctx, view.papayoo) }) : ctx.t("papayoo.unknown");
  return ctx.el("p", { class: "head" }, ctx.t("round.of", { n: view.round, total: view.rounds }),
    " · ", termed(ctx, papayoo, "papayoo"), " · ", termed(ctx, ctx.t("payoo.cards"), "payoo"));
}

export default {
  // The rules' reason for a refused move, its facts named in the page's
  // language (docs/pages.md, "A game module").
  reason(key, params, ctx) {
    if (!ctx.t.has(`reason.${key}`)) return null;
    const words = { ...params };
    if (params.card) words.card = cardName(ctx, params.card);
    if (params.suit) words.suit = ctx.t(`suit.${params.suit}`);
    return ctx.t(`reason.${key}`, words);
  },

  render(view, ctx) {
    const trick = (view.trick || []);
    const last = view.last_trick;
    return ctx.el("div", { class: "papayoo" }, headLine(ctx, view),
      // No empty trick while passing, nor once the game is over.
      view.phase === "play" || trick.length ? trickArea(ctx, view, trick, ctx.t("area.trick"))
        : null,
      last ? trickArea(ctx, view, last.plays,
        ctx.t("area.last_trick", { name: ctx.name(last.winner), n: last.points })) : null,
      handArea(ctx, view), area(ctx, ctx.t("area.points"), pointsTable(ctx, view)),
      view.round_points && view.round_points.length
        ? area(ctx, ctx.t("area.rounds"), roundsTable(ctx, view.round_points)) : null);
  },

  describe(event, ctx) {
    const e = event;
    const who = e.seat === undefined ? "" : ctx.name(e.seat);
    const names = (cards) => cards.map((c) => cardName(ctx, c)).join(", ");
    switch (e.type) {
      case "deal": return ctx.t("event.deal", { round: e.round, name: ctx.name(e.dealer),
        n: e.cards_each, pass: e.pass_count });
      case "hand": return ctx.t("event.hand", { cards: names(sortCards(e.cards)) });
      case "pass_card": return ctx.t("event.pass_card", { card: cardName(ctx, e.card) });
      case "passed": return ctx.t("event.passed", { name: who });
      case "received": return ctx.t("event.received", { name: who, from: ctx.name(e.from),
        cards: names(e.cards) });
      case "die": return ctx.t("event.die", { suit: ctx.t(`suit.${e.suit}`),
        card: cardName(ctx, e.papayoo) });
      case "play": return ctx.t("event.play", { name: who, card: cardName(ctx, e.card) });
      case "trick": return ctx.t("event.trick", { name: ctx.name(e.winner), n: e.points });
      case "round_end": return ctx.t("event.round_end", { round: e.round,
        points: e.points.map((p, s) => `${ctx.name(s)} ${p}`).join(", ") });
      case "game_end": return ctx.t("event.game_end");
      default: return null;
    }
  },

  summary(result, view, ctx) {
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("summary.lower_wins")),
      roundsTable(ctx, result.rounds || []),
      ctx.el("p", {}, ctx.t("summary.totals", {
        scores: result.scores.map((p, s) => `${ctx.name(s)} ${p}`).join(", ") })));
  },

  label(action, ctx) {
    const [verb, code] = action.split(" ");
    return code ? `${ctx.t(`action.${verb}`)} ${cardName(ctx, code)}` : ctx.t(`action.${verb}`);
  },

  // The seats' scores: the round in play counts too.
  scores(view) {
    return totals(view).map((n) => String(n));
  },

  // A card's worth (docs/games/papayoo.md, Scoring): Payoo cards their
  // number, the 7 the die picks 40, every other card nothing.
  cardInfo(code, ctx) {
    const { value, suit } = parse(code);
    if (suit === "P") return ctx.t("info.payoo", { n: value });
    return ctx.t(value === 7 ? "info.seven" : "info.plain");
  },

  batch(view) {
    return view.phase === "pass" ? { verb: "pass", count: view.pass_count - (view.chosen || []).length } : null;
  },
};
