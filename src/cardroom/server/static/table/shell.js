// The table page's shell: the nodes around the game's drawing (seats,
// prompt, move being built, move buttons, board, tools, summary, log,
// chat). Each part is drawn from named facts of the state and redrawn only
// when one of them changed.
import { el, clear } from "../lib/dom.js";
import { tokens } from "../lib/compose.js";
import { gameContext } from "./context.js";
import { Motion } from "./motion.js";
import { endScreen, bringIntoView } from "./end.js";
import { cardTips, cardMeaning, focusableCards } from "../lib/cards.js";
import { ringPlaces, seatPanel, seatName, clockText, LOW_CLOCK_S, chatBox, logBox, rulesDialog, inviteBox,
  rankingList } from "./parts.js";

// In drawing order: the move buttons list what the board does not reach.
const PARTS = {
  seats: ["info", "view", "seat", "clocks", "thinking"],
  prompt: ["info", "view", "seat", "notice", "connected", "clocks"],
  board: ["info", "view", "log", "seat", "moves", "hint", "connected"],
  compose: ["moves", "connected"],
  actions: ["info", "view", "log", "seat", "moves", "hint", "connected"],
  tools: ["info", "view", "seat", "moves", "alerts"],
  summary: ["info", "view", "result"],
};

export class Shell {
  // `on`: what the person's clicks do ({pick, whyNot, confirm, back,
  // clearBatch, hint, leave, stop, canStop, comeBack, chat, alertTools}),
  // given by the page.
  constructor({ ctx, game, state, moves, on }) {
    Object.assign(this, { ctx, state, moves, on, t: game.t, module: game.module });
    this.build(state.info.game);
    this.focus = new FocusKeeper(this.root);
    // Cards that move with the events (motion.js) and say what they are (cards.js).
    this.motion = new Motion(this.root, this.nodes.board);
    this.tips = cardTips(this.root, (code) => cardMeaning(this.module, code, this.gameContext()));
  }

  build(gameId) {
    const t = this.t;
    this.nodes = {
      seats: el("div", { class: "seats-wrap" }),
      prompt: el("p", { class: "prompt", role: "status", "aria-live": "polite" }),
      why: el("p", { class: "why-not", role: "alert", hidden: true }),
      compose: el("div", { class: "compose", hidden: true }),
      actions: el("div", { class: "actions", role: "group", "aria-label": t("table.moves") }),
      board: el("div", { class: "board" }),
      summary: el("div", { class: "summary" }),
      tools: el("div", { class: "tools" }),
    };
    this.log = logBox(t);
    this.chat = chatBox(t, this.on.chat);
    const n = this.nodes;
    // The prompt and the moves stay in view in a bar at the top of the
    // window (a phone too), over seats placed around the board.
    this.root = el("section", { class: `table-page game-${gameId}` },
      el("div", { class: "table-head" }, el("h1", {}, t("name")), n.tools),
      el("div", { class: "play-area" },
        el("div", { class: "status-bar" }, n.prompt, n.compose, n.actions),
        // The result first: the summary is empty until the game is over.
        n.summary, n.seats),
      el("aside", { class: "side" }, this.log.node, this.chat.node));
    clear(this.ctx.main, this.root);
  }

  // Draws the parts drawn from the facts that changed; new events go to the log.
  redraw(changed, events) {
    for (const event of events) this.addLine(event);
    if (!this.state.view) return;
    this.focus.before();
    this.motion.before(changed);
    for (const [part, needs] of Object.entries(PARTS)) {
      if (needs.some((name) => changed.has(name))) this[part]();
    }
    this.focus.after();
    this.motion.after(events);
    this.tips.redrawn();
  }

  gameContext() {
    const { t, state, moves } = this;
    const play = { legal: moves.legal, step: moves.step,
      can: (more) => moves.can(more), chosen: (part) => moves.chosen(part),
      choice: (node, more, label) => this.choice(node, more, label) };
    return gameContext({ t, lang: this.ctx.lang, info: state.info, seat: state.seat,
      log: state.log, play });
  }

