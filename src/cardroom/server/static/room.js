// The minimal card room page: lobby, join, and a plain table view over the
// server protocol. Everything shown is text (textContent), never HTML.
const main = document.getElementById("main");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) {
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error ? data.error.message : res.statusText);
  return data;
}

async function lobby() {
  const [{ games }, { tables }] = await Promise.all([api("GET", "/api/games"),
                                                    api("GET", "/api/tables")]);
  main.replaceChildren(el("h1", {}, "Tables"), tableList(tables), createForm(games));
}

function tableList(tables) {
  const rows = tables.map((t) => el("tr", {},
    el("td", {}, t.game), el("td", {}, String(t.players)), el("td", {}, t.status),
    el("td", {}, t.seats.map((s) => s.name || (s.kind === "bot" ? s.bot : "free")).join(", ")),
    el("td", {}, el("a", { href: `/tables/${t.id}` }, t.status === "waiting" ? "join" : "watch"))));
  return el("table", {}, el("tr", {}, ...["game", "players", "status", "seats", ""].map(
    (h) => el("th", {}, h))), ...rows);
}

function createForm(games) {
  const game = el("select", {}, ...games.map((g) => el("option", { value: g.id }, g.name)));
  const players = el("input", { type: "number", value: "4", min: "2", max: "8" });
  const humans = el("input", { type: "number", value: "1", min: "0", max: "8" });
  const bot = el("select", {}, ...["heuristic", "random", "ismcts"].map(
    (b) => el("option", { value: b }, b)));
  const msg = el("p", { class: "error" });
  const go = el("button", { onclick: async () => {
    const n = Number(players.value), h = Number(humans.value);
    const seats = Array.from({ length: n }, (_, i) =>
      i < h ? { kind: "human" } : { kind: "bot", bot: bot.value });
    try {
      const t = await api("POST", "/api/tables", { game: game.value, players: n, seats });
      location.href = t.invite;
    } catch (e) { msg.textContent = e.message; }
  } }, "Create table");
  return el("section", {}, el("h2", {}, "New table"),
    el("label", {}, "Game ", game), " ", el("label", {}, "Players ", players), " ",
    el("label", {}, "People ", humans), " ", el("label", {}, "Bots ", bot), " ", go, msg);
}

async function tablePage(id) {
  let info = await api("GET", `/api/tables/${id}`);
  const tokenKey = `cardroom-token-${id}`;
  let token = localStorage.getItem(tokenKey);
  if (!token && info.status === "waiting") {
    const name = el("input", { placeholder: "your name", maxlength: "32" });
    const msg = el("p", { class: "error" });
    const join = el("button", { onclick: async () => {
      try {
        const r = await api("POST", `/api/tables/${id}/join`, { name: name.value });
        localStorage.setItem(tokenKey, r.token);
        tablePage(id);
      } catch (e) { msg.textContent = e.message; }
    } }, "Sit down");
    const watch = el("button", { onclick: () => connect(id, null) }, "Watch");
    main.replaceChildren(el("h1", {}, `${info.game}: join the table`),
      el("p", {}, "Invite link: ", location.href), name, join, watch, msg);
    return;
  }
  connect(id, token);
}

function connect(id, token) {
  const status = el("p", { class: "status" }), seats = el("p");
  const actions = el("div", { class: "actions" }), view = el("pre");
  const log = el("div", { class: "log" }), chat = el("div", { class: "chat" });
  const say = el("input", { placeholder: "chat", maxlength: "500" });
  main.replaceChildren(status, seats, el("h2", {}, "Your moves"), actions,
    el("h2", {}, "Table"), view, el("h2", {}, "Log"), log, el("h2", {}, "Chat"), chat, say);
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${id}`);
  let next = 1, mySeat = null;
  const send = (msg) => ws.send(JSON.stringify({ id: next++, ...msg }));
  const addLog = (box, line) => { box.append(el("div", {}, line)); box.scrollTop = box.scrollHeight; };
  const refresh = () => { send({ cmd: "view" }); if (mySeat !== null) send({ cmd: "legal" }); };
  say.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && say.value.trim()) { send({ cmd: "chat", text: say.value }); say.value = ""; }
  });
  ws.onopen = () => send(token ? { cmd: "hello", token } : { cmd: "hello", spectate: true });
  ws.onclose = () => { status.textContent = "Connection lost: reconnecting…"; setTimeout(() => connect(id, token), 1500); };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.push === "events") { msg.events.forEach((e) => addLog(log, JSON.stringify(e))); refresh(); return; }
    if (msg.push === "chat") { addLog(chat, `${msg.name}: ${msg.text}`); return; }
    if (msg.push === "table") { showSeats(msg.table); return; }
    if (msg.push) return;
    if (!msg.ok) { addLog(log, `⚠ ${msg.error.message}`); return; }
    if (msg.seat !== undefined) { mySeat = typeof msg.seat === "number" ? msg.seat : null;
      showSeats(msg.table); msg.view.log.forEach((e) => addLog(log, JSON.stringify(e)));
      msg.chat.forEach((c) => addLog(chat, `${c.name}: ${c.text}`)); refresh(); }
    if (msg.view) { const { log: _, ...rest } = msg.view; view.textContent = JSON.stringify(rest, null, 1);
      status.textContent = rest.over ? "The game is over." :
        (rest.to_act.includes(mySeat) ? "Your turn." : `Waiting for seat ${rest.to_act.join(", ")}.`); }
    if (msg.actions) actions.replaceChildren(...msg.actions.map((a) =>
      el("button", { onclick: () => send({ cmd: "act", action: a }) }, a)));
  };
  function showSeats(t) {
    seats.textContent = t.seats.map((s) => `${s.seat}: ${s.name || "free"} (${s.control})`).join(" · ");
  }
}

const match = location.pathname.match(/^\/tables\/([\w-]+)/);
(match ? tablePage(match[1]) : lobby()).catch((e) => { main.textContent = e.message; });
