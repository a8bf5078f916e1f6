// Pizzamania: climb with equal toppings on pizza bases; shed your hand first.
import { card, cardBack, area } from "../../lib/cards.js";

const TOPPING_HUES = ["#fde68a", "#fecaca", "#bbf7d0", "#bfdbfe", "#e9d5ff", "#fed7aa"];
// The deck's highest topping (48 toppings: four of each value 1 to 12).
const HIGHEST = 12;
const COPIES = 4;
const CHEFS = ["nonna", "pro", "novice", "loser"];

// A topping, or a stack of `count` equal ones: the count is a badge in the
// free top-right corner, clear of both corner indices (the upside-down one
// sits bottom right).
function topping(ctx, value, count = 1) {
  const face = [ctx.svg("circle", { cx: 30, cy: 46, r: 18, fill: TOPPING_HUES[value % 6],
    stroke: "#92400e" }), ctx.svg("text", { x: 30, y: 53, "text-anchor": "middle",
    "font-size": 20, "font-weight": "bold", fill: "#7c2d12" }, String(value))];
  if (count > 1) face.push(stackBadge(ctx, count));
  return card({ corner: String(value), ink: "#7c2d12", fill: "#fffaf0", face,
    label: ctx.t("topping.stack", { value, n: count }), code: String(value) });
}

function stackBadge(ctx, count) {
  return ctx.svg("g", { class: "stack-count", "aria-hidden": "true" },
    ctx.svg("rect", { x: 32, y: 3, width: 25, height: 17, rx: 8.5, fill: "#7c2d12" }),
    ctx.svg("text", { x: 44.5, y: 16, "text-anchor": "middle", "font-size": 13,
      "font-weight": "bold", fill: "#fff", "font-family": "system-ui, sans-serif" },
    `×${count}`));
}

function baseCard(ctx, base, size) {
  const face = [ctx.svg("circle", { cx: 30, cy: 45, r: 14 + size * 4, fill: "#f4c27a",
    stroke: "#b45309", "stroke-width": 2 }), ctx.svg("text", { x: 30, y: 52,
    "text-anchor": "middle", "font-size": 18, "font-weight": "bold", fill: "#7c2d12" }, base)];
  return card({ corner: base, fill: "#fff7ed", ink: "#7c2d12", face,
    label: ctx.t(`base.${base}`), code: base });
}

// A chef card (D8, D9): a chef's toque over the card's own emblem, its name
// on the face, on a tinted card with a frame of its colour, so it never
// reads as a topping (a numbered disc) or a base (a crust marked x1-x3).
// The emblem, not only the colour, tells the four apart: Nonna's crown
// (she won the last round), Pro's star, Novice's sprout, Loser's rain cloud.
const CHEF_LOOK = {
  nonna: { fill: "#fef3c7", ink: "#92400e", mark: "#f59e0b" },
  pro: { fill: "#dcfce7", ink: "#166534", mark: "#22c55e" },
  novice: { fill: "#e0f2fe", ink: "#075985", mark: "#38bdf8" },
  loser: { fill: "#eef0f3", ink: "#374151", mark: "#9ca3af" },
};

function chefCard(ctx, chef, holder) {
  const look = CHEF_LOOK[chef];
  const name = ctx.t(`chef.${chef}`);
  return card({ fill: look.fill, stroke: look.ink, ink: look.ink, className: "chef",
    face: [toque(ctx, look), chefEmblem(ctx, chef, look), chefName(ctx, name, look.ink)],
    label: ctx.t("chef.card", { chef: name, name: ctx.name(holder) }), code: chef });
}

