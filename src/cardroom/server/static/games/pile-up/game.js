// Pile up: three dice choose the columns; white pushes, black arms, and a
// third visible card makes the placer take the column.
import { card, cardRow, area } from "../../lib/cards.js";

const COLOURS = {
  R: { fill: "#fee2e2", ink: "#b91c1c", mark: "▲" }, B: { fill: "#dbeafe", ink: "#1d4ed8", mark: "■" },
  G: { fill: "#dcfce7", ink: "#15803d", mark: "●" }, W: { fill: "#ffffff", ink: "#525252", mark: "◇" },
  K: { fill: "#262626", ink: "#fafafa", mark: "◆" },
};
const ORDER = "RBGWK";
const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

function cardName(ctx, code) {
  return ctx.t("card.name", { n: code.slice(0, -1), colour: ctx.t(`colour.${code.slice(-1)}`) });
}

function sortCards(cards) {
  return [...cards].sort((a, b) => a.slice(0, -1) - b.slice(0, -1)
    || ORDER.indexOf(a.slice(-1)) - ORDER.indexOf(b.slice(-1)));
}

function drawCard(ctx, code, height = 1) {
  const look = COLOURS[code.slice(-1)];
  const face = [ctx.svg("text", { x: 30, y: 54, "text-anchor": "middle", "font-size": 28,
    "font-weight": "bold", fill: look.ink }, code.slice(0, -1)),
  ctx.svg("text", { x: 30, y: 76, "text-anchor": "middle", "font-size": 14, fill: look.ink },
    `${look.mark} ${code.slice(-1)}`)];
  if (height > 1) {
    face.push(ctx.svg("rect", { x: 36, y: 3, width: 21, height: 15, rx: 3, fill: "#f59e0b" }),
      ctx.svg("text", { x: 46, y: 14, "text-anchor": "middle", "font-size": 11, fill: "#000" },
        `×${height}`));
  }
  return card({ corner: code.slice(0, -1), ink: look.ink, fill: look.fill, face,
    label: height > 1 ? `${cardName(ctx, code)} ×${height}` : cardName(ctx, code), code });
}

function die(ctx, value) {
  return ctx.svg("svg", { viewBox: "0 0 40 40", class: "die", role: "img",
    "aria-label": ctx.t("die", { n: value }) },
  ctx.svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: "#fff", stroke: "#333" }),
  (PIPS[value] || []).map(([x, y]) => ctx.svg("circle", { cx: x * 9 + 2, cy: y * 9 + 2, r: 3.5,
    fill: "#111" })));
}

function columnArea(ctx, view, column) {
  const stacks = column.stacks.map(([code, height]) => {
    const node = ctx.el("span", { class: "card-slot" }, drawCard(ctx, code, height));
    return ctx.choice(node, ["stack", code], ctx.t("action.stack_on", { card: cardName(ctx, code) }));
  });
  const head = ctx.el("div", { class: "column-head" }, ctx.el("b", {}, String(column.number)),
    column.armed ? ctx.el("span", { class: "armed" }, ctx.t("armed"), " ", ctx.term("black")) : null);
  const active = view.number === column.number ? " active" : "";
  return ctx.el("div", { class: `column${active}` }, head,
    ctx.el("div", { class: "hand" }, stacks.length ? stacks : ctx.el("span", {}, "—")));
}

function handTokens(ctx, code) {
  return ctx.can(["take", code]) ? ["take", code] : ["place", code];
}

function minusTokens(ctx, code) {
  return ctx.can(["give", code]) ? ["give", code] : ["place", code];
}

function minusArea(ctx, view) {
  return Array.from({ length: ctx.players }, (_, seat) => {
    const cards = sortCards(view.minus[seat] || []);
    const mine = seat === view.seat;
    const row = cardRow(ctx, cards, (c) => drawCard(ctx, c), mine ? (c) => minusTokens(ctx, c) : null,
      (c) => ctx.label ? cardName(ctx, c) : cardName(ctx, c), "hand minus");
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("minus.of", { name: ctx.name(seat),
      n: view.scores[seat] })), row);
  });
}

