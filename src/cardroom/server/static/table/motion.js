// Movement you can follow: after a push redraws the board, the cards that
// moved slide from where they were (FLIP: measure first, redraw, measure
// last, invert with a transform, play it back), a card another seat played
// comes from that seat, a taken trick goes to its taker, dealt cards arrive
// and dice roll. It is built only from the push's events and the drawn
// cards, so a game needs nothing but the small event map below.
//
// Cards are known by their accessible name (their `aria-label`; the n-th
// card of the same name counts apart), so a card in the hand before and on
// the table after is the same card. Nothing moves under
// `prefers-reduced-motion`, in a hidden tab, on the first drawing, or when
// many events come at once (catching up after a reload or a reconnect).
import { CARD_SELECTOR } from "../lib/cards.js";

export const MOTION_MS = 260;
// More events than this in one push is catching up, not play to follow.
export const MANY_EVENTS = 6;

// What an event type moves. `from`/`to` name the event field holding the seat.
export const EVENT_MOTION = {
  play: { kind: "play", from: "seat" },
  place: { kind: "play", from: "seat" },
  discard: { kind: "play", from: "seat" },
  give: { kind: "play", from: "seat" },
  trick: { kind: "take", to: "winner" },
  take: { kind: "take", to: "seat" },
  take_column: { kind: "take", to: "seat" },
  pizza: { kind: "take", to: "seat" },
  roll: { kind: "roll" },
  die: { kind: "roll" },
  avoid_roll: { kind: "roll" },
  deal: { kind: "deal", from: "dealer" },
  hand: { kind: "deal" },
  draw: { kind: "deal" },
  drew: { kind: "deal" },
  received: { kind: "deal", from: "from" },
};

// Whether a push with these events should move anything at all.
export function shouldMove(events, reduced = prefersReduced()) {
  if (reduced || document.hidden) return false;
  const moving = events.filter((event) => EVENT_MOTION[event.type]);
  return moving.length > 0 && events.length <= MANY_EVENTS;
}

function prefersReduced() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export class Motion {
  // `root`: the table page (the seats are found in it); `board`: the node
  // the game draws into.
  constructor(root, board) {
    this.root = root;
    this.board = board;
    this.snapshot = null;
  }

  // Before a redraw: where every card is, relative to the board; only when
  // new events came (a clock's tick measures nothing).
  before(changed) {
    this.snapshot = null;
    if (!changed.has("log") || !this.board.isConnected) return;
    const origin = this.board.getBoundingClientRect();
    this.snapshot = { origin, cards: cardsIn(this.board) };
    for (const entry of this.snapshot.cards.values()) entry.box = entry.node.getBoundingClientRect();
  }

  // After the redraw: animate what this push's events moved.
  after(events) {
    const snapshot = this.snapshot;
    this.snapshot = null;
    if (!snapshot || !this.board.isConnected || !shouldMove(events)) return;
    const plan = planOf(events);
    const origin = this.board.getBoundingClientRect();
    const now = cardsIn(this.board);
    const arrived = [];
    for (const [key, entry] of now) {
      const old = snapshot.cards.get(key);
      if (old) slide(entry.node, old.box, snapshot.origin, origin);
      else if (!entry.node.classList.contains("back")) arrived.push(entry.node);
    }
    if (plan.from !== undefined && arrived.length) this.arrive(arrived, plan);
    if (plan.take !== undefined) this.take(snapshot, now, plan.take);
    if (plan.roll) this.roll();
  }

  // New cards: from the seat that played or dealt them, else from the board's top.
  arrive(nodes, plan) {
    const seat = this.seatNode(plan.from);
    const source = seat ? seat.getBoundingClientRect() : topOf(this.board);
    nodes.forEach((node, i) => {
      const box = node.getBoundingClientRect();
      const dx = source.left + source.width / 2 - (box.left + box.width / 2);
      const dy = source.top + source.height / 2 - (box.top + box.height / 2);
      const stagger = plan.kind === "deal" ? Math.min(i * 15, 90) : 0;
      node.animate([
        { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.3 },
        { transform: "none", opacity: 1 },
      ], { duration: MOTION_MS - stagger, delay: stagger, easing: "ease-out", fill: "backwards" });
    });
  }

  // Cards gone from the board fly to the taker; the taker's seat nods.
  take(snapshot, now, seatIndex) {
    const seat = this.seatNode(seatIndex);
    if (!seat) return;
    const target = seat.getBoundingClientRect();
    for (const [key, entry] of snapshot.cards) {
      if (!now.has(key)) ghost(entry.node, entry.box, target);
    }
    seat.animate([{ transform: "scale(1.06)" }, { transform: "none" }],
      { duration: MOTION_MS, easing: "ease-out" });
  }

  roll() {
    for (const die of this.board.querySelectorAll(".die")) {
      die.animate([{ transform: "rotate(-200deg) scale(0.7)" }, { transform: "none" }],
        { duration: MOTION_MS, easing: "ease-out" });
    }
  }

  // A seat's panel: marked with `data-seat`, else the n-th of the seat list.
  seatNode(seat) {
    if (typeof seat !== "number") return null;
    const marked = [...this.root.querySelectorAll(`[data-seat="${seat}"]`)]
      .find((node) => !this.board.contains(node));
    return marked || this.root.querySelector(`.seats > li:nth-child(${seat + 1})`);
  }
}