function toque(ctx, look) {
  const line = { fill: "#fff", stroke: look.ink, "stroke-width": 1.4 };
  return ctx.svg("g", { "aria-hidden": "true" },
    ctx.svg("rect", { x: 22, y: 17, width: 16, height: 9, rx: 1.5, ...line }),
    ctx.svg("circle", { cx: 23, cy: 14, r: 5.5, ...line }),
    ctx.svg("circle", { cx: 37, cy: 14, r: 5.5, ...line }),
    ctx.svg("circle", { cx: 30, cy: 11, r: 7, ...line }),
    ctx.svg("rect", { x: 22.7, y: 15, width: 14.6, height: 5, fill: "#fff" }),
    ctx.svg("line", { x1: 22, y1: 21, x2: 38, y2: 21, stroke: look.mark, "stroke-width": 2.5 }));
}

function chefEmblem(ctx, chef, look) {
  const paint = { fill: look.mark, stroke: look.ink, "stroke-width": 1.4,
    "stroke-linejoin": "round" };
  const parts = {
    nonna: () => [ctx.svg("path", { d: "M17 57 L15 38 L23 46 L30 33 L37 46 L45 38 L43 57 Z",
      ...paint }), ctx.svg("circle", { cx: 30, cy: 50, r: 2.5, fill: look.ink })],
    pro: () => [ctx.svg("path", { d: starPath(30, 46, 14, 6), ...paint })],
    novice: () => [ctx.svg("path", { d: "M30 60 V44", fill: "none", stroke: look.ink,
      "stroke-width": 2 }),
    ctx.svg("path", { d: "M30 48 C22 49 16 43 16 36 C24 36 30 40 30 48 Z", ...paint }),
    ctx.svg("path", { d: "M30 44 C36 44 44 40 44 32 C36 32 30 37 30 44 Z", ...paint }),
    ctx.svg("path", { d: "M21 60 H39", stroke: look.ink, "stroke-width": 2 })],
    loser: () => [ctx.svg("path", { d: "M19 50 A6 6 0 0 1 21 39 A8 8 0 0 1 36 36 "
      + "A7 7 0 0 1 42 50 Z", ...paint }),
    ...[22, 30, 38].map((x) => ctx.svg("path", { d: `M${x} 54 l-2 6`, stroke: look.ink,
      "stroke-width": 2, "stroke-linecap": "round" }))],
  };
  return ctx.svg("g", { "aria-hidden": "true" }, parts[chef]());
}

