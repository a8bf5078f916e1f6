// The table's WebSocket as the page's one source of change: what the
// server says (hello, pushes, answers) becomes TableState updates. A push
// carries the new events, the view and the seat's legal moves, so after a
// push the page asks nothing; it asks (view since, legal) only after a
// (re)connect, or when a push lacks the view (an older server) or does not
// follow on from the log held here (docs/server.md).
import { api } from "../lib/api.js";
import { TableSocket } from "../lib/connection.js";

export class TableSync {
  // `page`: {onUp, onDown, onRefused, onChat(lines or one line)}.
  constructor(state, token, page) {
    this.state = state;
    this.page = page;
    const hello = token ? { cmd: "hello", token } : { cmd: "hello", spectate: true };
    this.socket = new TableSocket(state.info.id, hello, {
      onHello: (answer) => this.hello(answer),
      onPush: (message) => this.pushed(message),
      onDown: page.onDown,
      onUp: page.onUp,
      onRefused: page.onRefused,
    });
  }

  hello(answer) {
    const seat = typeof answer.seat === "number" ? answer.seat : null;
    if (this.state.view === null) {
      const { log, ...view } = answer.view;
      this.page.onChat(answer.chat);
      this.state.update({ seat, info: answer.table, view, events: log });
    } else {
      this.state.update({ seat, info: answer.table });
    }
    // The legal moves, and after a reconnect the events missed meanwhile.
    this.refresh();
  }

  pushed(message) {
    // A bot thinking long is shown from its `thinking` push until the next
    // events push (docs/server.md, Pushes).
    if (message.push === "thinking") this.state.update({ thinking: message.seat });
    if (message.push === "events") this.state.update({ thinking: null });
    if (message.push === "events") this.eventsPushed(message);
    else if (message.push === "table") this.state.update({ info: message.table });
    else if (message.push === "clock") this.clockPushed(message);
    else if (message.push === "chat") this.page.onChat([message]);
  }

  eventsPushed(message) {
    const { state } = this;
    const whole = Boolean(message.view) && (state.seat === null || Array.isArray(message.legal));
    const follows = message.log_size - message.events.length === state.log.length;
    if (!whole || !follows || this.refreshing) {
      this.refresh();
      return;
    }
    const legal = state.holdsSeat() ? message.legal || [] : [];
    state.update({ events: message.events, view: message.view, legal });
  }

  clockPushed(message) {
    const clocks = this.state.info.clocks;
    if (clocks) clocks[message.seat] = message.remaining_s;
    this.state.touched("clocks");
  }

  // Sends an action. The answer holds its events and the view; the legal
  // moves come with the push that follows it. Resolves with the answer.
  async act(action) {
    const answer = await this.ask({ cmd: "act", action });
    if (!answer.ok) {
      this.refresh();
      return answer;
    }
    const follows = this.state.log.length + answer.events.length === answer.view.log_size;
    if (follows && !this.refreshing) {
      this.state.update({ events: answer.events, view: answer.view });
    } else {
      this.refresh();
    }
    return answer;
  }

  // ---- asking ----------------------------------------------------------------

  // Asks what is new since the log held here, then the legal moves; a change
  // arriving meanwhile asks again once this one is done.
  async refresh() {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    do {
      this.again = false;
      await this.catchUp();
    } while (this.again);
    this.refreshing = false;
  }

  async catchUp() {
    const since = this.state.log.length;
    const answer = await this.ask({ cmd: "view", since });
    if (!answer.ok) return;
    const { log, ...view } = answer.view;
    // The view and its legal moves go in together: a redraw in between
    // would see a table with no moves and drop the cards being chosen.
    const legal = await this.legalIn(view);
    // Events that arrived some other way meanwhile are not added twice.
    const fresh = log.slice(Math.max(0, this.state.log.length - since));
    this.state.update({ events: fresh, view, legal });
  }

  async legalIn(view) {
    const { seat } = this.state;
    // A seat left for good is played by a bot: nothing for the person.
    if (!this.state.holdsSeat() || view.over || !view.to_act.includes(seat)) return [];
    const legal = await this.ask({ cmd: "legal" });
    return legal.ok ? legal.actions : [];
  }

  // Once the game is over: the result and the table's final state.
  async fetchResult() {
    if (!this.state.view.over || this.state.result || this.resultAsked) return;
    this.resultAsked = true;
    const result = await this.ask({ cmd: "result" });
    this.resultAsked = result.ok;
    const info = await api("GET", `/api/tables/${this.state.info.id}`).catch(() => null);
    this.state.update({ ...(result.ok ? { result } : {}), ...(info ? { info } : {}) });
  }

  // A request that waits and tries again when the server says to slow down.
  async ask(body) {
    for (let tries = 0; ; tries += 1) {
      const answer = await this.socket.request(body);
      if (answer.ok || answer.error.code !== "rate_limited" || tries >= 5) return answer;
      await new Promise((resolve) => setTimeout(resolve, 500 * (tries + 1)));
    }
  }

  request(body) {
    return this.socket.request(body);
  }

  close() {
    this.socket.close();
  }
}
