// A table page: join by the invite link, then play or watch over the
// table's WebSocket. The game's module draws the table; this shell draws
// the seats, clocks, prompt, moves, log, chat, hint, rules and summary.
import { el, svg, clear } from "./lib/dom.js";
import { api, memory } from "./lib/api.js";
import { loadGame } from "./lib/games.js";
import { TableSocket } from "./lib/connection.js";
import { Composer, tokens } from "./lib/compose.js";
import { seatList, seatName, chatBox, logBox, rulesDialog, termButton,
  inviteBox, rankingList } from "./tableparts.js";

export async function showTable(ctx, id) {
  const info = await api("GET", `/api/tables/${id}`);
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
      message.textContent = err.message;
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

class TablePage {
  constructor(ctx, game, info, token) {
    Object.assign(this, { ctx, game, info, token, t: game.t, module: game.module });
    this.seat = null;
    this.view = null;
    this.log = [];
    this.legal = [];
    this.result = null;
    this.composer = new Composer();
    this.batch = null;
    this.selection = [];
    this.sending = false;
    this.hint = null;
    this.notice = "";
    this.build();
    const hello = token ? { cmd: "hello", token } : { cmd: "hello", spectate: true };
    this.socket = new TableSocket(info.id, hello, {
      onHello: (answer) => this.hello(answer),
      onPush: (message) => this.push(message),
      onDown: () => ctx.banner.show(this.t("table.reconnecting")),
      onUp: () => ctx.banner.hide(),
      onRefused: (error) => this.refused(error),
    });
    this.ticker = setInterval(() => this.tick(), 1000);
  }

  build() {
    const t = this.t;
    this.seatsNode = el("div", { class: "seats-wrap" });
    this.promptNode = el("p", { class: "prompt", role: "status", "aria-live": "polite" });
    this.composeNode = el("div", { class: "compose" });
    this.boardNode = el("div", { class: "board" });
    this.actionsNode = el("div", { class: "actions", role: "group",
      "aria-label": t("table.moves") });
    this.summaryNode = el("div", { class: "summary" });
    this.logNode = logBox(t);
    this.chat = chatBox(t, (text) => this.socket.request({ cmd: "chat", text }));
    this.toolsNode = el("div", { class: "tools" });
    clear(this.ctx.main, el("section", { class: `table-page game-${this.info.game}` },
      el("div", { class: "table-head" }, el("h1", {}, t("name")), this.toolsNode),
      this.seatsNode, this.promptNode, this.composeNode, this.actionsNode,
      this.boardNode, this.summaryNode,
      el("aside", { class: "side" }, this.logNode.node, this.chat.node)));
  }

  refused(error) {
    if (error.code === "unauthorized" && this.token) {
      // A token this browser kept for a table that no longer knows it.
      localStorage.removeItem(`cardroom-token-${this.info.id}`);
    }
    clear(this.promptNode, el("span", { class: "error", role: "alert" }, error.message));
  }

  hello(answer) {
    this.seat = typeof answer.seat === "number" ? answer.seat : null;
    this.info = answer.table;
    if (this.view === null) {
      const { log, ...view } = answer.view;
      this.view = view;
      this.addEvents(log);
      this.chat.fill(answer.chat, (seat) => seatName(this.t, this.info, seat));
    }
    this.refresh();
  }

  push(message) {
    if (message.push === "events") this.refresh();
    else if (message.push === "table") this.tableChanged(message.table);
    else if (message.push === "clock") this.clockPushed(message);
    else if (message.push === "chat") this.chat.add(message.name, message.text);
  }

  tableChanged(table) {
    this.info = table;
    this.draw();
  }

  clockPushed(message) {
    if (this.info.clocks) this.info.clocks[message.seat] = message.remaining_s;
    this.drawSeats();
  }

  tick() {
    if (!this.view || this.view.over || !this.info.clocks) return;
    if (this.info.status !== "playing") return;
    for (const seat of this.view.to_act) {
      const left = this.info.clocks[seat];
      if (typeof left === "number") this.info.clocks[seat] = Math.max(0, left - 1);
    }
    this.drawSeats();
  }

  // Fetches what is new since the log this page holds, then the legal
  // moves; a change arriving meanwhile asks again once this one is done.
  async refresh() {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    do {
      this.again = false;
      await this.fetchState();
    } while (this.again);
    this.refreshing = false;
    this.draw();
    this.continueBatch();
  }

  async fetchState() {
    const since = this.log.length;
    const answer = await this.ask({ cmd: "view", since });
    if (!answer.ok) return;
    const { log, ...view } = answer.view;
    // The view and its legal moves are put in place together: a redraw in
    // between (a keypress, a pushed change) would see a table with no
    // moves and drop the cards being chosen.
    this.legal = await this.legalIn(view);
    this.view = view;
    // Events that arrived some other way meanwhile are not added twice.
    this.addEvents(log.slice(Math.max(0, this.log.length - since)));
    if (view.over && !this.result) {
      const result = await this.ask({ cmd: "result" });
      if (result.ok) this.result = result;
      const info = await api("GET", `/api/tables/${this.info.id}`).catch(() => null);
      if (info) this.info = info;
    }
  }

  async legalIn(view) {
    if (this.seat === null || view.over || !view.to_act.includes(this.seat)) return [];
    const legal = await this.ask({ cmd: "legal" });
    return legal.ok ? legal.actions : [];
  }

  // A request that waits and tries again when the server says to slow down.
  async ask(body) {
    for (let tries = 0; ; tries += 1) {
      const answer = await this.socket.request(body);
      if (answer.ok || answer.error.code !== "rate_limited" || tries >= 5) return answer;
      await new Promise((resolve) => setTimeout(resolve, 500 * (tries + 1)));
    }
  }

  addEvents(events) {
    for (const event of events) {
      this.log.push(event);
      const line = this.describe(event);
      if (line) this.logNode.add(line);
    }
  }

  describe(event) {
    try {
      return this.module.describe(event, this.gameContext());
    } catch (err) {
      console.error(err);
      return null;
    }
  }

  gameContext() {
    const composer = this.composer;
    const batch = this.batch;
    return {
      t: this.t, lang: this.ctx.lang, seat: this.seat, players: this.info.players,
      el, svg, legal: this.legal, step: composer.step, log: this.log,
      name: (seat) => seatName(this.t, this.info, seat),
      can: (more) => (batch && more[0] === batch.verb
        ? this.selection.includes(more[1]) || composer.can(more) : composer.can(more)),
      chosen: (part) => (batch && part[0] === batch.verb
        ? this.selection.includes(part[1]) : composer.step.length > 0 && composer.chosen(part)),
      choice: (node, more, label) => this.choice(node, more, label),
      term: (name) => termButton(this.t, name),
    };
  }

  // ---- moves -------------------------------------------------------------

  choice(node, more, label) {
    const gctx = this.gameContextCache;
    if (!gctx.can(more)) {
      node.setAttribute("aria-disabled", "true");
      node.classList.add("unplayable");
      return node;
    }
    const prefix = [...this.composer.step, ...more].join(" ");
    node.classList.add("legal");
    if (gctx.chosen(more)) node.classList.add("selected");
    if (this.hint && (this.hint === prefix || this.hint.startsWith(`${prefix} `))) {
      node.classList.add("hinted");
    }
    node.setAttribute("data-action", prefix);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (label) node.setAttribute("aria-label", label);
    const go = (event) => {
      event.preventDefault();
      event.stopPropagation();
      this.pick(more);
    };
    node.addEventListener("click", go);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") go(event);
    });
    return node;
  }

  pick(more) {
    if (this.sending) return;
    if (this.batch && more[0] === this.batch.verb) {
      this.toggle(more[1]);
      return;
    }
    const now = this.composer.pick(more);
    this.focusAfter = [...this.composer.step].join(" ");
    if (now) this.send(this.composer.action());
    else this.draw();
  }

  toggle(item) {
    const at = this.selection.indexOf(item);
    this.focusAfter = `${this.batch.verb} ${item}`;
    if (at >= 0) this.selection.splice(at, 1);
    else if (this.selection.length < this.batch.count) this.selection.push(item);
    this.draw();
  }

  async send(action) {
    this.sending = true;
    this.hint = null;
    this.notice = "";
    // Nothing is playable until the server has answered and the new legal
    // moves are in: no double plays from a quick second click.
    this.legal = [];
    this.composer.reset();
    this.draw();
    const answer = await this.ask({ cmd: "act", action });
    this.sending = false;
    this.composer.reset();
    if (!answer.ok) this.notice = answer.error.message;
    const current = () => answer.ok && !this.refreshing
      && this.log.length + answer.events.length === answer.view.log_size;
    if (current()) {
      // The answer holds the new events and view: only the legal moves are left to ask.
      const legal = await this.legalIn(answer.view);
      // A pushed change may have been fetched while the moves were asked.
      if (current()) {
        this.legal = legal;
        this.view = answer.view;
        this.addEvents(answer.events);
        this.draw();
        this.continueBatch();
        return answer.ok;
      }
    }
    this.refresh();
    return answer.ok;
  }

  confirm() {
    if (this.batch && this.selection.length === this.batch.count) {
      this.queue = this.selection.map((item) => `${this.batch.verb} ${item}`);
      this.selection = [];
      this.continueBatch();
      return;
    }
    if (this.composer.complete()) this.send(this.composer.action());
  }

  // A confirmed batch goes one action at a time, each once it is legal.
  async continueBatch() {
    if (!this.queue || this.queue.length === 0 || this.sending) return;
    const next = this.queue[0];
    if (!this.legal.includes(next)) {
      if (this.legal.length > 0 || this.view.over) this.queue = [];
      return;
    }
    this.queue.shift();
    await this.send(next);
  }

  async askHint() {
    // The hard bot: it searches (under a second) and names the moves it
    // weighed, with the share of its search each got (answer.top).
    const answer = await this.socket.request({ cmd: "suggest", bot: "hard" });
    if (!answer.ok) {
      this.notice = answer.error.message;
    } else {
      this.hint = answer.action;
      this.notice = this.t("table.hint_is", { move: this.label(answer.action) });
      if (Array.isArray(answer.top) && answer.top.length > 1) {
        const moves = answer.top.map((m) => `${this.label(m.action)} ${Math.round(100 * m.share)}%`);
        this.notice += ` · ${this.t("table.hint_weighed", { moves: moves.join(", ") })}`;
      }
    }
    this.draw();
  }

  label(action) {
    try {
      return this.module.label(action, this.gameContextCache || this.gameContext());
    } catch {
      return action;
    }
  }

  // ---- drawing -----------------------------------------------------------

  draw() {
    if (!this.view) return;
    const focused = document.activeElement;
    this.hadFocus = Boolean(focused && this.ctx.main.contains(focused)
      && (focused.classList.contains("legal") || focused.hasAttribute("data-confirm")));
    this.composer.setLegalKeepingStep(this.legal);
    this.batch = this.legal.length && this.module.batch
      ? this.module.batch(this.view, this.gameContext()) : null;
    // Cards chosen for a batch stay chosen across redraws while still legal.
    this.selection = this.batch ? this.selection.filter(
      (item) => this.legal.includes(`${this.batch.verb} ${item}`)) : [];
    this.gameContextCache = this.gameContext();
    this.drawSeats();
    this.drawPrompt();
    this.drawBoard();
    this.drawCompose();
    this.drawActions();
    this.drawTools();
    this.drawSummary();
    this.restoreFocus();
  }

  drawSeats() {
    if (!this.view) return;
    const scores = this.module.scores ? this.module.scores(this.view, this.gameContext())
      : this.view.scores.map((s) => String(s));
    clear(this.seatsNode, seatList(this.t, this.info, this.view.to_act, this.seat, scores));
  }

  drawPrompt() {
    const t = this.t;
    const parts = [];
    if (this.info.status === "waiting") {
      parts.push(t("table.waiting_players"));
    } else if (this.info.ended) {
      parts.push(t(`table.ended_${this.info.ended}`));
    } else if (this.view.over) {
      parts.push(t("table.over"));
    } else if (this.seat !== null && this.view.to_act.includes(this.seat)) {
      parts.push(t("table.your_turn"));
    } else {
      const names = this.view.to_act.map((s) => seatName(t, this.info, s)).join(", ");
      parts.push(t("table.waiting_for", { names }));
    }
    if (this.seat === null) parts.push(t("table.watching"));
    const mine = this.seat === null ? null : this.info.seats[this.seat];
    const nodes = [el("span", {}, parts.join(" · "))];
    if (mine && mine.control === "away") {
      nodes.push(" ", el("span", {}, t("table.bot_plays_for_you")), " ",
        el("button", { type: "button", onclick: () => this.comeBack() }, t("table.im_back")));
    }
    if (this.notice) nodes.push(el("span", { class: "notice", role: "alert" }, this.notice));
    clear(this.promptNode, nodes);
    if (this.info.status === "waiting") this.promptNode.append(inviteBox(this.t, this.info));
  }

  drawBoard() {
    try {
      clear(this.boardNode, this.module.render(this.view, this.gameContextCache));
    } catch (err) {
      console.error(err);
      clear(this.boardNode, el("p", { class: "error" }, String(err.message || err)));
    }
  }

  drawCompose() {
    const t = this.t;
    const nodes = [];
    if (this.batch) {
      nodes.push(el("span", {}, t("table.chosen_of",
        { n: this.selection.length, count: this.batch.count })));
      if (this.selection.length) {
        nodes.push(el("button", { type: "button", class: "secondary",
          onclick: () => { this.selection = []; this.draw(); } }, t("table.clear")));
      }
      if (this.selection.length === this.batch.count) nodes.push(this.confirmButton());
    } else if (this.composer.step.length) {
      nodes.push(el("span", {}, t("table.building", { move: this.label(this.composer.action()) })),
        el("button", { type: "button", class: "secondary",
          onclick: () => { this.composer.back(); this.draw(); } }, t("table.back")));
      if (this.composer.complete()) nodes.push(this.confirmButton());
    }
    clear(this.composeNode, nodes);
    this.composeNode.hidden = nodes.length === 0;
  }

  confirmButton() {
    return el("button", { type: "button", class: "confirm", "data-confirm": "",
      onclick: () => this.confirm() }, this.t("table.confirm"));
  }

  // Every legal move that the drawn table does not reach gets a button.
  drawActions() {
    const reached = [...this.boardNode.querySelectorAll("[data-action]")]
      .map((node) => node.getAttribute("data-action"));
    const step = this.composer.step;
    const rest = this.legal.filter((action) => {
      const parts = tokens(action);
      if (!step.every((tok, i) => parts[i] === tok) || parts.length <= step.length) return false;
      if (this.batch && parts[0] === this.batch.verb) return false;
      return !reached.some((prefix) => action === prefix || action.startsWith(`${prefix} `));
    });
    clear(this.actionsNode, rest.map((action) => this.choice(
      el("button", { type: "button" }, this.label(action)),
      tokens(action).slice(step.length), this.label(action))));
  }

  drawTools() {
    const t = this.t;
    const tools = [el("button", { type: "button", class: "secondary",
      onclick: () => rulesDialog(t).showModal() }, t("table.rules"))];
    const myTurn = this.legal.length > 0;
    if (this.info.hints && this.seat !== null && myTurn) {
      tools.push(el("button", { type: "button", class: "secondary",
        onclick: () => this.askHint() }, t("table.hint")));
    }
    if (this.seat !== null && !this.view.over && this.info.status === "playing") {
      tools.push(el("button", { type: "button", class: "secondary",
        onclick: () => this.leave() }, t("table.leave")));
    }
    if (this.canStop()) {
      tools.push(el("button", { type: "button", class: "secondary",
        onclick: () => this.stopTable() }, t("table.stop")));
    }
    clear(this.toolsNode, tools);
  }

  drawSummary() {
    if (!this.view.over || !this.result) {
      clear(this.summaryNode);
      return;
    }
    const t = this.t;
    let detail;
    try {
      detail = this.module.summary(this.result, this.view, this.gameContextCache);
    } catch (err) {
      console.error(err);
      detail = el("p", { class: "error" }, String(err.message || err));
    }
    clear(this.summaryNode, el("section", { class: "final", "aria-label": t("table.final") },
      el("h2", {}, t("table.final")),
      rankingList(t, this.info, this.result.ranking || []), detail,
      el("p", {}, el("a", { href: `/replays/${this.info.id}` }, t("table.watch_replay")),
        " · ", el("a", { href: "/" }, t("page.to_lobby")))));
  }

  // Keyboard play: after a redraw, keep focus on the move that was chosen,
  // or on the first legal move when the table changed under the player.
  restoreFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const wanted = this.focusAfter;
    this.focusAfter = null;
    const nodes = [...this.ctx.main.querySelectorAll(".legal, [data-confirm]")];
    const target = nodes.find((n) => wanted && n.getAttribute("data-action") === wanted)
      || nodes.find((n) => n.hasAttribute("data-confirm"))
      || nodes.find((n) => wanted && n.getAttribute("data-action")?.startsWith(wanted))
      || (this.hadFocus ? nodes[0] : null);
    if (target) target.focus({ preventScroll: true });
  }

  async comeBack() {
    const answer = await this.socket.request({ cmd: "back" });
    if (!answer.ok) this.notice = answer.error.message;
    this.refresh();
  }

  // The creator may stop a table that no person plays at (the server
  // decides; this only hides the button where it would be refused).
  canStop() {
    const people = this.info.seats.some((s) => s.kind === "human"
      && (s.control === "seated" || s.control === "away"));
    return Boolean(memory.ownerToken(this.info.id)) && this.info.status !== "over"
      && (this.info.status === "waiting" || !people);
  }

  async stopTable() {
    if (!window.confirm(this.t("table.stop_sure"))) return;
    try {
      const answer = await api("POST", `/api/tables/${this.info.id}/stop`,
        { owner_token: memory.ownerToken(this.info.id) });
      this.tableChanged(answer.table);
    } catch (err) {
      this.notice = err.message;
      this.draw();
    }
  }

  async leave() {
    if (!window.confirm(this.t("table.leave_sure"))) return;
    const answer = await this.socket.request({ cmd: "leave" });
    if (answer.ok) {
      this.socket.close();
      location.href = "/";
    } else {
      this.notice = answer.error.message;
      this.draw();
    }
  }
}
