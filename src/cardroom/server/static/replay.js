// A finished game step by step, as the public or any seat saw it, drawn by
// the game's own module from the server's replay views
// (GET /api/tables/{id}/replay?seat=S&step=K).
import { errorText } from "./lib/i18n.js";
import { el, clear } from "./lib/dom.js";
import { api } from "./lib/api.js";
import { loadGame } from "./lib/games.js";
import { seatName, rankingList } from "./table/parts.js";
import { gameContext } from "./table/context.js";
import { Motion } from "./table/motion.js";
import { cardTips, cardMeaning, focusableCards } from "./lib/cards.js";

const PLAY_MS = 900;
const KEPT_STEPS = 300;

export async function showReplay(ctx, id) {
  const back = el("p", {}, el("a", { href: "/" }, ctx.t("page.to_lobby")));
  let info;
  try {
    info = await api("GET", `/api/tables/${id}`);
  } catch (err) {
    clear(ctx.main, el("section", { class: "panel" },
      el("p", { class: "error", role: "alert" }, errorText(ctx.t, err)), back));
    return;
  }
  if (info.status !== "over") {
    clear(ctx.main, el("section", { class: "panel" }, el("p", {}, ctx.t("replay.not_over")),
      el("p", {}, el("a", { href: info.invite, class: "button-link" }, ctx.t("replay.watch_live"))),
      back));
    return;
  }
  let game;
  try {
    game = await loadGame(info.game, ctx.lang);
  } catch (err) {
    clear(ctx.main, el("section", { class: "panel" }, el("p", { class: "error", role: "alert" },
      ctx.t("replay.module_failed", { game: info.game, error: err.message || String(err) })), back));
    return;
  }
  await new Replay(ctx, game, info).start();
}

class Replay {
  constructor(ctx, game, info) {
    Object.assign(this, { ctx, info, t: game.t, module: game.module });
    this.seat = "public";
    this.step = 0;
    this.wanted = 0;
    this.steps = 0;
    this.asked = 0;
    this.cache = new Map();
    this.timer = null;
    this.build();
  }

  async start() {
    const wanted = new URLSearchParams(location.search);
    const seat = wanted.get("seat");
    if (seat && [...this.viewer.options].some((o) => o.value === seat)) this.seat = seat;
    this.viewer.value = this.seat;
    const step = wanted.get("step");
    const shown = await this.go(step !== null && /^\d+$/.test(step) ? Number(step) : 0);
    if (!shown) await this.go(0);
    document.addEventListener("keydown", (event) => this.key(event));
  }

  // ---- the page -------------------------------------------------------------

  build() {
    const t = this.t;
    this.viewer = el("select", { id: "replay-seat" },
      el("option", { value: "public" }, t("replay.public")),
      this.info.seats.map((_, s) => el("option", { value: String(s) }, this.name(s))));
    this.viewer.addEventListener("change", () => { this.seat = this.viewer.value; this.go(this.step); });
    this.slider = el("input", { id: "replay-step", type: "range", min: 0, max: 0, value: 0 });
    this.slider.addEventListener("input", () => this.slid());
    this.where = el("span", { class: "replay-where", role: "status" });
    this.trouble = el("p", { class: "error", role: "alert" });
    this.board = el("div", { class: "board replay-board" });
    this.log = el("ol", { class: "log" });
    this.end = el("div", { class: "summary replay-end" });
    this.buttons = this.stepButtons();
    const page = el("section", { class: `replay-page game-${this.info.game}` },
      this.head(), this.bar(), this.trouble,
      el("div", { class: "replay-body" },
        el("div", { class: "replay-main" }, this.board, this.end),
        el("section", { class: "log-box replay-log", "aria-labelledby": "replay-log-title" },
          el("h2", { id: "replay-log-title" }, t("replay.log")), this.log)));
    clear(this.ctx.main, page);
    // One step forward moves its cards as the live table does; cards say what they are.
    this.motion = new Motion(page, this.board);
    this.tips = cardTips(page, (code) => cardMeaning(this.module, code, this.lastCtx));
    this.shown = null;
  }

  head() {
    const t = this.t;
    return el("header", { class: "replay-head" },
      el("h1", {}, t("replay.title", { game: t("name") })),
      el("div", { class: "replay-ranking" }, el("span", {}, t("replay.result")),
        rankingList(t, this.info, this.info.result.ranking || [])),
      el("p", {}, el("a", { href: "/" }, t("page.to_lobby"))));
  }

  bar() {
    const t = this.t;
    const b = this.buttons;
    return el("div", { class: "replay-bar", role: "group", "aria-label": t("replay.controls") },
      el("div", { class: "field replay-viewer" },
        el("label", { for: "replay-seat" }, t("replay.as")), this.viewer),
      el("div", { class: "replay-steps" }, b.first, b.prev, b.play,
        el("label", { for: "replay-step", class: "sr-only" }, t("replay.step_label")), this.slider,
        b.next, b.last),
      this.where,
      el("p", { class: "help replay-keys" }, t("replay.keys")));
  }

  stepButtons() {
    const t = this.t;
    const button = (glyph, key, action) => el("button", { type: "button", class: "secondary step",
      "aria-label": t(key), title: t(key), onclick: () => { this.stop(); action(); } }, glyph);
    const play = el("button", { type: "button", class: "secondary step play",
      "aria-label": t("replay.play"), title: t("replay.play"), onclick: () => this.togglePlay() }, "▶");
    return {
      first: button("«", "replay.first", () => this.go(0)),
      prev: button("‹", "replay.prev", () => this.move(-1)),
      next: button("›", "replay.next", () => this.move(1)),
      last: button("»", "replay.last", () => this.go(this.steps)),
      play,
    };
  }

