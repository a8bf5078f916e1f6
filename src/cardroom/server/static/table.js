// A table page: join by the invite link, then play or watch over the
// table's WebSocket. What the page knows is in one TableState, changed by
// what the server pushes; the Shell redraws the parts drawn from what
// changed; the game's module draws the board (docs/pages.md).
import { el, clear } from "./lib/dom.js";
import { api, memory } from "./lib/api.js";
import { errorText } from "./lib/i18n.js";
import { tokens } from "./lib/compose.js";
import { loadGame } from "./lib/games.js";
import { TableState } from "./table/state.js";
import { TableSync } from "./table/sync.js";
import { Moves } from "./table/moves.js";
import { Shell } from "./table/shell.js";
import { TurnAlerts } from "./table/alerts.js";
import { seatList, inviteBox } from "./table/parts.js";

// Whether `action` has the form of a move offered now (the same verb and
// length): only then can the engine's refusal give a reason.
function shapedLike(action, legal) {
  const parts = tokens(action);
  return legal.some((offered) => {
    const other = tokens(offered);
    return other.length === parts.length && other[0] === parts[0];
  });
}

export async function showTable(ctx, id) {
  let info;
  try {
    info = await api("GET", `/api/tables/${id}`);
  } catch (err) {
    // In the person's words, with the way back (no table: a wrong or old link).
    clear(ctx.main, el("p", { class: "error", role: "alert" }, errorText(ctx.t, err)),
      el("p", {}, el("a", { href: "/" }, ctx.t("page.to_lobby"))));
    return;
  }
  const game = await loadGame(info.game, ctx.lang);
  const token = memory.seatToken(id);
  const free = info.seats.some((s) => s.kind === "human" && !s.taken);
  if (!token && info.status === "waiting" && free) {
    joinForm(ctx, game, info);
    return;
  }
  new TablePage(ctx, game, info, token);
}

function joinForm(ctx, game, info) {
  const { t } = game;
  const name = el("input", { id: "join-name", maxlength: 32, required: true,
    autocomplete: "nickname", value: memory.name() });
  const message = el("p", { class: "error", role: "alert" });
  const join = async (event) => {
    event.preventDefault();
    try {
      const answer = await api("POST", `/api/tables/${info.id}/join`,
        { name: name.value }, memory.session());
      memory.setName(name.value);
      memory.setSeatToken(info.id, answer.token);
      new TablePage(ctx, game, await api("GET", `/api/tables/${info.id}`), answer.token);
    } catch (err) {
      message.textContent = errorText(t, err, "join");
    }
  };
  const watch = el("button", { type: "button", class: "secondary",
    onclick: () => new TablePage(ctx, game, info, null) }, t("table.watch"));
  clear(ctx.main, el("section", { class: "join" },
    el("h1", {}, t("table.join_title", { game: t("name") })),
    el("p", {}, t("tagline")),
    seatList(t, info, [], null),
    el("form", { onsubmit: join },
      el("label", { for: "join-name" }, t("table.your_name")), name,
      el("button", { type: "submit" }, t("table.sit_down")), watch),
    message, inviteBox(t, info)));
  name.focus();
}

// `lesson`: a LessonGuide (table/lesson.js) when the table plays a lesson.
export class TablePage {
  constructor(ctx, game, info, token, lesson = null) {
    Object.assign(this, { ctx, game, token, lesson, t: game.t });
    this.state = new TableState(info);
    this.moves = new Moves();
    this.alerts = new TurnAlerts(this.t, this.state, () => this.state.touched("alerts"));
    this.shell = new Shell({ ctx, game, state: this.state, moves: this.moves,
      on: this.handlers() });
    this.state.onChange((changed, events) => this.changed(changed, events));
    this.sync = new TableSync(this.state, token, {
      onDown: () => this.connection(false),
      onUp: () => this.connection(true),
      onRefused: (error) => this.refused(error),
      onChat: (lines) => lines.forEach((line) => this.shell.chat.add(line.name, line.text)),
    });
    this.ticker = setInterval(() => this.tick(), 1000);
    if (lesson) {
      this.shell.nodes.prompt.before(lesson.node);
      lesson.onAdvance = () => this.state.touched("legal");
    }
  }