function starPath(cx, cy, outer, inner) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join(" L")} Z`;
}

// The chef's name across the foot of the card, as large as fits (a wide,
// CJK, character counts about one em, a narrow bold one two thirds); a long
// name is kept readable and narrowed to the card's width.
function chefName(ctx, name, ink) {
  const room = 52;
  const units = [...name].reduce((sum, ch) => sum + (ch.codePointAt(0) > 0x2e80 ? 1.05 : 0.66), 0);
  const size = Math.max(10, Math.min(13, Math.floor(room / Math.max(units, 1))));
  const attrs = { x: 30, y: 79, "text-anchor": "middle", "font-size": size,
    "font-weight": "bold", fill: ink, "font-family": "system-ui, sans-serif" };
  if (units * size > room) Object.assign(attrs, { textLength: room, lengthAdjust: "spacingAndGlyphs" });
  return ctx.svg("text", attrs, name);
}

// The chef cards of this round (from round 2 on; none in the simple game):
// each card with its holder beside it and what it gave at the round's start
// (the toppings themselves where the viewer gave or got them, D9).
function chefsArea(ctx, view) {
  const held = CHEFS.filter((chef) => Number.isInteger((view.chefs || {})[chef]));
  if (!held.length) return null;
  const spots = held.map((chef) => {
    const holder = view.chefs[chef];
    const gift = (view.exchanges || []).find((e) => e.chef === chef);
    return ctx.el("div", { class: "chef-spot" }, chefCard(ctx, chef, holder),
      ctx.el("span", { class: "chef-holder" }, ctx.name(holder)),
      gift ? ctx.el("span", { class: "chef-gift" }, giftWords(ctx, gift)) : null);
  });
  return area(ctx, ctx.t("area.chefs"), ctx.el("div", { class: "chefs" }, spots));
}

function giftWords(ctx, gift) {
  const to = ctx.name(gift.receiver);
  if (gift.cards && gift.cards.length) {
    // The toppings stay together on one line: "1, 1", never "1," and "1".
    return ctx.t("chef.gave.cards", { cards: gift.cards.join(",\u00a0"), to });
  }
  return ctx.t(`chef.gave.${gift.which}`, { n: gift.count, to });
}

function counts(values) {
  const out = new Map();
  for (const v of values) out.set(v, (out.get(v) || 0) + 1);
  return [...out.entries()].sort((a, b) => a[0] - b[0]);
}

function handArea(ctx, view) {
  if (!view.hand) return null;
  if (!view.hand.length) return handEmpty(ctx, view);
  const stacks = counts(view.hand);
  const groups = stacks.map(([value, n]) => ctx.choice(
    ctx.el("span", { class: n > 1 ? "card-slot stack" : "card-slot" }, topping(ctx, value, n)),
    ["play", String(value)], ctx.t("play.label", { value, n: view.base_size })));
  return ctx.el("div", { class: "hand-area" }, area(ctx, handTitle(ctx, view.hand.length,
    stacks.length), ctx.el("div", { class: "hand" }, groups)));
}

// The header counts what is drawn: the toppings, and the stacks they make
// when equal ones share a card.
function handTitle(ctx, toppings, stacks) {
  const title = ctx.t("area.hand", { n: toppings });
  if (stacks === toppings) return title;
  return ctx.t("area.hand.stacked", { hand: title, stacks: ctx.t("hand.stacks", { n: stacks }) });
}

// Out of this round: say so, rather than an empty hand; once the game is
// over, nothing.
function handEmpty(ctx, view) {
  const place = (view.places || [])[ctx.seat];
  if (view.over || !place) return null;
  return ctx.el("div", { class: "hand-area" }, area(ctx, ctx.t("area.hand", { n: 0 }),
    ctx.el("p", {}, ctx.t("hand.out", { n: place }))));
}

function pizzaArea(ctx, view) {
  if (!view.base) return area(ctx, ctx.t("area.pizza"), ctx.el("p", {}, ctx.t("pizza.none")));
  const pile = view.pile.map(([seat, value]) => ctx.el("div", { class: "spot" },
    topping(ctx, value, view.base_size), ctx.el("span", {}, ctx.name(seat))));
  const need = needLine(ctx, view);
  return area(ctx, ctx.t("area.pizza"),
    ctx.el("div", { class: "spots" }, ctx.el("div", { class: "spot" },
      baseCard(ctx, view.base, view.base_size),
      ctx.el("span", {}, ctx.t("pizza.turned", { name: ctx.name(view.turner) }))), pile),
    need ? ctx.el("p", {}, ctx.el("span", { class: "need" }, need), " ", ctx.term("base"))
      : null);
}

// What may be played on this pizza now, as the viewer can act on it; none
// once the game is over.
function needLine(ctx, view) {
  const n = view.base_size;
  if (view.over) return null;
  if (view.top === null || view.top === undefined) return ctx.t("pizza.any", { n });
  if (view.top >= HIGHEST) return ctx.t("pizza.top", { value: view.top, n });
  const mine = ctx.seat !== null && ctx.seat !== undefined && view.hand;
  if (mine && (view.passed || []).includes(ctx.seat)) {
    return ctx.t("pizza.you_passed", { value: view.top });
  }
  if (!beatable(view)) return ctx.t("pizza.unbeatable", { value: view.top, n });
  if (mine && view.hand.length && !canBeat(view.hand, view.top, n)) {
    return ctx.t("pizza.cannot", { value: view.top, n });
  }
  return ctx.t("pizza.beat", { value: view.top, n });
}

function canBeat(hand, top, n) {
  return counts(hand).some(([value, held]) => value > top && held >= n);
}

// Whether anyone may still hold n equal toppings above the top: a value
// is out of reach once too many of its four copies have been played.
function beatable(view) {
  for (let value = view.top + 1; value <= HIGHEST; value += 1) {
    const played = (view.played || []).flat().filter((v) => v === value).length;
    if (COPIES - played >= view.base_size) return true;
  }
  return false;
}

// The bases left, by size, each named: "In the base deck: small (x1) 15, ...".
function deckArea(ctx, view) {
  const makeup = Object.entries(view.base_deck_makeup || {}).map(([base, n]) =>
    ctx.t("deck.kind", { base: ctx.t(`base.short.${base}`), n }));
  return ctx.el("div", { class: "spots" },
    ctx.el("div", { class: "spot" }, cardBack({ label: ctx.t("deck", { n: view.base_deck }),
      count: view.base_deck }), ctx.el("span", {}, ctx.t("deck", { n: view.base_deck }))),
    makeup.length ? ctx.el("p", { class: "deck-makeup" },
      ctx.t("deck.makeup", { list: makeup.join(ctx.t("list.sep")) })) : null);
}

function seatsTable(ctx, view) {
  const state = (seat) => {
    if (view.over) return "";  // no pizza is being played any more
    const place = (view.places || [])[seat];
    if (place) return ctx.t("seat.finished", { n: place });
    return (view.passed || []).includes(seat) ? ctx.t("seat.passed") : "";
  };
  return ctx.el("table", {}, ctx.el("tr", {}, ["player", "cards", "now", "places"]
    .map((k) => ctx.el("th", {}, ctx.t(`col.${k}`)))),
  Array.from({ length: ctx.players }, (_, seat) => ctx.el("tr", {},
    ctx.el("td", {}, ctx.name(seat)), ctx.el("td", {}, String(view.hand_sizes[seat])),
    ctx.el("td", {}, state(seat)),
    ctx.el("td", {}, placeList(ctx, view.scores[seat] || [])))));
}

function placeList(ctx, places) {
  return places.map((n) => ctx.t("place", { n })).join(ctx.t("list.sep"));
}

// A seat chip's words: its places in the rounds played (the game has no
// points: the final round's place decides), and its place in this round
// once out. The catalogs' "seat.score" is "{score}", so these words stand
// alone rather than after the shell's "score".
function standing(ctx, view, seat) {
  const places = view.scores[seat] || [];
  const words = [];
  if (places.length === 1) words.push(ctx.t("standing.round", { place: places[0] }));
  if (places.length > 1) words.push(ctx.t("standing.rounds", { places: placeList(ctx, places) }));
  const now = view.over ? null : (view.places || [])[seat];
  if (now) words.push(ctx.t("seat.finished", { n: now }));
  return words.length ? words.join(ctx.t("standing.sep")) : undefined;
}

export default {
  render(view, ctx) {
    const head = ctx.el("p", {}, view.rounds === 0
      ? ctx.t("round.endless", { n: view.round }) : ctx.t("round.of", { n: view.round,
        total: view.rounds }), view.simple ? ` · ${ctx.t("simple")}` : "", " ",
    ctx.term("chefs"));
    return ctx.el("div", { class: "pizzamania" }, head, pizzaArea(ctx, view), deckArea(ctx, view),
      handArea(ctx, view), chefsArea(ctx, view),
      area(ctx, ctx.t("area.players"), seatsTable(ctx, view)));
  },

  describe(e, ctx) {
    const name = (s) => ctx.name(s);
    switch (e.type) {
      case "deal": return ctx.t("event.deal", { round: e.round, n: e.cards_each,
        aside: e.set_aside });
      case "hand": return ctx.t("event.hand", { cards: e.cards.join(", ") });
      case "bases": return ctx.t("event.bases", { n: e.count });
      case "base": return ctx.t("event.base", { name: name(e.seat), base: ctx.t(`base.${e.base}`) });
      case "play": return ctx.t("event.play", { name: name(e.seat), value: e.value, n: e.count });
      case "pass": return ctx.t("event.pass", { name: name(e.seat) });
      case "pizza": return ctx.t("event.pizza", { name: name(e.seat), base: ctx.t(`base.${e.base}`),
        value: e.top });
      case "dead_base": return ctx.t("event.dead_base", { base: ctx.t(`base.${e.base}`) });
      case "out": return ctx.t("event.out", { name: name(e.seat), n: e.place });
      case "round_end": return ctx.t("event.round_end", { round: e.round,
        order: e.order.map(name).join(", ") });
      case "chefs": return ctx.t("event.chefs", { list: Object.entries(e.holders)
        .map(([chef, s]) => `${ctx.t(`chef.${chef}`)}: ${name(s)}`).join(", ") });
      case "exchange": return ctx.t(`event.exchange.${e.which}`, { chef: ctx.t(`chef.${e.chef}`),
        name: name(e.giver), to: name(e.receiver), n: e.count });
      case "gift": return ctx.t("event.gift", { name: name(e.giver), to: name(e.receiver),
        cards: e.cards.join(", ") });
      case "reshuffle": return ctx.t("event.reshuffle", { n: e.count });
      case "continue_or_stop": return ctx.t("event.continue_or_stop", { round: e.round });
      case "choice": return ctx.t(`event.choice.${e.choice}`, { name: name(e.seat) });
      case "chosen": return ctx.t("event.chosen", { name: name(e.seat) });
      case "choices": return ctx.t("event.choices", { list: e.choices
        .map((c, s) => `${name(s)}: ${ctx.t(`action.${c}`)}`).join(", ") });
      case "game_end": return ctx.t("event.game_end", { name: name(e.winner) });
      default: return ctx.t(`event.${e.type}`);
    }
  },

  summary(result, view, ctx) {
    const rounds = (result.scores[0] || []).map((_, i) => result.scores.map((p) => p[i]));
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("summary.winner", { name: ctx.name(result.winner) })),
      ctx.el("table", {}, ctx.el("tr", {}, ctx.el("th", {}, ctx.t("col.player")),
        rounds.map((_, i) => ctx.el("th", {}, ctx.t("summary.round", { n: i + 1 })))),
      Array.from({ length: ctx.players }, (_, seat) => ctx.el("tr", {},
        ctx.el("td", {}, ctx.name(seat)),
        rounds.map((places) => ctx.el("td", {}, String(places[seat])))))),
      ctx.el("p", {}, ctx.t("summary.places")));
  },

  label(action, ctx) {
    const [verb, value] = action.split(" ");
    return value ? ctx.t("play.label", { value, n: 1 }) : ctx.t(`action.${verb}`);
  },

  scores(view, ctx) {
    return view.scores.map((_, seat) => standing(ctx, view, seat));
  },

  // A refused move's reason in the page's language (rules/legal.py gives
  // the key and its facts): a base code is named as the page names it; the
  // topping values are the digits the cards show.
  reason(key, params, ctx) {
    if (!ctx.t.has(`reason.${key}`)) return null;
    const words = { ...params };
    if (params.base) words.base = ctx.t(`base.${params.base}`);
    return ctx.t(`reason.${key}`, words);
  },

  // What a card does (docs/games/pizzamania.md): a topping is beaten only
  // by a higher value, a base sets how many equal toppings make a play, a
  // chef card says what its holder gives before the next round.
  cardInfo(code, ctx) {
    if (/^x[123]$/.test(code)) return ctx.t(`info.${code}`);
    if (CHEFS.includes(code)) return ctx.t(`info.chef.${code}`);
    const value = Number(code);
    if (!Number.isInteger(value)) return null;
    return value >= HIGHEST ? ctx.t("info.topping.top", { value })
      : ctx.t("info.topping", { value, next: value + 1 });
  },
};
