// SVG card primitives the games share: a card's frame and corner text.
// Each game draws its own face inside; colour is never the only mark, so
// callers pass a letter or glyph with every colour.
import { svg } from "./dom.js";

export const CARD_W = 60;
export const CARD_H = 90;

// A card: rounded frame, a corner mark top-left and bottom-right (rotated),
// and whatever `face` nodes the game draws in the 60x90 box.
export function card({ fill = "#fff", stroke = "#333", corner = "", ink = "#111",
  face = [], label = "", className = "" } = {}) {
  return svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: `card ${className}`.trim(),
    role: "img", "aria-label": label },
  svg("title", {}, label),
  svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill, stroke,
    "stroke-width": 1.5 }),
  corner ? cornerText(corner, ink, false) : null,
  corner ? cornerText(corner, ink, true) : null,
  face);
}

function cornerText(text, ink, flipped) {
  const attrs = { x: 6, y: 16, fill: ink, "font-size": 13, "font-weight": "bold",
    "font-family": "system-ui, sans-serif" };
  if (flipped) attrs.transform = `rotate(180 ${CARD_W / 2} ${CARD_H / 2})`;
  return svg("text", attrs, text);
}

// The back of a card (a hidden card, a deck).
export function cardBack({ label = "", count = null } = {}) {
  return svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "card back", role: "img",
    "aria-label": label },
  svg("title", {}, label),
  svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, fill: "#35577d",
    stroke: "#1d3350", "stroke-width": 1.5 }),
  svg("rect", { x: 7, y: 7, width: CARD_W - 14, height: CARD_H - 14, rx: 4, fill: "none",
    stroke: "#9fb8d6", "stroke-dasharray": "3 3" }),
  count === null ? null : svg("text", { x: CARD_W / 2, y: CARD_H / 2 + 6, fill: "#fff",
    "font-size": 18, "text-anchor": "middle", "font-family": "system-ui, sans-serif" },
  String(count)));
}

// A row of cards, each a move when `tokens(card)` reaches a legal action.
export function cardRow(ctx, cards, draw, tokens = null, label = (c) => c, className = "hand") {
  return ctx.el("div", { class: className }, cards.map((code) => {
    const node = ctx.el("span", { class: "card-slot" }, draw(code));
    return tokens ? ctx.choice(node, tokens(code), label(code)) : node;
  }));
}

// A titled area of the table.
export function area(ctx, title, ...children) {
  return ctx.el("section", { class: "area" }, ctx.el("h3", {}, title), children);
}
