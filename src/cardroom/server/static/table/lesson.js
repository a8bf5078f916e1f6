// A lesson over the table page (/learn/<game>; docs/pages.md, "Lessons").
// The steps come from the game's lesson (GET /api/lessons/<game>): each is
// said in a panel at the top of the table, and the one thing to use is
// marked data-tutorial="target" (the Next button of a step that only
// explains, else the card or button that makes the step's next move).
// Every other move is inert: the page offers only the step's move, and a
// click on another says why (the step's words for a move the rules allow,
// the engine's reason for one they do not). When the last step is done the
// panel (data-tutorial="done") offers a practice game against easy bots.
import { el, clear } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";
import { errorText } from "../lib/i18n.js";

const PRACTICE_BOT = "easy";

export class LessonGuide {
  // `progress`: {step, part} reached (part: the step's moves made);
  // `save(progress)` keeps it for a reload.
  constructor({ t, lesson, progress, save }) {
    Object.assign(this, { t, lesson, save });
    this.steps = lesson.steps;
    this.index = Math.min(progress.step || 0, this.steps.length);
    this.part = progress.part || 0;
    this.node = el("section", { class: "lesson", "aria-live": "polite",
      "aria-label": t("learn.title", { game: t("name") }) });
    this.shown = null;
    this.playOn = false;
    this.onAdvance = () => {};
  }

  get done() {
    return this.index >= this.steps.length;
  }

  // Whether the lesson still decides what can be played.
  get active() {
    return !this.done;
  }

  expected() {
    const step = this.steps[this.index];
    return step ? step.do[this.part] ?? null : null;
  }

  // The moves the page offers: the step's move once it is legal; none
  // while a step explains; every legal move once the lesson is over.
  allowed(legal) {
    if (this.done) return legal;
    const wanted = this.expected();
    return wanted !== null && legal.includes(wanted) ? [wanted] : [];
  }

  // A step comes up once the learner is awaited (the other seats have
  // played) or the game is over.
  ready(state) {
    return Boolean(state.view) && (state.view.over || state.legal.length > 0);
  }

  // After the server took one of the learner's moves.
  acted(action) {
    if (this.done || action !== this.expected()) return;
    this.part += 1;
    if (this.part >= this.steps[this.index].do.length) this.advance();
    else this.keep();
  }

  advance() {
    this.index += 1;
    this.part = 0;
    this.keep();
  }

  keep() {
    this.save({ step: this.index, part: this.part });
    this.onAdvance();
  }

  // Why a click on a move the step does not ask for does nothing; null
  // when the engine should say (a move the rules do not allow now).
  refusal(action, legal) {
    if (this.done) return null;
    const allowed = legal.some((a) => a === action || a.startsWith(`${action} `));
    if (!allowed) return null;
    return this.t(this.expected() === null ? "learn.read_first" : "learn.not_this");
  }

  // After each redraw of the table: the panel, then the target.
  show(state, root) {
    if (!state.view) return;
    const ready = this.ready(state);
    const others = !state.view.to_act.includes(state.seat);
    const key = JSON.stringify([this.index, this.part, ready, others, this.playOn]);
    if (key !== this.shown) {
      this.shown = key;
      this.drawPanel(state, ready);
    }
    this.markTarget(root, ready);
  }

  drawPanel(state, ready) {
    const { t } = this;
    if (this.done) {
      clear(this.node, this.playOn ? [] : this.donePanel(state));
      this.node.hidden = this.playOn;
      return;
    }
    const step = this.steps[this.index];
    const parts = [
      el("p", { class: "lesson-count" }, t("learn.step_of",
        { n: this.index + 1, total: this.steps.length })),
      el("p", { class: "lesson-text" }, t(`lesson.${step.text}`)),
    ];
    const others = !state.view.over && !state.view.to_act.includes(state.seat);
    if (!ready && others) parts.push(el("p", { class: "lesson-wait muted" }, t("learn.watch")));
    else if (!ready) parts.push(el("p", { class: "lesson-wait" }, "\u00a0"));
    else if (step.do.length === 0) {
      parts.push(el("button", { type: "button", class: "lesson-next",
        "data-tutorial": "target", onclick: () => this.advance() }, t("learn.next")));
    }
    clear(this.node, parts);
  }

  donePanel(state) {
    const { t } = this;
    const message = el("p", { class: "error", role: "alert" });
    const practice = el("button", { type: "button", "data-practice": "",
      onclick: () => this.practice(state, message, practice) }, t("learn.practice"));
    const buttons = [practice];
    if (!state.view.over) {
      buttons.push(el("button", { type: "button", class: "secondary", onclick: () => {
        this.playOn = true;
        this.onAdvance();
      } }, t("learn.play_on")));
    }
    return el("div", { class: "lesson-done", "data-tutorial": "done" },
      el("h2", {}, t("learn.done_title")), el("p", {}, t("learn.done_text")),
      el("p", { class: "lesson-buttons" }, buttons,
        el("a", { href: "/" }, t("page.to_lobby"))), message);
  }

  // A new table of the same game: the learner and easy bots, hints on.
  async practice(state, message, button) {
    const { info } = state;
    const seats = info.seats.map((_, i) => (i === state.seat ? { kind: "human" }
      : { kind: "bot", bot: PRACTICE_BOT }));
    button.disabled = true;
    try {
      const made = await api("POST", "/api/tables", { game: info.game,
        players: info.players, seats, hints: true }, memory.session());
      memory.setOwnerToken(made.table, made.owner_token);
      const name = info.seats[state.seat].name;
      const seated = await api("POST", `/api/tables/${made.table}/join`, { name },
        memory.session());
      memory.setSeatToken(made.table, seated.token);
      location.assign(made.invite);
    } catch (err) {
      message.textContent = errorText(this.t, err);
      button.disabled = false;
    }
  }

  // One node is the target: the step's Next button, else the first node
  // (the board's before the move buttons) that makes the step's next move.
  markTarget(root, ready) {
    for (const node of root.querySelectorAll("[data-tutorial='target']")) {
      if (!node.classList.contains("lesson-next")) node.removeAttribute("data-tutorial");
    }
    const wanted = this.expected();
    if (this.done || !ready || wanted === null) return;
    const fits = (node) => {
      const action = node.getAttribute("data-action");
      return action === wanted || wanted.startsWith(`${action} `);
    };
    const nodes = [...root.querySelectorAll(".board [data-action]"),
      ...root.querySelectorAll(".actions [data-action]")];
    const target = nodes.find(fits) || root.querySelector("[data-confirm]");
    if (!target) return;
    target.setAttribute("data-tutorial", "target");
    if (target !== this.pointed) {
      this.pointed = target;
      target.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }
}
