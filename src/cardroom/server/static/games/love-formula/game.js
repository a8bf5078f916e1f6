// Love Formula: draft, then play cards in priority order to complete each
// couple's perfect date. Card facts come from cards.json (built from the
// engine's card data by love_formula/render/webdata.py).
import { svg } from "../../lib/dom.js";

const CARDS = await fetch("/static/games/love-formula/cards.json").then((r) => r.json());
const TYPE_COLOURS = {
  preparation: "#dcfce7", couple: "#fce7f3", obstacle: "#fee2e2", connection: "#dbeafe",
  action: "#ffedd5", reaction: "#ede9fe", chance: "#fef9c3", goal: "#fae8ff", vp: "#f5f5f5",
};
const TYPE_MARKS = { preparation: "P", couple: "♥", obstacle: "✕", connection: "∞", action: "!",
  reaction: "↺", chance: "?", goal: "★" };

// The card face is laid out by measuring its words in the font it is drawn
// with, so a long title or type wraps or shrinks instead of being clipped
// (the names and types differ in length from language to language).
const CARD_FONT = 'system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans JP", sans-serif';
const LINE = 1.15; // baseline to baseline, in font sizes
const GLYPHS = 1.4; // a line's height from its ascent to its descent, in font sizes
const INNER = 80; // the card's 90 units less a margin on each side
const NAME = { sizes: [11.5, 10.5, 9.5, 8.5, 7.5], centre: 51, height: 58, bold: true };
const TYPE = { sizes: [9, 8, 7, 6.5], centre: 91.5, height: 21, bold: false };
const pen = document.createElement("canvas").getContext("2d");

function facts(code) {
  return CARDS[code] || { name_en: code, name_uk: code, type: "action", text: "" };
}

function cardName(ctx, code) {
  if (!code) return ctx.t("hidden");
  const f = facts(code);
  return ctx.lang === "uk" ? f.name_uk : f.name_en;
}

// A card's rules text in the page's language: the catalog's text.<design>,
// the design being the card's id without its copy number (kiss-2: text.kiss,
// vp-4-1: text.vp-4, promo-valentines-day-a1: text.promo-valentines-day-a);
// cards.json's English text only where the catalog lacks the key.
function textKey(code) {
  return `text.${code.replace(/-?\d+$/, "")}`;
}

function cardText(ctx, code) {
  const f = facts(code);
  const key = textKey(code);
  return f.text && ctx.t.has && ctx.t.has(key) ? ctx.t(key) : f.text;
}

function typeWord(ctx, f) {
  if (f.job) return ctx.t("type.job");
  return ctx.t(`type.${f.type}`) + (f.subtype ? ` (${ctx.t(`subtype.${f.subtype}`)})` : "");
}

function textWidth(text, size, bold) {
  pen.font = `${bold ? "bold " : ""}${size}px ${CARD_FONT}`;
  return pen.measureText(text).width;
}

// Where a line may break: between words, and inside a word too long for a
// line after a hyphen or between the words of a #HashTag (a lower-case
// letter, then a capital).
function pieces(text, size, bold) {
  return text.split(" ").filter(Boolean).flatMap((word) => {
    const parts = textWidth(word, size, bold) > INNER
      ? word.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=-)/u) : [word];
    return parts.map((part, i) => ({ part, glue: i ? "" : " " }));
  });
}

// The text in lines no wider than INNER at this size; a piece wider than a
// line keeps a line of its own (it is squeezed if nothing smaller fits).
function wrap(text, size, bold) {
  const lines = [];
  for (const { part, glue } of pieces(text, size, bold)) {
    const longer = lines.length ? lines[lines.length - 1] + glue + part : null;
    if (longer !== null && textWidth(longer, size, bold) <= INNER) lines[lines.length - 1] = longer;
    else lines.push(part);
  }
  return lines;
}

// The largest size at which every line is within the card and the lines
// fit their area; else the smallest size.
function fit(text, area) {
  for (const size of area.sizes) {
    const lines = wrap(text, size, area.bold);
    const tall = (lines.length - 1) * LINE * size + GLYPHS * size;
    if (tall <= area.height && lines.every((line) => textWidth(line, size, area.bold) <= INNER)) {
      return { size, lines };
    }
  }
  const size = area.sizes[area.sizes.length - 1];
  return { size, lines: wrap(text, size, area.bold) };
}