  // What the person's clicks in the shell do.
  handlers() {
    return {
      pick: (more) => this.pick(more),
      whyNot: (more, node) => this.whyNot(more, node),
      alertTools: () => this.alerts.tools(),
      confirm: () => this.confirm(),
      back: () => this.changeMove(() => this.moves.back()),
      clearBatch: () => this.changeMove(() => this.moves.clearSelection()),
      hint: () => this.askHint(),
      leave: () => this.leave(),
      stop: () => this.stopTable(),
      canStop: () => this.canStop(),
      comeBack: () => this.comeBack(),
      chat: async (text) => {
        const answer = await this.sync.request({ cmd: "chat", text });
        return answer.ok ? answer : { ...answer, error: { ...answer.error,
          message: errorText(this.t, answer.error) } };
      },
    };
  }

  // Every change of the state passes here: new legal moves (or a new view)
  // decide what can be built, then the shell redraws what changed.
  changed(changed, events) {
    if (changed.has("legal") || changed.has("view")) {
      const legal = this.lesson ? this.lesson.allowed(this.state.legal) : this.state.legal;
      this.moves.setLegal(legal, this.batchFor());
      changed.add("moves");
    }
    this.shell.redraw(changed, events);
    if (this.lesson) this.lesson.show(this.state, this.shell.root);
    this.alerts.update();
    if (changed.has("view")) this.sync.fetchResult();
    if (changed.has("legal")) this.sendQueued();
  }

  batchFor() {
    const { legal, view } = this.state;
    const { module } = this.game;
    // A lesson asks for each move in turn: nothing is chosen in a batch.
    if (this.lesson && this.lesson.active) return null;
    return legal.length && module.batch ? module.batch(view, this.shell.gameContext()) : null;
  }

  // Clocks count down here between the server's clock pushes.
  tick() {
    const { view, info } = this.state;
    if (!view || view.over || !info.clocks || info.status !== "playing") return;
    for (const seat of view.to_act) {
      const left = info.clocks[seat];
      if (typeof left === "number") info.clocks[seat] = Math.max(0, left - 1);
    }
    this.state.touched("clocks");
  }

  // Down: the banner says so, and nothing looks playable until it is back;
  // up again: what a failed send said while down is stale, so it goes.
  connection(up) {
    if (up) this.ctx.banner.hide();
    else this.ctx.banner.show(this.t("table.reconnecting"));
    this.state.update(up ? { connected: true, notice: "" } : { connected: false });
  }

  refused(error) {
    if (error.code === "unauthorized" && this.token) {
      // A token this browser kept for a table that no longer knows it.
      localStorage.removeItem(`cardroom-token-${this.state.info.id}`);
    }
    this.shell.refused(errorText(this.t, error));
  }

  // ---- moves ----------------------------------------------------------------

  pick(more) {
    if (!this.state.connected) return;
    const action = this.moves.pick(more);
    if (action) this.send(action);
    else this.state.touched("moves");
  }

  changeMove(change) {
    change();
    this.state.touched("moves");
  }

  confirm() {
    const action = this.moves.confirm();
    if (action) {
      this.send(action);
      return;
    }
    this.state.touched("moves");
    this.sendQueued();
  }

  // A confirmed batch goes one action at a time, each once it is legal.
  sendQueued() {
    const next = this.moves.next(this.state.view.over);
    if (next) this.send(next);
  }

  async send(action) {
    this.moves.sent();
    this.state.update({ legal: [], hint: null, notice: "" });
    const answer = await this.sync.act(action);
    this.moves.answered();
    if (!answer.ok) this.state.update({ notice: this.refusal(answer.error) });
    else if (this.lesson) this.lesson.acted(action);
  }