// Numbers as a list in the page's language ("4, 2 and 3").
function listed(ctx, items) {
  try {
    const lang = ctx.lang || ctx.t.lang || "en";
    return new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

export default {
  // The rules' reason for a refused move, its facts named in the page's
  // language (docs/pages.md, "A game module").
  reason(key, params, ctx) {
    if (!ctx.t.has(`reason.${key}`)) return null;
    const words = { ...params };
    if (params.card) words.card = cardName(ctx, params.card);
    if (Array.isArray(params.dice)) words.dice = listed(ctx, params.dice.map(String));
    if (params.to !== undefined) words.to = ctx.name(Number(params.to));
    return ctx.t(`reason.${key}`, words);
  },

  render(view, ctx) {
    const dice = ctx.el("div", { class: "dice" }, (view.dice || []).map((d) => die(ctx, d)),
      view.number ? ctx.el("span", {}, ctx.t("number.chosen", { n: view.number })) : null);
    const hand = view.hand ? area(ctx, ctx.t("area.hand"),
      cardRow(ctx, sortCards(view.hand), (c) => drawCard(ctx, c), (c) => handTokens(ctx, c),
        (c) => cardName(ctx, c)),
      ctx.legal.length ? ctx.el("p", {}, ctx.t("hand.how"), " ", ctx.term("white")) : null) : null;
    return ctx.el("div", { class: "pile-up" },
      ctx.el("p", {}, ctx.t("pile", { n: view.pile_size }), " ", ctx.term("columns")), dice,
      area(ctx, ctx.t("area.columns"), ctx.el("div", { class: "columns" },
        view.columns.map((c) => columnArea(ctx, view, c)))),
      hand, area(ctx, ctx.t("area.minus"), minusArea(ctx, view)));
  },

  describe(e, ctx) {
    const name = e.seat === undefined ? "" : ctx.name(e.seat);
    const cards = (list) => list.map((c) => cardName(ctx, c)).join(", ");
    switch (e.type) {
      case "deal": return ctx.t("event.deal", { n: e.hand_size, pile: e.pile });
      case "hand": return ctx.t("event.hand", { cards: cards(sortCards(e.cards)) });
      case "roll": return ctx.t("event.roll", { name, dice: e.dice.join(", ") });
      case "place": return ctx.t(e.stacked ? "event.stack" : "event.place",
        { name, card: cardName(ctx, e.card) });
      case "play_end": return ctx.t("event.play_end", { name, col: e.number, n: e.visible });
      case "draw": return ctx.t("event.draw", { name, n: e.count, pile: e.pile });
      case "drew": return ctx.t("event.drew", { cards: cards(e.cards) });
      case "armed": return ctx.t("event.armed", { name, n: e.number });
      case "push": return ctx.t("event.push", { name, to: ctx.name(e.target), n: e.number,
        cards: cards(e.cards) });
      case "avoid_roll": return ctx.t(e.avoided ? "event.avoid_roll.yes" : "event.avoid_roll.no",
        { name, die: e.die, n: e.number });
      case "pushed_onto": return ctx.t("event.pushed_onto", { name, n: e.count });
      case "take_column": return ctx.t("event.take_column", { name, col: e.number, n: e.count });
      case "reveal": return ctx.t("event.reveal", { name, cards: cards(e.cards) });
      case "take": return ctx.t("event.take", { name, card: cardName(ctx, e.card) });
      case "triple": return ctx.t("event.triple", { name, n: e.give, sum: e.sum });
      case "give": return ctx.t("event.give", { name, to: ctx.name(e.recipient),
        card: cardName(ctx, e.card) });
      case "keep": return ctx.t("event.keep", { name });
      case "game_end": return ctx.t("event.game_end", { n: e.left_in_columns });
      default: return ctx.t(`event.${e.type}`, { name });
    }
  },

  summary(result, view, ctx) {
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("summary.fewest")),
      ctx.el("table", {}, ctx.el("tr", {}, ctx.el("th", {}, ctx.t("col.player")),
        ctx.el("th", {}, ctx.t("col.minus")), ctx.el("th", {}, ctx.t("col.cards"))),
      result.scores.map((score, seat) => ctx.el("tr", {}, ctx.el("td", {}, ctx.name(seat)),
        ctx.el("td", {}, String(score)),
        ctx.el("td", {}, (result.minus ? result.minus[seat] : []).join(" "))))),
      ctx.el("p", {}, ctx.t("summary.left", { n: result.left_in_columns ?? 0 })));
  },

  label(action, ctx) {
    const [verb, arg] = action.split(" ");
    if (verb === "push") return ctx.t("action.push", { name: ctx.name(Number(arg)) });
    if (arg) return ctx.t(`action.${verb}`, { card: cardName(ctx, arg) });
    return ctx.t(`action.${verb}`);
  },

  // What a card does when it ends a play (docs/games/pile-up.md, "What the
  // play does"): white pushes the column, black arms it, any other colour
  // takes it when it is armed or shows three visible cards.
  cardInfo(code, ctx) {
    const colour = code.slice(-1);
    const kind = colour === "W" ? "white" : colour === "K" ? "black" : "plain";
    return ctx.t(`info.${kind}`, { n: code.slice(0, -1) });
  },
};