function textBlock(text, area, attrs) {
  const { size, lines } = fit(text, area);
  const first = area.centre - ((lines.length - 1) * LINE * size) / 2 + 0.35 * size;
  return lines.map((line, i) => svg("text", { x: 45, y: first + i * LINE * size,
    "text-anchor": "middle", "font-size": size, "font-weight": area.bold ? "bold" : null, ...attrs,
    ...(textWidth(line, size, area.bold) > INNER
      ? { textLength: INNER, lengthAdjust: "spacingAndGlyphs" } : {}) }, line));
}

export function drawCard(ctx, code, small = false) {
  const f = facts(code);
  const name = cardName(ctx, code);
  const type = typeWord(ctx, f);
  const label = [name, type, f.priority ? ctx.t("priority", { p: f.priority }) : "",
    f.vp ? ctx.t("vp.couple", { a: f.vp[0], b: f.vp[1] }) : ""].filter(Boolean).join(", ");
  const mark = f.type === "vp" ? ctx.t("mark.vp") : TYPE_MARKS[f.type] || "";
  return svg("svg", { viewBox: "0 0 90 120", class: `lf-card${small ? " small" : ""}`, role: "img",
    "aria-label": label, "data-type": type, "data-card": code, "font-family": CARD_FONT },
  svg("rect", { x: 1, y: 1, width: 88, height: 118, rx: 7, fill: TYPE_COLOURS[f.type] || "#fff",
    stroke: "#333", "stroke-width": 1.5 }),
  svg("text", { x: 6, y: 16, "font-size": 13, "font-weight": "bold", fill: "#111",
    class: "lf-mark" }, mark),
  f.priority ? svg("text", { x: 84, y: 16, "text-anchor": "end", "font-size": 12, fill: "#111",
    class: "lf-priority" }, f.priority) : null,
  textBlock(name, NAME, { fill: "#111", class: "lf-name" }),
  textBlock(type, TYPE, { fill: "#333", class: "lf-type" }),
  f.vp ? svg("text", { x: 45, y: 113, "text-anchor": "middle", "font-size": 9.5, fill: "#9d174d",
    class: "lf-vp" }, ctx.t("vp.pair", { a: f.vp[0], b: f.vp[1] })) : null,
  f.hearts ? svg("text", { x: 84, y: 113, "text-anchor": "end", "font-size": 9.5, fill: "#be123c",
    class: "lf-hearts" }, "♥".repeat(f.hearts)) : null);
}

function slot(ctx, code, tokens, small = false) {
  const node = ctx.el("span", { class: "card-slot" }, drawCard(ctx, code, small));
  if (!tokens) return node;
  const verb = tokens.find((t) => ctx.can(t)) || tokens.find((t) => asked(ctx, t[0]));
  return verb ? ctx.choice(node, verb, actionWords(ctx, verb)) : node;
}

// Whether a move of this verb is asked for now (none half built): a card
// that cannot make it is drawn unplayable, and a click on it says why.
function asked(ctx, verb) {
  return ctx.step.length === 0 && ctx.legal.some((a) => a.startsWith(`${verb} `));
}

function row(ctx, cards, tokens, small) {
  return ctx.el("div", { class: "hand" }, cards.map((c) => slot(ctx, c, tokens ? tokens(c) : null, small)));
}

function coupleNode(ctx, view, seat, couple) {
  const node = ctx.el("div", { class: "couple" }, slot(ctx, couple.card, null),
    ctx.el("div", { class: "attached" }, couple.attached.map((a) => slot(ctx, a.card,
      [["detach", a.card], ["remove", a.card]], true))),
    ctx.el("p", { class: "missing" }, couple.missing.length
      ? ctx.t("couple.missing", { list: couple.missing.map((k) => cardName(ctx, firstOf(k))).join(", ") })
      : couple.perfect ? ctx.t("couple.perfect") : "", " · ", ctx.t("vp", { n: couple.vp })));
  const tokens = [["target", String(seat), couple.card], ["attach", couple.card]];
  const step = ctx.step.length ? [[couple.card]] : [];
  const reach = [...step, ...tokens].find((t) => ctx.can(t));
  return reach ? ctx.choice(node, reach, ctx.t("couple.choose", { couple: cardName(ctx, couple.card) })) : node;
}

function firstOf(key) {
  return Object.keys(CARDS).find((code) => code === key || code.startsWith(`${key}-`)) || key;
}

function zoneNode(ctx, view, seat) {
  const zone = view.zones[seat];
  const mine = seat === ctx.seat;
  return ctx.el("section", { class: `zone${mine ? " mine" : ""}` },
    ctx.el("h3", {}, ctx.t("zone.of", { name: ctx.name(seat), vp: zone.vp,
      n: view.hand_sizes[seat] })),
    ctx.el("div", { class: "couples" }, zone.couples.map((c) => coupleNode(ctx, view, seat, c))),
    zone.loose.length ? ctx.el("div", {}, ctx.el("span", {}, ctx.t("zone.loose")),
      row(ctx, zone.loose, mine ? (c) => [["move", c], ["drop", c]] : null, true)) : null);
}