  // A game module's failure shows where its drawing would be, not a blank page.
  safely(draw, fallback) {
    try {
      return draw();
    } catch (err) {
      console.error(err);
      return fallback(err);
    }
  }

  addLine(event) {
    const line = this.safely(() => this.module.describe(event, this.gameContext()), () => null);
    if (line) this.log.add(line);
  }

  label(action) {
    return this.safely(() => this.module.label(action, this.gameContext()), () => action);
  }

  // The rules' reason for a refusal in the page's language: the game's
  // reason(key, params, ctx) where it words the facts itself (card codes as
  // names), else its catalog's reason.<key>; null when neither knows it.
  reasonWords(reason) {
    const { key, params } = reason || {};
    if (typeof key !== "string") return null;
    const ctx = this.gameContext();
    if (this.module.reason) {
      return this.safely(() => this.module.reason(key, params || {}, ctx), () => null);
    }
    return this.t.has(`reason.${key}`) ? this.t(`reason.${key}`, params || {}) : null;
  }

  // ---- the parts ---------------------------------------------------------

  // The board sits in the middle of the seats' ring, placed once: a
  // redraw of the seats (every clock tick) replaces only their panels, so
  // the board, and a focused card on it, stay where they are.
  seats() {
    const { t, state } = this;
    const { view, info, seat } = state;
    const scores = this.module.scores ? this.module.scores(view, this.gameContext())
      : view.scores.map((s) => String(s));
    const facts = { toAct: view.to_act, mySeat: seat, scores, thinking: state.thinking,
      handSizes: Array.isArray(view.hand_sizes) ? view.hand_sizes : [] };
    const places = ringPlaces(info.seats.length, seat);
    const key = JSON.stringify(places);
    if (key !== this.ringKey) {
      this.ringKey = key;
      this.ring = Object.fromEntries(Object.keys(places).map(
        (place) => [place, el("div", { class: `ring-${place}`, role: "list" })]));
      const { left, top, right, bottom } = this.ring;
      clear(this.nodes.seats, el("div", { class: "ring", "aria-label": t("table.seats") },
        top, left, el("div", { class: "ring-board" }, this.nodes.board, this.nodes.why),
        right, bottom));
    }
    for (const [place, seats] of Object.entries(places)) {
      clear(this.ring[place], seats.map((s) => seatPanel(t, info, facts, s, place)));
      this.ring[place].hidden = seats.length === 0;
    }
  }

  // Why the card or move just clicked cannot be played, next to it.
  whyNot(text, node) {
    const why = this.nodes.why;
    why.textContent = text;
    why.hidden = !text;
    clearTimeout(this.whyTimer);
    if (!text) return;
    const box = why.parentElement.getBoundingClientRect();
    const at = node && node.isConnected ? node.getBoundingClientRect() : null;
    why.style.left = at ? `${Math.max(0, Math.min(at.left - box.left, box.width - 260))}px` : "";
    why.style.top = at ? `${Math.max(0, at.top - box.top - why.offsetHeight - 6)}px` : "";
    this.whyTimer = setTimeout(() => this.whyNot(""), 6000);
  }

  refused(message) {
    this.promptShown = null;
    clear(this.nodes.prompt, el("span", { class: "error", role: "alert" }, message));
  }

  // Redrawn only when its words change, so "I'm back" stays under a click.
  prompt() {
    const { t, state } = this;
    const mine = state.seat === null ? null : state.info.seats[state.seat];
    const away = Boolean(mine && mine.control === "away");
    const words = promptWords(t, state);
    const warning = lowClockWarning(t, state);
    const shown = JSON.stringify([words, away, state.notice, state.info.status,
      state.connected, warning]);
    if (shown === this.promptShown) return;
    this.promptShown = shown;
    const nodes = [el("span", {}, words)];
    if (!state.connected) {
      nodes.push(el("span", { class: "offline-note" }, t("table.offline_moves_wait")));
    }
    if (warning) nodes.push(el("span", { class: "clock-warning", role: "alert" }, warning));
    if (away) {
      nodes.push(" ", el("span", {}, t("table.bot_plays_for_you")), " ",
        el("button", { type: "button", onclick: this.on.comeBack }, t("table.im_back")));
    }
    if (state.notice) nodes.push(el("span", { class: "notice", role: "alert" }, state.notice));
    if (state.info.status === "waiting") nodes.push(inviteBox(t, state.info));
    clear(this.nodes.prompt, nodes);
  }

