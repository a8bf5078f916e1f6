// One table's WebSocket: requests matched to answers by id, pushes handed
// on, and a reconnect with back-off that says hello again. The token goes
// only in the hello message, never in the address.
export class TableSocket {
  constructor(tableId, hello, handlers) {
    this.tableId = tableId;
    this.hello = hello;
    this.handlers = handlers; // {onHello, onPush, onDown, onUp}
    this.nextId = 1;
    this.waiting = new Map();
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}`);
    this.ws = ws;
    ws.onopen = () => this.greet();
    ws.onmessage = (message) => this.receive(JSON.parse(message.data));
    ws.onclose = () => this.lost();
  }

  async greet() {
    const answer = await this.request(this.hello);
    if (!answer.ok) {
      this.closed = true;
      this.handlers.onRefused(answer.error);
      return;
    }
    this.delay = 500;
    this.handlers.onUp();
    this.handlers.onHello(answer);
  }

  lost() {
    for (const resolve of this.waiting.values()) {
      resolve({ ok: false, error: { code: "offline", message: "connection lost" } });
    }
    this.waiting.clear();
    if (this.closed) return;
    this.handlers.onDown();
    setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  receive(message) {
    if (message.push) {
      this.handlers.onPush(message);
      return;
    }
    const resolve = this.waiting.get(message.id);
    if (resolve) {
      this.waiting.delete(message.id);
      resolve(message);
    }
  }

  // Resolves with the answer (ok or error); never rejects.
  request(body) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.ws.readyState !== WebSocket.OPEN) {
        resolve({ ok: false, error: { code: "offline", message: "not connected" } });
        return;
      }
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, ...body }));
    });
  }

  close() {
    this.closed = true;
    this.ws.close();
  }
}