// The push's events in terms of movement: where arrivals come from (the
// last event naming a seat), who takes, whether dice roll.
function planOf(events) {
  const plan = { kind: null, from: undefined, take: undefined, roll: false };
  for (const event of events) {
    const motion = EVENT_MOTION[event.type];
    if (!motion) continue;
    if (motion.kind === "roll") plan.roll = true;
    else if (motion.kind === "take") plan.take = event[motion.to];
    else if (plan.kind !== "play" || motion.kind === "play") {
      plan.kind = motion.kind;
      plan.from = motion.from ? event[motion.from] ?? null : null;
    }
  }
  return plan;
}

// The drawn cards by name; the second card of one name is "name#2".
function cardsIn(board) {
  const cards = new Map();
  const seen = new Map();
  for (const node of board.querySelectorAll(CARD_SELECTOR)) {
    const name = node.getAttribute("aria-label") || node.getAttribute("data-card");
    if (!name) continue;
    const n = (seen.get(name) || 0) + 1;
    seen.set(name, n);
    cards.set(n === 1 ? name : `${name}#${n}`, { node });
  }
  return cards;
}

// FLIP: the card is drawn where it ends; it starts where it was.
function slide(node, oldBox, oldOrigin, origin) {
  const box = node.getBoundingClientRect();
  const dx = (oldBox.left - oldOrigin.left) - (box.left - origin.left);
  const dy = (oldBox.top - oldOrigin.top) - (box.top - origin.top);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: MOTION_MS, easing: "ease-out" });
}

// A copy of a card that left the board, flown from where it was to `target`.
function ghost(node, box, target) {
  const copy = node.cloneNode(true);
  copy.removeAttribute("tabindex");
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("card-ghost");
  Object.assign(copy.style, { position: "fixed", left: `${box.left}px`, top: `${box.top}px`,
    width: `${box.width}px`, height: `${box.height}px`, margin: "0", pointerEvents: "none",
    zIndex: "20" });
  document.body.append(copy);
  const dx = target.left + target.width / 2 - (box.left + box.width / 2);
  const dy = target.top + target.height / 2 - (box.top + box.height / 2);
  const run = copy.animate([
    { transform: "none", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 },
  ], { duration: MOTION_MS, easing: "ease-in", fill: "forwards" });
  run.onfinish = () => copy.remove();
  run.oncancel = () => copy.remove();
}

function topOf(board) {
  const box = board.getBoundingClientRect();
  return { left: box.left + box.width / 2 - 1, top: box.top, width: 2, height: 2 };
}