  board() {
    clear(this.nodes.board, this.safely(
      () => this.module.render(this.state.view, this.gameContext()),
      (err) => el("p", { class: "error" }, String(err.message || err))));
    focusableCards(this.nodes.board);
  }

  compose() {
    const { t, moves } = this;
    const nodes = [];
    if (moves.batch) {
      nodes.push(el("span", {}, t("table.chosen_of",
        { n: moves.selection.length, count: moves.batch.count })));
      if (moves.selection.length) {
        nodes.push(this.button("clear", t("table.clear"), this.on.clearBatch));
      }
      if (moves.batchFull()) nodes.push(this.confirmButton());
    } else if (moves.step.length) {
      nodes.push(el("span", {}, t("table.building", { move: this.label(moves.composer.action()) })),
        this.button("back", t("table.back"), this.on.back));
      if (moves.composer.complete()) nodes.push(this.confirmButton());
    }
    clear(this.nodes.compose, nodes);
    this.nodes.compose.hidden = nodes.length === 0;
  }

  button(key, text, onclick) {
    return el("button", { type: "button", class: "secondary", "data-key": key, onclick }, text);
  }

  // Disconnected, nothing is offered as playable: it could not be sent.
  confirmButton() {
    if (!this.state.connected) {
      return el("button", { type: "button", class: "confirm", disabled: true },
        this.t("table.confirm"));
    }
    return el("button", { type: "button", class: "confirm", "data-confirm": "",
      "data-key": "confirm", onclick: this.on.confirm }, this.t("table.confirm"));
  }

  // Every legal move that the drawn table does not reach gets a button.
  actions() {
    const { moves } = this;
    const reached = [...this.nodes.board.querySelectorAll("[data-action]")]
      .map((node) => node.getAttribute("data-action"));
    const step = moves.step;
    const rest = moves.legal.filter((action) => {
      const parts = tokens(action);
      if (!step.every((tok, i) => parts[i] === tok) || parts.length <= step.length) return false;
      if (moves.inBatch(parts)) return false;
      return !reached.some((prefix) => action === prefix || action.startsWith(`${prefix} `));
    });
    clear(this.nodes.actions, rest.map((action) => this.choice(
      el("button", { type: "button" }, this.label(action)),
      tokens(action).slice(step.length), this.label(action))));
  }

  // Redrawn only when the set of buttons changes: on a table of bots the
  // view changes many times a second, and a button redrawn under a click
  // would miss it.
  tools() {
    const { t, state, on } = this;
    const tools = [["rules", t("table.rules"), () => rulesDialog(t, state.info.game).showModal()]];
    if (state.info.hints && state.seat !== null && this.moves.legal.length > 0) {
      tools.push(["hint", t("table.hint"), on.hint]);
    }
    // Leaving is offered only to a seat still its person's: not after
    // leaving, not to a spectator, not once the game is over.
    if (state.holdsSeat() && !state.view.over && state.info.status === "playing") {
      tools.push(["leave", t("table.leave"), on.leave]);
    }
    if (on.canStop()) tools.push(["stop", t("table.stop"), on.stop]);
    tools.push(...on.alertTools());
    const shown = tools.map(([key, text]) => `${key}:${text}`).join(" ");
    if (shown === this.toolsShown) return;
    this.toolsShown = shown;
    clear(this.nodes.tools, tools.map(([key, text, onclick]) => this.button(key, text, onclick)));
  }