function tableNode(ctx, view) {
  if (!view.table || !view.table.some((c) => c !== null)) return null;
  const order = view.order && view.order.length ? view.order : view.table.map((_, s) => s);
  return ctx.el("section", {}, ctx.el("h3", {}, ctx.t("area.played"), " ", ctx.term("priority")),
    ctx.el("div", { class: "spots" }, order.map((seat) => ctx.el("div", { class: "spot" },
      view.table[seat] ? drawCard(ctx, view.table[seat], true) : ctx.el("span", {}, ctx.t("hidden")),
      ctx.el("span", {}, ctx.name(seat) + (view.turn === seat ? " ◀" : ""))))));
}

function handNode(ctx, view) {
  if (!view.hand) return null;
  const verbs = (c) => ["select", "react", "discard", "take", "draft", "play"].map((v) => [v, c]);
  const parts = [ctx.el("h3", {}, ctx.t("area.hand"), " ", ctx.term("select")), row(ctx, view.hand, verbs)];
  if (view.pack && view.pack.length) {
    parts.push(ctx.el("h3", {}, ctx.t("area.pack"), " ", ctx.term("draft")),
      row(ctx, view.pack, (c) => [["draft", c]]));
  }
  const texts = [...view.hand, ...(view.pack || [])].map((c) => ctx.el("li", {},
    ctx.el("b", {}, cardName(ctx, c)), ` (${typeWord(ctx, facts(c))}): ${cardText(ctx, c)}`));
  parts.push(ctx.el("details", {}, ctx.el("summary", {}, ctx.t("texts")), ctx.el("ul", {}, texts)));
  if (view.job) parts.push(ctx.el("p", {}, ctx.t("job", { card: cardName(ctx, view.job) })));
  if (view.selected) parts.push(ctx.el("p", {}, ctx.t("selected", { card: cardName(ctx, view.selected) })));
  return ctx.el("section", { class: "my-hand" }, parts);
}

function extrasNode(ctx, view) {
  const parts = [];
  if (view.chance) {
    parts.push(ctx.el("p", {}, ctx.t("chance.now", { card: view.chance.card
      ? cardName(ctx, view.chance.card) : ctx.t("none") }), " ", ctx.term("chance")));
  }
  if (view.goals) {
    parts.push(ctx.el("p", {}, ctx.t("goals.row", { list: view.goals.row.map((g) =>
      (g.face_up ? cardName(ctx, g.goal) : ctx.t("hidden")) + (g.won_by !== null && g.won_by !== undefined
        ? ` (${ctx.name(g.won_by)})` : "")).join(", ") }), " ", ctx.term("goals")));
  }
  if (view.discard && view.discard.length) {
    // Open while a card here can be taken, or the choice would be hidden.
    const open = view.discard.some((c) => ctx.can(["take", c]));
    parts.push(ctx.el("details", { open }, ctx.el("summary", {}, ctx.t("discard", { n: view.discard.length })),
      row(ctx, view.discard, (c) => [["take", c]], true)));
  }
  return parts;
}

function headNode(ctx, view) {
  return ctx.el("p", {}, ctx.t("stage", { n: view.stage }), " · ",
    view.step ? `${ctx.t(`step.${view.step}`)} · ` : "", ctx.t("deck", { n: view.deck_size }));
}

const EVENT_PARAMS = {
  seat: "name", target: "target", from: "from", owner: "owner", by: "by", revealer: "name",
};
const EVENT_CARDS = ["card", "couple", "against", "goal", "vp_card", "discarded"];
// The field an event counts, which picks its sentence's plural form.
const EVENT_COUNTS = { setup: "unused_jobs", draw: "count", extra_move: "moves", draft: "cards_each" };

function eventParams(ctx, e) {
  const p = { ...e };
  for (const [field, param] of Object.entries(EVENT_PARAMS)) {
    if (typeof e[field] === "number") p[param] = ctx.name(e[field]);
  }
  for (const field of EVENT_CARDS) {
    if (typeof e[field] === "string") p[field] = cardName(ctx, e[field]);
  }
  if (Array.isArray(e.cards)) {
    p.cards = e.cards.map((c) => (Array.isArray(c) ? `${ctx.name(c[0])}: ${cardName(ctx, c[1])}`
      : cardName(ctx, c))).join(", ");
  }
  if (Array.isArray(e.vp)) p.vp = e.vp.map((v, s) => `${ctx.name(s)} ${v}`).join(", ");
  if (Array.isArray(e.with)) p.with = e.with.map((c) => cardName(ctx, c)).join(", ");
  if (e.type === "round_rule") p.rule = ctx.t(`rule.${e.rule}`);
  if (typeof e.direction === "string") p.direction = ctx.t(`dir.${e.direction}`);
  p.n = e.type === "hearts" ? Math.abs(e.change) : e[EVENT_COUNTS[e.type]];
  return p;
}