  // A click on what cannot be played: the move goes to the server, whose
  // refusal says why (the engine's reason); the table stays as it was.
  async whyNot(more, node) {
    const { state, moves } = this;
    if (!state.connected) {
      this.shell.whyNot(this.t("table.offline_moves_wait"), node);
      return;
    }
    if (!state.awaitsMe()) {
      this.shell.whyNot(this.t(state.view.over ? "error.game_over" : "error.not_your_turn"), node);
      return;
    }
    if (moves.sending) return;
    const action = [...moves.step, ...more].join(" ");
    // In a lesson the page offers only the step's move: the others the
    // rules allow are refused here, in the lesson's words.
    const legal = this.lesson ? state.legal : moves.legal;
    const refusal = this.lesson && this.lesson.refusal(action, legal);
    if (refusal) {
      this.shell.whyNot(refusal, node);
      return;
    }
    if (!shapedLike(action, legal)) {
      // Half a move (a square before its card): the engine would only say
      // it cannot read it, so the page says it plainly.
      this.shell.whyNot(this.t("table.cannot_now"), node);
      return;
    }
    const answer = await this.sync.request({ cmd: "act", action });
    if (answer.ok) {
      this.sync.refresh(); // it was playable after all: the table moves on
      return;
    }
    this.shell.whyNot(this.refusal(answer.error), node);
  }

  // A refusal in the person's words (a move's reason worded by the game).
  refusal(error) {
    return errorText(this.t, error, "", (reason) => this.shell.reasonWords(reason));
  }

  async askHint() {
    // The hard bot: it searches (under a second) and names the moves it
    // weighed, with the share of its search each got (answer.top).
    const answer = await this.sync.request({ cmd: "suggest", bot: "hard" });
    if (!answer.ok) {
      this.state.update({ notice: errorText(this.t, answer.error) });
      return;
    }
    this.state.update({ hint: answer.action, notice: this.hintWords(answer) });
  }

  // "The bot would play the 8 of clubs; it also thought of ...": the other
  // moves it weighed, most searched first, in the person's list style.
  hintWords(answer) {
    const { t } = this;
    const label = (action) => this.shell.label(action);
    const would = t("table.hint_would", { move: label(answer.action) });
    const others = (Array.isArray(answer.top) ? answer.top : [])
      .filter((m) => m.action !== answer.action && m.share >= 0.05).slice(0, 3)
      .map((m) => label(m.action));
    if (others.length === 0) return would;
    const list = new Intl.ListFormat(t.lang, { type: "disjunction" }).format(others);
    return `${would} ${t("table.hint_also", { moves: list, n: others.length })}`;
  }

  // ---- the seat and the table --------------------------------------------------

  async comeBack() {
    const answer = await this.sync.request({ cmd: "back" });
    if (!answer.ok) this.state.update({ notice: errorText(this.t, answer.error) });
    this.sync.refresh();
  }

  // The creator may stop a table that no person plays at (the server
  // decides; this only hides the button where it would be refused).
  canStop() {
    const { info } = this.state;
    const people = info.seats.some((s) => s.kind === "human"
      && (s.control === "seated" || s.control === "away"));
    return Boolean(memory.ownerToken(info.id)) && info.status !== "over"
      && (info.status === "waiting" || !people);
  }

  async stopTable() {
    if (!window.confirm(this.t("table.stop_sure"))) return;
    const { id } = this.state.info;
    try {
      const answer = await api("POST", `/api/tables/${id}/stop`,
        { owner_token: memory.ownerToken(id) });
      this.state.update({ info: answer.table });
    } catch (err) {
      this.state.update({ notice: errorText(this.t, err) });
    }
  }

  async leave() {
    if (!window.confirm(this.t("table.leave_sure"))) return;
    const answer = await this.sync.request({ cmd: "leave" });
    if (answer.ok) {
      this.sync.close();
      location.href = "/";
    } else {
      this.state.update({ notice: errorText(this.t, answer.error) });
    }
  }
}