  summary() {
    const { t, state } = this;
    if (!state.view.over || !state.result) {
      clear(this.nodes.summary);
      return;
    }
    const detail = this.safely(
      () => this.module.summary(state.result, state.view, this.gameContext()),
      (err) => el("p", { class: "error" }, String(err.message || err)));
    const first = !this.nodes.summary.firstChild;
    const final = endScreen(t, state, detail);
    clear(this.nodes.summary, final);
    focusableCards(final);
    if (first) bringIntoView(final);
  }

  // ---- a move on the drawn table ------------------------------------------

  // ctx.choice (docs/pages.md): makes `node` a move reaching step + `more`.
  choice(node, more, label) {
    const { moves, state } = this;
    if (!moves.can(more) || !state.connected) {
      node.setAttribute("aria-disabled", "true");
      node.classList.add("unplayable");
      // A seat's click on what cannot be played asks the server why.
      if (state.holdsSeat()) {
        node.addEventListener("click", (event) => {
          event.stopPropagation();
          this.on.whyNot(more, node);
        });
      }
      return node;
    }
    const prefix = [...moves.step, ...more].join(" ");
    const hint = this.state.hint;
    node.classList.add("legal");
    if (moves.chosen(more)) node.classList.add("selected");
    if (hint && (hint === prefix || hint.startsWith(`${prefix} `))) node.classList.add("hinted");
    node.setAttribute("data-action", prefix);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (label) node.setAttribute("aria-label", label);
    const go = (event) => {
      event.preventDefault();
      event.stopPropagation();
      this.on.pick(more);
    };
    node.addEventListener("click", go);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") go(event);
    });
    return node;
  }
}

// Said while the viewer's own clock runs low: at zero a bot plays for them.
function lowClockWarning(t, state) {
  const { info, seat } = state;
  if (!state.awaitsMe() || !info.clocks || info.status !== "playing") return "";
  if (info.seats[seat].control === "away") return ""; // too late: the bot plays already
  const left = info.clocks[seat];
  if (typeof left !== "number" || left >= LOW_CLOCK_S) return "";
  return t("table.clock_low", { time: clockText(left) });
}

function promptWords(t, state) {
  const { info, view, seat } = state;
  const parts = [];
  if (info.status === "waiting") parts.push(t("table.waiting_players"));
  else if (info.ended) parts.push(t(`table.ended_${info.ended}`));
  else if (view.over) parts.push(t("table.over"));
  else if (state.hasLeft()) parts.push(t("table.you_left"));
  else if (state.awaitsMe()) parts.push(t("table.your_turn"));
  else {
    const names = view.to_act.map((s) => seatName(t, info, s)).join(", ");
    parts.push(t("table.waiting_for", { names }));
  }
  if (seat === null) parts.push(t("table.watching"));
  return parts.join(" · ");
}

// Keyboard play: a redraw replaces nodes, so the focus follows what a node
// stands for (its move, data-action, or its button, data-key), not the node.
// After a redraw that dropped it, it goes to the same move or button, else
// Confirm, else a move the chosen one leads to, else the first move. While
// nothing is playable (an action on its way) it waits for the moves.
class FocusKeeper {
  constructor(root) {
    this.root = root;
    this.key = null;
  }

  before() {
    const active = document.activeElement;
    // On the body: dropped by an earlier redraw, and this.key still waits.
    if (!active || active === document.body) return;
    this.key = this.root.contains(active) ? keyOf(active) : null;
  }

  after() {
    const active = document.activeElement;
    const kept = active && active !== document.body && document.contains(active);
    if (this.key === null || kept) return;
    const nodes = [...this.root.querySelectorAll(".legal, [data-confirm]")];
    if (nodes.length === 0) return;
    const key = this.key;
    const target = this.root.querySelector(`[data-key="${CSS.escape(key)}"]`)
      || nodes.find((n) => n.getAttribute("data-action") === key)
      || nodes.find((n) => n.hasAttribute("data-confirm"))
      || nodes.find((n) => n.getAttribute("data-action")?.startsWith(`${key} `))
      || nodes[0];
    target.focus({ preventScroll: true });
  }
}

function keyOf(node) {
  return node.getAttribute("data-action") ?? node.getAttribute("data-key");
}
