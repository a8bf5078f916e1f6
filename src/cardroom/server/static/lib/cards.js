// SVG card primitives the games share: a card's frame and corner text.
// Each game draws its own face inside; colour is never the only mark, so
// callers pass a letter or glyph with every colour. Also the card tooltip:
// any drawn card says what it is (its accessible name) and, where the game
// module has `cardInfo(code, ctx)`, what it does (docs/pages.md).
import { el, svg } from "./dom.js";

export const CARD_W = 60;
export const CARD_H = 90;

// A card: rounded frame, a corner mark top-left and bottom-right (rotated),
// and whatever `face` nodes the game draws in the 60x90 box. `code` (the
// engine's card code) lets the tooltip ask the game what the card does.
// No SVG <title>: the tooltip below says the name, a native one would repeat it.
export function card({ fill = "#fff", stroke = "#333", corner = "", ink = "#111",
  face = [], label = "", className = "", code = null } = {}) {
  return svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: `card ${className}`.trim(),
    role: "img", "aria-label": label, "data-card": code },
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

// ---- the card tooltip ------------------------------------------------------

// What counts as a drawn card: the shared `card()`, a game's own card drawing
// (Love Formula's `lf-card`), or any node marked with `data-card`.
export const CARD_SELECTOR = "svg.card, svg.lf-card, [data-card]";
const LONG_PRESS_MS = 450;
let tipCount = 0;

// A card's meaning from the game module's optional `cardInfo(code, ctx)`:
// a sentence or two in the player's language, or null. A failing module
// only loses the sentence, the name still shows.
export function cardMeaning(module, code, ctx) {
  if (!code || !module || typeof module.cardInfo !== "function") return null;
  try {
    return module.cardInfo(code, ctx) || null;
  } catch (err) {
    console.error(err);
    return null;
  }
}

// Every card under `root` that is not already inside something focusable
// becomes focusable, so the keyboard reaches its tooltip too.
export function focusableCards(root) {
  for (const node of root.querySelectorAll(CARD_SELECTOR)) {
    if (node.hasAttribute("tabindex")) continue;
    if (node.parentElement && node.parentElement.closest("[tabindex], button, a[href]")) continue;
    node.setAttribute("tabindex", "0");
  }
}

// The card a pointer or focus event is about: the card itself, something
// inside it, or a focused wrapper (a move) holding exactly one card.
function cardOf(node) {
  if (!(node instanceof Element)) return null;
  const own = node.closest(CARD_SELECTOR);
  if (own) return own;
  const inside = node.querySelectorAll(CARD_SELECTOR);
  return inside.length === 1 ? inside[0] : null;
}

function codeOf(node) {
  const marked = node.closest("[data-card]") || node.querySelector("[data-card]");
  return marked ? marked.getAttribute("data-card") : null;
}

// One tooltip for every card under `root`, on hover, keyboard focus or a
// long press (touch). `meaning(code)` gives the game's sentence or null.
// Listeners sit on `root`, so cards redrawn later need nothing more.
export function cardTips(root, meaning) {
  const tip = el("div", { class: "card-tip", role: "tooltip", id: `card-tip-${++tipCount}`,
    hidden: true });
  root.append(tip);
  const state = { anchor: null, owner: null, timer: null, pressed: false };

  const show = (cardNode, owner) => {
    const name = cardNode.getAttribute("aria-label") || "";
    const info = meaning(codeOf(cardNode));
    if (!name && !info) return;
    tip.replaceChildren(el("strong", {}, name));
    if (info) tip.append(el("span", {}, info));
    tip.hidden = false;
    hideOwner();
    state.anchor = cardNode;
    state.owner = owner;
    if (owner) owner.setAttribute("aria-describedby", tip.id);
    place(tip, cardNode);
  };
  const hideOwner = () => {
    if (state.owner && state.owner.getAttribute("aria-describedby") === tip.id) {
      state.owner.removeAttribute("aria-describedby");
    }
    state.owner = null;
  };
  const hide = () => {
    tip.hidden = true;
    hideOwner();
    state.anchor = null;
  };

  root.addEventListener("mouseover", (event) => {
    const found = cardOf(event.target);
    if (found && found !== state.anchor && event.target.closest(CARD_SELECTOR)) show(found, null);
  });
  root.addEventListener("mouseout", (event) => {
    if (state.anchor && !state.anchor.contains(event.relatedTarget)) hide();
  });
  root.addEventListener("focusin", (event) => {
    const found = cardOf(event.target);
    if (found) show(found, event.target);
    else hide();
  });
  root.addEventListener("focusout", () => hide());
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !tip.hidden) hide();
  });
  longPress(root, state, show, hide);
  // A redraw (another seat's move) replaces the card under the tooltip: it
  // follows the same card in the new drawing, or goes when the card went.
  return {
    redrawn: () => {
      if (!state.anchor || state.anchor.isConnected) return;
      const again = sameCard(root, state.anchor);
      if (again) show(again, state.owner && state.owner.isConnected ? state.owner : null);
      else hide();
    },
  };
}

// The node drawing the same card as `old` (by code, else by name) under `root`.
export function sameCard(root, old) {
  const code = old.getAttribute("data-card");
  const name = old.getAttribute("aria-label");
  return [...root.querySelectorAll(CARD_SELECTOR)].find((node) => (code
    ? node.getAttribute("data-card") === code : node.getAttribute("aria-label") === name)) || null;
}

// Touch: holding a card shows its tooltip; the click that ends the hold
// does not play the card.
function longPress(root, state, show, hide) {
  const cancel = () => clearTimeout(state.timer);
  root.addEventListener("pointerdown", (event) => {
    state.pressed = false;
    cancel();
    if (event.pointerType === "mouse") return;
    const found = cardOf(event.target);
    if (!found) {
      hide();
      return;
    }
    state.timer = setTimeout(() => {
      const held = found.isConnected ? found : sameCard(root, found);
      if (!held) return;
      state.pressed = true;
      show(held, null);
    }, LONG_PRESS_MS);
  });
  for (const name of ["pointerup", "pointercancel", "pointermove"]) {
    root.addEventListener(name, (event) => {
      if (name !== "pointermove" || event.movementX ** 2 + event.movementY ** 2 > 64) cancel();
    });
  }
  root.addEventListener("contextmenu", (event) => {
    if (state.pressed) event.preventDefault();
  });
  root.addEventListener("click", (event) => {
    if (!state.pressed) return;
    state.pressed = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}

// Above the card, or below it when there is no room above; kept on screen.
function place(tip, cardNode) {
  const box = cardNode.getBoundingClientRect();
  tip.style.left = "0px";
  tip.style.top = "0px";
  const size = tip.getBoundingClientRect();
  const left = Math.max(4, Math.min(box.left + box.width / 2 - size.width / 2,
    window.innerWidth - size.width - 4));
  const above = box.top - size.height - 6;
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(above >= 4 ? above : box.bottom + 6)}px`;
}
