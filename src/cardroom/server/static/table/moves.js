// The move a person is building, over the seat's legal moves: the
// step-by-step composer, a batch chosen locally (Papayoo's passing: the
// game's batch() says which verb and how many), a confirmed batch still to
// send, and whether an action is on its way. No DOM here.
import { Composer } from "../lib/compose.js";

export class Moves {
  constructor() {
    this.composer = new Composer();
    this.legal = [];
    this.batch = null;
    this.selection = [];
    this.queue = [];
    this.sending = false;
  }

  get step() {
    return this.composer.step;
  }

  // New legal moves: a half-built move and chosen cards stay while still legal.
  setLegal(legal, batch) {
    this.legal = legal;
    this.composer.setLegalKeepingStep(legal);
    this.batch = legal.length ? batch : null;
    this.selection = this.batch ? this.selection.filter(
      (item) => legal.includes(`${this.batch.verb} ${item}`)) : [];
  }

  inBatch(tokens) {
    return Boolean(this.batch) && tokens[0] === this.batch.verb;
  }

  can(more) {
    if (this.inBatch(more) && this.selection.includes(more[1])) return true;
    return this.composer.can(more);
  }

  chosen(part) {
    if (this.inBatch(part)) return this.selection.includes(part[1]);
    return this.composer.step.length > 0 && this.composer.chosen(part);
  }

  // A click on a choice; returns the action to send now, or null.
  pick(more) {
    if (this.sending) return null;
    if (this.inBatch(more)) {
      this.toggle(more[1]);
      return null;
    }
    return this.composer.pick(more) ? this.composer.action() : null;
  }

  toggle(item) {
    const at = this.selection.indexOf(item);
    if (at >= 0) this.selection.splice(at, 1);
    else if (this.selection.length < this.batch.count) this.selection.push(item);
  }

  back() {
    this.composer.back();
  }

  clearSelection() {
    this.selection = [];
  }

  batchFull() {
    return Boolean(this.batch) && this.selection.length === this.batch.count;
  }

  // Confirm: a whole batch is queued (sent one action at a time, see
  // next()); a built move is returned to send.
  confirm() {
    if (this.batchFull()) {
      this.queue = this.selection.map((item) => `${this.batch.verb} ${item}`);
      this.selection = [];
      return null;
    }
    return this.composer.complete() ? this.composer.action() : null;
  }

  // The queued action to send now: each goes once it is legal; the queue
  // is dropped when other moves are offered or the game is over.
  next(over) {
    if (this.queue.length === 0 || this.sending) return null;
    if (this.legal.includes(this.queue[0])) return this.queue.shift();
    if (this.legal.length > 0 || over) this.queue = [];
    return null;
  }

  // The page also empties the legal moves until new ones come: no double
  // plays from a quick second click.
  sent() {
    this.sending = true;
    this.composer.reset();
  }

  answered() {
    this.sending = false;
    this.composer.reset();
  }
}
