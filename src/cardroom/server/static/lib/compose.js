// Step-by-step choice over legal action strings. A legal action is a list
// of tokens ("play DoR 2 3"); the player picks tokens in clicks, and this
// says what can come next and when the pick is a whole action. No DOM here.
export function tokens(action) {
  return action.split(" ");
}

function startsWith(whole, part) {
  return part.length <= whole.length && part.every((tok, i) => whole[i] === tok);
}

export class Composer {
  constructor(legal = []) {
    this.setLegal(legal);
  }

  setLegal(legal) {
    this.legal = legal.map(tokens);
    this.reset();
  }

  // New legal moves; a half-built move survives if it still leads somewhere.
  setLegalKeepingStep(legal) {
    const step = this.step;
    const sizes = this.sizes;
    this.setLegal(legal);
    if (step.length && this.can(step)) {
      this.step = step;
      this.sizes = sizes;
    }
  }

  // Some legal action begins with step + more.
  can(more) {
    const want = [...this.step, ...more];
    return this.legal.some((action) => startsWith(action, want));
  }

  chosen(part) {
    return startsWith(this.step, part);
  }

  complete() {
    const text = this.step.join(" ");
    return this.step.length > 0 && this.legal.some((a) => a.join(" ") === text);
  }

  extendable() {
    return this.legal.some((a) => a.length > this.step.length && startsWith(a, this.step));
  }

  // Adds a click's tokens; says whether to send now (a whole action reached
  // in one click that nothing longer extends).
  pick(more) {
    if (!this.can(more)) return false;
    this.step = [...this.step, ...more];
    this.sizes.push(more.length);
    return this.sizes.length === 1 && this.complete() && !this.extendable();
  }

  back() {
    const size = this.sizes.pop() ?? this.step.length;
    this.step = this.step.slice(0, this.step.length - size);
  }

  reset() {
    this.step = [];
    this.sizes = [];
  }

  action() {
    return this.step.join(" ");
  }
}