  name(seat) {
    return seatName(this.t, this.info, seat);
  }

  // ---- stepping ---------------------------------------------------------------

  // From the step last asked for, so quick presses add up before answers come.
  move(delta) {
    return this.go(Math.max(0, Math.min(this.steps, this.wanted + delta)));
  }

  slid() {
    this.stop();
    clearTimeout(this.slideTimer);
    this.slideTimer = setTimeout(() => this.go(Number(this.slider.value)), 120);
  }

  async go(step) {
    const asked = ++this.asked;
    this.wanted = step;
    let answer;
    try {
      answer = await this.fetch(this.seat, step);
    } catch (err) {
      if (asked === this.asked) {
        this.trouble.textContent = errorText(this.t, err);
        this.wanted = this.step;
      }
      this.stop();
      return false;
    }
    if (asked !== this.asked) return false;
    this.trouble.textContent = "";
    Object.assign(this, { step: answer.step, steps: answer.steps, wanted: answer.step });
    this.draw(answer.view);
    this.remember();
    return true;
  }

  // Views are kept, so stepping back and forth asks the server once per step.
  fetch(seat, step) {
    const key = `${seat}:${step}`;
    if (!this.cache.has(key)) {
      const query = `seat=${encodeURIComponent(seat)}&step=${Math.max(0, Math.min(step, 1e9))}`;
      const asked = api("GET", `/api/tables/${this.info.id}/replay?${query}`);
      asked.catch(() => this.cache.delete(key));
      this.cache.set(key, asked);
      if (this.cache.size > KEPT_STEPS) this.cache.delete(this.cache.keys().next().value);
    }
    return this.cache.get(key);
  }

  remember() {
    const query = `?seat=${encodeURIComponent(this.seat)}&step=${this.step}`;
    history.replaceState(null, "", `${location.pathname}${query}`);
  }

  key(event) {
    if (!document.contains(this.board) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    if (document.querySelector("dialog[open]")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (event.key in moves) this.move(moves[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.steps);
    else return;
    this.stop();
    event.preventDefault();
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.step >= this.steps) this.go(0);
    this.timer = setInterval(() => {
      if (this.step >= this.steps || !document.contains(this.board)) this.stop();
      else this.move(1);
    }, PLAY_MS);
    this.playLabel("replay.pause", "‖");
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.playLabel("replay.play", "▶");
  }

  playLabel(key, glyph) {
    const button = this.buttons.play;
    button.textContent = glyph;
    button.setAttribute("aria-label", this.t(key));
    button.setAttribute("title", this.t(key));
  }

  // ---- drawing ------------------------------------------------------------------

  draw(full) {
    const { log: events = [], ...view } = full;
    const gctx = this.gameContext(events);
    this.slider.max = this.steps;
    this.slider.value = this.step;
    this.slider.setAttribute("aria-valuetext", this.t("replay.step", { n: this.step, total: this.steps }));
    this.where.textContent = this.t("replay.step", { n: this.step, total: this.steps });
    const b = this.buttons;
    for (const button of [b.first, b.prev]) button.setAttribute("aria-disabled", String(this.step === 0));
    for (const button of [b.next, b.last]) {
      button.setAttribute("aria-disabled", String(this.step === this.steps));
    }
    this.lastCtx = gctx;
    const stepped = this.steppedEvents(events);
    this.motion.before(new Set(stepped.length ? ["log"] : []));
    clear(this.board, this.safely(() => this.module.render(view, gctx)));
    this.motion.after(stepped);
    this.drawLog(events, gctx);
    clear(this.end, this.step === this.steps ? this.finalBox(view, gctx) : null);
    focusableCards(this.board);
    focusableCards(this.end);
    this.tips.redrawn();
  }

  // The events one step forward added, as the same viewer; else none (a jump
  // or a change of viewer is not play to follow).
  steppedEvents(events) {
    const before = this.shown;
    this.shown = { seat: this.seat, step: this.step, size: events.length };
    if (!before || before.seat !== this.seat || this.step !== before.step + 1) return [];
    return events.slice(before.size);
  }

  drawLog(events, gctx) {
    const lines = [];
    for (const event of events) {
      try {
        const line = this.module.describe(event, gctx);
        if (line) lines.push(el("li", {}, line));
      } catch (err) {
        console.warn("describe failed", event, err);
      }
    }
    clear(this.log, lines.length ? lines : el("li", { class: "muted" }, this.t("replay.nothing_yet")));
    requestAnimationFrame(() => { this.log.scrollTop = this.log.scrollHeight; });
  }

  finalBox(view, gctx) {
    const t = this.t;
    return el("section", { class: "final", "aria-labelledby": "replay-final-title" },
      el("h2", { id: "replay-final-title" }, t("replay.final")),
      rankingList(t, this.info, this.info.result.ranking || []),
      this.safely(() => this.module.summary(this.info.result, view, gctx)));
  }

  safely(draw) {
    try {
      return draw();
    } catch (err) {
      console.error(err);
      return el("p", { class: "error" }, this.t("replay.draw_failed", { error: err.message || String(err) }));
    }
  }

  // What a game module is given: the live table's ctx, with nothing to play.
  gameContext(events) {
    const seat = this.seat === "public" ? null : Number(this.seat);
    return gameContext({ t: this.t, lang: this.ctx.lang, info: this.info, seat, log: events });
  }
}