// An event told in several forms: a card that targets a player rather than
// a couple, a preparation placed on a couple or in place of another, a
// couple that breaks up with nothing attached.
function eventKey(e) {
  if (e.type === "take") return `event.take.${e.from}`;
  if (e.type === "hearts") return `event.hearts.${e.change < 0 ? "lose" : "gain"}`;
  if (e.type === "target" && !e.couple) return "event.target.player";
  if (e.type === "place" && e.discarded) return "event.place.discarded";
  if (e.type === "place" && e.couple) return "event.place.couple";
  if (e.type === "couple_ends" && !(e.with && e.with.length)) return "event.couple_ends.alone";
  return `event.${e.type}`;
}

// What each verb's arguments are, for its sentence (action.<verb>).
const ACTION_ARGS = { target: ["name", "couple"], skip: ["name"], look: ["name"],
  attach: ["couple"], move: ["card", "couple"] };

function actionWords(ctx, tokens) {
  const [verb, ...args] = tokens;
  const params = {};
  (ACTION_ARGS[verb] || ["card"]).forEach((param, i) => {
    if (args[i] === undefined) return;
    params[param] = param === "name" ? ctx.name(Number(args[i])) : cardName(ctx, args[i]);
  });
  // "move <card>" before its couple is chosen
  const part = verb === "move" && args.length < 2 ? ".part" : "";
  return ctx.t(`action.${verb}${part}`, params);
}

// The facts of a reason (reason, below) that are card codes.
const REASON_CARDS = ["card", "couple", "against"];

function breakdownTable(ctx, breakdown) {
  const cols = ["vp", "couples", "preparations", "obstacles", "hand"];
  return ctx.el("table", {}, ctx.el("tr", {}, ctx.el("th", {}, ctx.t("col.player")),
    cols.map((c) => ctx.el("th", {}, ctx.t(`col.${c}`)))),
  breakdown.map((b, seat) => ctx.el("tr", {}, ctx.el("td", {}, ctx.name(seat)),
    cols.map((c) => ctx.el("td", {}, String(b[c] ?? ""))))));
}

export default {
  render(view, ctx) {
    return ctx.el("div", { class: "love-formula" }, headNode(ctx, view), extrasNode(ctx, view),
      tableNode(ctx, view), handNode(ctx, view),
      ctx.el("div", { class: "zones" }, view.zones.map((_, seat) => zoneNode(ctx, view, seat))));
  },

  describe(e, ctx) {
    return ctx.t(eventKey(e), eventParams(ctx, e));
  },

  summary(result, view, ctx) {
    const perfect = (result.breakdown || []).flatMap((b, seat) => (b.perfect || [])
      .map((c) => `${cardName(ctx, c)} (${ctx.name(seat)})`));
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("summary.most")),
      breakdownTable(ctx, result.breakdown || []),
      ctx.el("p", {}, ctx.t("summary.perfect", { list: perfect.join(", ") || "—" })));
  },

  label(action, ctx) {
    return actionWords(ctx, action.split(" "));
  },

  // The rules' reason for a refused move, its facts named in the page's
  // language (docs/pages.md, "A game module"). A card fact left null (no
  // card to name: "the card") keeps the engine's English sentence.
  reason(key, params, ctx) {
    if (!ctx.t.has(`reason.${key}`)) return null;
    const words = { ...params };
    for (const field of REASON_CARDS) {
      if (!(field in params)) continue;
      if (!params[field]) return null;
      words[field] = cardName(ctx, params[field]);
    }
    if (params.subtype) words.subtype = ctx.t(`subtype.${params.subtype}`);
    return ctx.t(`reason.${key}`, words);
  },

  // The card's type and its rules text in the page's language (the
  // catalogs' text.<design>, see cardText and the rules' "About the card
  // texts").
  cardInfo(code, ctx) {
    const f = CARDS[code];
    if (!f) return null;
    const type = typeWord(ctx, f);
    const head = type.charAt(0).toLocaleUpperCase(ctx.lang) + type.slice(1);
    return f.text ? ctx.t("info.card", { type: head, text: cardText(ctx, code) }) : head;
  },
};
