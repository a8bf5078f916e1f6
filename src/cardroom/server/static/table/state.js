// Everything the table page knows, in one place. It changes only through
// update(), which tells the listeners which facts changed, so the page
// redraws only the parts drawn from them.
//
// Facts: info (the table as the lobby shows it), seat (the viewer's, or
// null), view (without log), log (the viewer's events), legal (the seat's
// moves now), result, notice (a line for the person), hint (an action),
// clocks (counted down in place inside info), connected (whether the
// table's WebSocket is up), thinking (a bot's seat that has been thinking
// a while, or null) and moves (the move being built, see moves.js).
export class TableState {
  constructor(info) {
    this.info = info;
    this.seat = null;
    this.view = null;
    this.log = [];
    this.legal = [];
    this.result = null;
    this.notice = "";
    this.hint = null;
    this.connected = true;
    this.thinking = null;
    this.listeners = [];
  }

  onChange(listener) {
    this.listeners.push(listener);
  }

  // `patch` holds new values by name; `events` are appended to the log.
  update(patch) {
    const changed = new Set();
    for (const [name, value] of Object.entries(patch)) {
      if (name === "events") {
        if (value.length) changed.add("log");
        this.log.push(...value);
      } else if (!same(this[name], value)) {
        this[name] = value;
        changed.add(name);
      }
    }
    this.announce(changed, patch.events || []);
  }

  // For facts changed in place (a clock counted down, a move chosen).
  touched(...names) {
    this.announce(new Set(names), []);
  }

  announce(changed, events) {
    if (changed.size === 0) return;
    for (const listener of this.listeners) listener(changed, events);
  }

  awaitsMe() {
    return this.holdsSeat() && this.view !== null && !this.view.over
      && this.view.to_act.includes(this.seat);
  }

  // Whether the viewer's seat is still theirs to play: not a spectator's
  // view, and not a seat they left for good (a bot plays it on).
  holdsSeat() {
    return this.seat !== null && !this.hasLeft();
  }

  hasLeft() {
    const mine = this.seat === null ? null : this.info.seats[this.seat];
    return Boolean(mine && mine.control === "left");
  }
}

// The server sends a fresh object each time: an equal one changes nothing.
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
