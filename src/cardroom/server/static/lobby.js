// The lobby: tables to join, watch or replay; a new table with every option
// of its game; the account; this browser's games; and the leaderboards page.
import { el, clear } from "./lib/dom.js";
import { api, memory } from "./lib/api.js";
import { gameNames } from "./lib/games.js";
import { gameCatalog, sharedCatalog, lobbyCatalog, translator } from "./lib/i18n.js";
import { seatName } from "./tableparts.js";

const REFRESH_MS = 4000;
const SHORT_LIST = 5;
const MY_TABLES_ASKED = 30;
// Strengths first (the same names in every game); the older names stay for
// those who know them (bot:heuristic is what medium plays).
const SEAT_KINDS = ["human", "bot:easy", "bot:medium", "bot:hard",
  "bot:random", "bot:heuristic", "bot:ismcts"];
// A thinking bot's search budget, well within the server's cap (20000).
const BUDGETS = { quick: { iterations: 300 }, strong: { iterations: 3000 } };

export async function showLobby(ctx) {
  const { games } = await api("GET", "/api/games");
  const names = await gameNames(games.map((g) => g.id), ctx.lang);
  const lobby = { ctx, t: ctx.t, games, names, me: fetchMe(), expanded: new Set() };
  const tables = tablesPanel(lobby);
  const create = createPanel(lobby, tables.refresh);
  const account = accountPanel(lobby);
  const mine = myGamesPanel(lobby);
  const accountChanged = () => {
    account.draw();
    mine.draw();
    create.sessionChanged();
    // A session the server no longer knows is forgotten: no rated game then.
    lobby.me.then(() => create.sessionChanged(), () => {});
  };
  lobby.sessionChanged = () => {
    lobby.me = fetchMe();
    accountChanged();
  };
  clear(ctx.main, el("div", { class: "lobby" },
    el("header", { class: "lobby-head" }, el("h1", {}, ctx.t("lobby.title")),
      el("p", { class: "muted" }, ctx.t("lobby.intro"))),
    el("div", { class: "lobby-main" }, tables.node, create.node),
    el("div", { class: "lobby-side" }, account.node, mine.node, boardsPanel(lobby))));
  tables.start();
  accountChanged();
  await create.ready;
}

function panel(name, title, ...body) {
  return el("section", { class: `panel ${name}`, "aria-labelledby": `${name}-title` },
    el("h2", { id: `${name}-title` }, title), ...body);
}

// The signed-in account (GET /api/me), or null; a session the server no
// longer knows is forgotten.
function fetchMe() {
  const session = memory.session();
  if (!session) return Promise.resolve(null);
  return api("GET", "/api/me", undefined, session).catch((err) => {
    if (err.status !== 401) throw err;
    memory.setSession(null);
    return null;
  });
}

// ---- tables to join, watch or replay ---------------------------------------

function tablesPanel(lobby) {
  const { t } = lobby;
  const groups = el("div", { class: "table-groups" });
  const trouble = el("p", { class: "error", role: "alert" });
  const node = panel("lobby-tables", t("lobby.tables"),
    el("p", { class: "muted" }, t("lobby.tables_note")), trouble, groups);
  let shown = null;
  const refresh = async () => {
    try {
      const { tables } = await api("GET", "/api/tables");
      trouble.textContent = "";
      const key = JSON.stringify(tables, (k, v) => (k === "clocks" || k === "to_act" ? undefined : v));
      if (key === shown) return;
      shown = key;
      const again = () => redraw(groups, () => tableGroups(lobby, tables, again));
      again();
    } catch (err) {
      const text = t("lobby.list_failed", { error: err.message });
      if (trouble.textContent !== text) trouble.textContent = text;
    }
  };
  const start = () => {
    refresh();
    const timer = setInterval(() => {
      if (!document.contains(node)) clearInterval(timer);
      else if (!document.hidden) refresh();
    }, REFRESH_MS);
  };
  return { node, refresh, start };
}

// Redraws a list, keeping the keyboard focus on the same link if it is still there.
function redraw(node, draw) {
  const focused = node.contains(document.activeElement)
    ? document.activeElement.getAttribute("href") : null;
  clear(node, draw());
  if (focused) node.querySelector(`a[href="${CSS.escape(focused)}"]`)?.focus();
}

function tableGroups(lobby, tables, again) {
  const { t } = lobby;
  const having = (status) => tables.filter((x) => x.status === status);
  return [
    tableGroup(lobby, { title: t("lobby.open"), tables: having("waiting"), verb: "join",
      key: "open", limit: 10, again }),
    tableGroup(lobby, { title: t("lobby.playing"), tables: having("playing"), verb: "watch",
      key: "playing", limit: SHORT_LIST, again }),
    tableGroup(lobby, { title: t("lobby.finished"), tables: having("over"), verb: "replay",
      key: "finished", limit: SHORT_LIST, again }),
  ];
}

// A titled list of tables; a long one shows its first few and a button for the rest.
function tableGroup(lobby, { title, tables, verb, key, limit, again }) {
  const { t } = lobby;
  const whole = lobby.expanded.has(key) || tables.length <= limit + 1;
  const shown = whole ? tables : tables.slice(0, limit);
  const more = () => {
    lobby.expanded.add(key);
    again();
    document.querySelector(`[data-group="${key}"] li:nth-child(${limit + 1}) a`)?.focus();
  };
  return el("div", { class: "table-group", "data-group": key },
    el("h3", {}, title, " ", el("span", { class: "count" }, `(${tables.length})`)),
    tables.length
      ? el("ul", { class: "table-list" }, shown.map((x) => tableRow(lobby, x, verb)))
      : el("p", { class: "muted" }, t("lobby.none")),
    whole ? null : el("button", { type: "button", class: "secondary more", onclick: more },
      t("lobby.show_all", { n: tables.length })));
}

// One table: its game, tags, who sits there, the winner once over, and a link.
function tableRow(lobby, table, verb) {
  const { t, names } = lobby;
  const game = names[table.game] || table.game;
  const seats = seatWords(t, table);
  const href = verb === "replay" ? `/replays/${table.id}` : table.invite;
  return el("li", { class: "table-row" },
    el("div", { class: "table-about" },
      el("div", { class: "table-title" }, el("b", {}, game), tableTags(t, table)),
      el("div", { class: "table-seats" }, seats),
      table.result ? el("div", { class: "table-result" }, winners(t, table)) : null),
    el("a", { href, class: "button-link",
      "aria-label": t("lobby.link_label", { verb: t(`lobby.${verb}`), game, seats }) },
    t(`lobby.${verb}`)));
}

function tableTags(t, table) {
  const tags = [t("lobby.players", { n: table.players })];
  if (table.clock) tags.push(clockWords(t, table.clock));
  if (table.rated) tags.push(t("lobby.rated"));
  if (table.status === "waiting") {
    const free = table.seats.filter((s) => s.control === "open").length;
    tags.push(t("lobby.free_seats", { n: free }));
  }
  return tags.map((tag) => el("span", { class: "tag" }, tag));
}

function clockWords(t, clock) {
  const whole = Math.round(clock.initial_s);
  const time = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  return t("lobby.clock_tag", { time, per: Math.round(clock.per_move_s) });
}

function seatWords(t, table) {
  return table.seats.map((_, seat) => seatName(t, table, seat)).join(", ");
}

function winners(t, table) {
  const first = (table.result.ranking || [])[0] || [];
  const names = first.map((seat) => seatName(t, table, seat)).join(", ");
  return t("lobby.won_by", { names, n: first.length });
}

// ---- a new table -------------------------------------------------------------

function createPanel(lobby, tablesChanged) {
  const { t } = lobby;
  const form = createFields(lobby);
  form.tablesChanged = tablesChanged;
  form.game.addEventListener("change", () => gameChanged(form));
  form.players.addEventListener("input", () => drawSeats(form));
  form.players.addEventListener("change", () => {
    form.players.value = playerCount(form);
    drawSeats(form);
  });
  form.seats.addEventListener("change", () => updateRated(form));
  form.rated.addEventListener("change", () => updateRated(form));
  const node = panel("lobby-create", t("lobby.new_table"),
    el("form", { class: "create", onsubmit: (event) => submit(form, event) },
      el("div", { class: "form-row" },
        field("new-game", t("lobby.game"), form.game, form.about),
        field("new-players", t("lobby.players_field"), form.players, form.range)),
      fieldset(t("lobby.options"), form.options),
      fieldset(t("lobby.seats"), el("p", { class: "help" }, t("lobby.seats_note")), form.seats),
      fieldset(t("lobby.clock_title"), form.clock.node),
      fieldset(t("lobby.rules_title"),
        checkLine(form.hints, t("lobby.hints"), el("small", { class: "help", id: "new-hints-note" },
          t("lobby.hints_note"))),
        checkLine(form.rated, t("lobby.rated_field"), form.ratedNote)),
      el("div", { class: "create-go" }, form.submit, form.message),
      form.result));
  return { node, ready: gameChanged(form), sessionChanged: () => updateRated(form) };
}

function createFields(lobby) {
  const { t, games, names } = lobby;
  return {
    lobby, turn: 0, fields: [], seatRows: [],
    game: el("select", { id: "new-game", "aria-describedby": "new-game-about" },
      games.map((g) => el("option", { value: g.id }, names[g.id]))),
    about: el("small", { class: "help", id: "new-game-about" }),
    players: el("input", { id: "new-players", type: "number", required: true, step: 1,
      inputmode: "numeric", "aria-describedby": "new-players-range" }),
    range: el("small", { class: "help", id: "new-players-range" }),
    options: el("div", { class: "option-grid" }),
    seats: el("div", { class: "seat-grid" }),
    clock: clockFields(t),
    hints: el("input", { id: "new-hints", type: "checkbox", checked: true,
      "aria-describedby": "new-hints-note" }),
    rated: el("input", { id: "new-rated", type: "checkbox", "aria-describedby": "new-rated-note" }),
    ratedNote: el("small", { class: "help", id: "new-rated-note" }),
    submit: el("button", { type: "submit" }, t("lobby.create")),
    message: el("p", { class: "error", role: "alert" }),
    result: el("div", { class: "created" }),
  };
}

function field(id, label, input, help) {
  return el("div", { class: "field" }, el("label", { for: id }, label), input, help);
}

function fieldset(legend, ...body) {
  return el("fieldset", {}, el("legend", {}, legend), ...body);
}

function checkLine(input, label, help) {
  return el("div", { class: "field" },
    el("div", { class: "check" }, input, el("label", { for: input.id }, label)), help);
}

function described(form) {
  return form.lobby.games.find((g) => g.id === form.game.value);
}

function playerCount(form) {
  const [low, high] = described(form).players;
  const wanted = Number(form.players.value);
  return Number.isInteger(wanted) ? Math.min(Math.max(wanted, low), high) : low;
}

async function gameChanged(form) {
  const game = described(form);
  const turn = ++form.turn;
  const [low, high] = game.players;
  form.players.min = low;
  form.players.max = high;
  form.players.value = Math.min(Math.max(Number(form.players.value) || 4, low), high);
  form.range.textContent = form.lobby.t("lobby.players_range", { low, high });
  drawSeats(form);
  const gt = await gameTranslator(game.id, form.lobby.ctx.lang);
  if (turn !== form.turn) return;
  form.about.textContent = gt.has("tagline") ? gt("tagline") : "";
  form.fields = Object.entries(game.options).filter(([name]) => name !== "stack")
    .map(([name, option]) => optionField(gt, name, option));
  clear(form.options, form.fields.length ? form.fields.map((f) => f.node)
    : el("p", { class: "muted" }, gt.has("option.none") ? gt("option.none") : gt("lobby.no_options")));
}

// The game's catalog (for option words) without loading its drawing module.
async function gameTranslator(game, lang) {
  const [catalog, shared, lobby] = await Promise.all(
    [gameCatalog(game, lang), sharedCatalog(lang), lobbyCatalog(lang)]);
  return translator(lang, catalog, shared, lobby);
}

// ---- one input per option, from its type, choices and default -----------------

function optionField(gt, name, option) {
  const id = `option-${name}`;
  const helpId = `${id}-help`;
  const input = optionInput(gt, name, option, { id, "data-option": name, "aria-describedby": helpId });
  const label = el("label", { for: id }, gt.has(`option.${name}`) ? gt(`option.${name}`) : name);
  const help = el("small", { class: "help", id: helpId },
    gt.has(`option.${name}.help`) ? gt(`option.${name}.help`) : option.description,
    " ", defaultWords(gt, name, option));
  const node = option.type === "bool"
    ? el("div", { class: "option field" }, el("div", { class: "check" }, input, label), help)
    : el("div", { class: "option field" }, label, input, help);
  return { name, option, input, label: label.textContent, node };
}

function optionInput(gt, name, option, attrs) {
  const unset = option.default === null || option.default === undefined;
  if (option.type === "bool") {
    return el("input", { ...attrs, type: "checkbox", checked: option.default === true });
  }
  if (option.choices) {
    return el("select", attrs,
      unset ? el("option", { value: "" }, gt("lobby.default")) : null,
      option.choices.map((c) => el("option", { value: c, selected: c === option.default },
        choiceWords(gt, name, c))));
  }
  const number = option.type === "int";
  return el("input", { ...attrs, type: number ? "number" : "text",
    min: number ? option.min : null, max: number ? option.max : null, step: number ? 1 : null,
    inputmode: number ? "numeric" : null,
    value: unset ? "" : [].concat(option.default).join(", "),
    placeholder: unset ? gt("lobby.default") : null });
}

function choiceWords(gt, name, choice) {
  return gt.has(`option.${name}.${choice}`) ? gt(`option.${name}.${choice}`) : choice;
}

function defaultWords(gt, name, option) {
  const value = option.default;
  if (option.type === "list") return gt("lobby.list_help");
  if (value === null || value === undefined) return "";
  if (option.type === "bool") return gt("lobby.default_is", { value: gt(value ? "lobby.yes" : "lobby.no") });
  if (option.choices) return gt("lobby.default_is", { value: choiceWords(gt, name, value) });
  return gt("lobby.default_is", { value: String(value) });
}

// The options that differ from the game's defaults; throws on a bad number.
function chosenOptions(form) {
  const options = {};
  for (const { name, option, input, label } of form.fields) {
    if (option.type === "bool") {
      if (input.checked !== (option.default === true)) options[name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (text === "" || text === [].concat(option.default ?? []).join(", ")) continue;
    options[name] = optionValue(form.lobby.t, option, text, label);
  }
  return options;
}

function optionValue(t, option, text, label) {
  if (option.type === "int") {
    const value = Number(text);
    if (!Number.isInteger(value)) throw new Error(t("lobby.whole_number", { option: label }));
    return value;
  }
  if (option.type === "list") return text.split(",").map((s) => s.trim()).filter(Boolean);
  return text;
}

// ---- seats, clock, hints, rated ------------------------------------------------

function drawSeats(form) {
  const kept = form.seatRows.map((row) => [row.kind.value, row.budget.value]);
  form.seatRows = Array.from({ length: playerCount(form) },
    (_, seat) => seatRow(form.lobby.t, seat, kept[seat]));
  clear(form.seats, form.seatRows.map((row) => row.node));
  updateRated(form);
}

function seatRow(t, seat, kept) {
  const kindId = `seat-kind-${seat}`;
  const budgetId = `seat-budget-${seat}`;
  const kind = el("select", { id: kindId, "data-seat": seat },
    SEAT_KINDS.map((k) => el("option", { value: k }, t(`lobby.kind.${k.replace(":", ".")}`))));
  const budget = el("select", { id: budgetId, "data-budget": seat },
    Object.keys(BUDGETS).map((b) => el("option", { value: b }, t(`lobby.budget.${b}`))));
  kind.value = kept ? kept[0] : (seat === 0 ? "human" : "bot:medium");
  budget.value = kept ? kept[1] : "quick";
  const budgetBox = el("div", { class: "field" },
    el("label", { for: budgetId }, t("lobby.budget")), budget);
  const show = () => { budgetBox.hidden = kind.value !== "bot:ismcts"; };
  kind.addEventListener("change", show);
  show();
  return { kind, budget, node: el("div", { class: "seat-row" },
    field(kindId, t("lobby.seat_n", { n: seat + 1 }), kind), budgetBox) };
}

function seatEntry(row) {
  if (row.kind.value === "human") return { kind: "human" };
  const bot = row.kind.value.split(":")[1];
  return bot === "ismcts" ? { kind: "bot", bot, budget: BUDGETS[row.budget.value] } : { kind: "bot", bot };
}

function clockFields(t) {
  const on = el("input", { id: "new-clock", type: "checkbox" });
  const number = (id, min, value) => el("input", { id, type: "number", min, max: 604800, step: 1,
    value, inputmode: "numeric", disabled: true });
  const initial = number("new-clock-initial", 1, 300);
  const per = number("new-clock-per", 0, 10);
  on.addEventListener("change", () => { initial.disabled = per.disabled = !on.checked; });
  return { on, initial, per, node: el("div", { class: "clock-fields" },
    checkLine(on, t("lobby.clock"), el("small", { class: "help" }, t("lobby.clock_note"))),
    el("div", { class: "form-row" },
      field("new-clock-initial", t("lobby.clock_initial"), initial),
      field("new-clock-per", t("lobby.clock_per"), per))) };
}

// Rated needs a signed-in creator and two or more people; it has no hints.
function updateRated(form) {
  const { t } = form.lobby;
  const people = form.seatRows.filter((row) => row.kind.value === "human").length;
  const signedIn = Boolean(memory.session());
  form.rated.disabled = !signedIn || people < 2;
  if (form.rated.disabled) form.rated.checked = false;
  form.ratedNote.textContent = t(!signedIn ? "lobby.rated_sign_in"
    : people < 2 ? "lobby.rated_two_people" : "lobby.rated_note");
  form.hints.disabled = form.rated.checked;
  if (form.rated.checked) form.hints.checked = false;
}

function tableBody(form) {
  const body = { game: form.game.value, players: Number(form.players.value),
    options: chosenOptions(form), seats: form.seatRows.map(seatEntry), hints: form.hints.checked };
  if (form.clock.on.checked) {
    body.clock = { initial_s: Number(form.clock.initial.value),
      per_move_s: Number(form.clock.per.value) };
  }
  if (form.rated.checked) body.rated = true;
  return body;
}

async function submit(form, event) {
  event.preventDefault();
  form.message.textContent = "";
  form.submit.disabled = true;
  try {
    const made = await api("POST", "/api/tables", tableBody(form), memory.session());
    memory.setOwnerToken(made.table, made.owner_token);
    showCreated(form, made);
    form.tablesChanged();
  } catch (err) {
    form.message.textContent = err.message;
  } finally {
    form.submit.disabled = false;
  }
}

function showCreated(form, made) {
  const { t } = form.lobby;
  const people = made.seats.some((s) => s.kind === "human");
  const heading = el("h3", { tabindex: -1 }, t("lobby.created"));
  clear(form.result, heading,
    el("p", {}, t(people ? "lobby.created_people" : "lobby.created_bots")),
    inviteBox(t, made.invite),
    el("p", {}, el("a", { href: made.invite, class: "button-link" },
      t(people ? "lobby.take_seat" : "lobby.watch_it"))));
  heading.focus();
}

// The invite link with a Copy button; where the clipboard is refused, the
// link is selected for the person to copy.
function inviteBox(t, invite) {
  const link = new URL(invite, location.origin).href;
  const text = el("input", { id: "lobby-invite", readonly: true, value: link,
    onfocus: (event) => event.target.select() });
  const said = el("span", { role: "status", class: "muted" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = t("lobby.copied");
    } catch {
      text.focus();
      text.select();
      said.textContent = t("lobby.copy_by_hand");
    }
  };
  return el("div", { class: "field" }, el("label", { for: "lobby-invite" }, t("lobby.invite")),
    el("div", { class: "lobby-invite" }, text,
      el("button", { type: "button", class: "secondary", onclick: copy }, t("lobby.copy"))), said);
}

// ---- the account -----------------------------------------------------------------

function accountPanel(lobby) {
  const { t } = lobby;
  const body = el("div", { class: "account-body" });
  const node = panel("lobby-account", t("account.title"), body);
  const draw = async () => {
    const asked = lobby.me;
    let me = null;
    try {
      me = await asked;
    } catch (err) {
      clear(body, el("p", { class: "error", role: "alert" }, err.message));
      return;
    }
    if (asked !== lobby.me) return;
    clear(body, me ? signedIn(lobby, me) : signInForm(lobby));
  };
  return { node, draw };
}

function signedIn(lobby, me) {
  const { t, names } = lobby;
  const ratings = me.ratings || [];
  return el("div", {},
    el("p", {}, t("account.signed_in_as"), " ", el("b", {}, me.name)),
    ratings.length ? el("ul", { class: "ratings" }, ratings.map((r) => el("li", {},
      el("a", { href: `/leaderboard/${r.game}` }, names[r.game] || r.game), ": ",
      t("account.rating", { value: rating(r.ordinal), n: r.games }))))
      : el("p", { class: "muted" }, t("account.no_ratings")),
    el("button", { type: "button", class: "secondary", onclick: () => {
      // The server ends the session too; forgetting it here does not wait.
      api("DELETE", "/api/sessions", undefined, memory.session()).catch(() => {});
      memory.setSession(null);
      lobby.sessionChanged();
    } }, t("account.sign_out")));
}

function signInForm(lobby) {
  const { t } = lobby;
  const name = el("input", { id: "account-name", autocomplete: "username", required: true,
    minlength: 3, maxlength: 32, "aria-describedby": "account-name-help" });
  const password = el("input", { id: "account-password", type: "password", required: true,
    minlength: 8, maxlength: 256, autocomplete: "current-password",
    "aria-describedby": "account-password-help" });
  const message = el("p", { class: "error", role: "alert" });
  let form = null;
  const send = async (path) => {
    if (!form.reportValidity()) return;
    message.textContent = "";
    try {
      const answer = await api("POST", path, { name: name.value, password: password.value });
      memory.setSession(answer.token);
      if (!memory.name()) memory.setName(answer.name);
      lobby.sessionChanged();
    } catch (err) {
      message.textContent = err.message;
    }
  };
  form = el("form", { class: "account", onsubmit: (event) => {
    event.preventDefault();
    send("/api/sessions");
  } },
  el("p", { class: "muted" }, t("account.why")),
  field("account-name", t("account.name"), name,
    el("small", { class: "help", id: "account-name-help" }, t("account.name_help"))),
  field("account-password", t("account.password"), password,
    el("small", { class: "help", id: "account-password-help" }, t("account.password_help"))),
  el("div", { class: "buttons" }, el("button", { type: "submit" }, t("account.sign_in")),
    el("button", { type: "button", class: "secondary", onclick: () => send("/api/accounts") },
      t("account.create"))),
  message);
  return form;
}

function rating(ordinal) {
  return (Math.round(ordinal * 10) / 10).toFixed(1);
}

// ---- this browser's and this account's games --------------------------------------

function myGamesPanel(lobby) {
  const { t } = lobby;
  const body = el("div");
  const node = panel("lobby-mine", t("lobby.my_games"), body);
  let turn = 0;
  const draw = async () => {
    const mine = ++turn;
    const tables = await myTables(lobby);
    if (mine !== turn) return;
    const going = tables.filter((x) => x.status !== "over");
    const over = tables.filter((x) => x.status === "over");
    const again = () => clear(body,
      going.length ? tableGroup(lobby, { title: t("lobby.my_going"), tables: going, verb: "back",
        key: "my-going", limit: SHORT_LIST, again }) : null,
      over.length ? tableGroup(lobby, { title: t("lobby.my_over"), tables: over, verb: "replay",
        key: "my-over", limit: SHORT_LIST, again })
        : el("p", { class: "muted" }, t("lobby.no_games")));
    again();
  };
  return { node, draw };
}

// The account's finished games, and every table this browser holds a seat token for.
async function myTables(lobby) {
  const me = await lobby.me.catch(() => null);
  const fromAccount = me ? me.games : [];
  const known = new Set(fromAccount.map((x) => x.id));
  const ids = memory.myTables().filter((id) => !known.has(id)).slice(0, MY_TABLES_ASKED);
  const local = await Promise.all(ids.map((id) => api("GET", `/api/tables/${id}`).catch(() => null)));
  return [...local.filter(Boolean), ...fromAccount];
}

// ---- leaderboards ----------------------------------------------------------------

function boardsPanel(lobby) {
  const { t, games, names } = lobby;
  return panel("lobby-boards", t("lobby.leaderboards"),
    el("ul", { class: "link-list" }, games.map((g) => el("li", {},
      el("a", { href: `/leaderboard/${g.id}` }, names[g.id])))));
}

export async function showLeaderboard(ctx, game) {
  const { t } = ctx;
  const back = el("p", {}, el("a", { href: "/" }, t("page.to_lobby")));
  try {
    const [{ games }, board, me] = await Promise.all([api("GET", "/api/games"),
      api("GET", `/api/leaderboard/${game}`), fetchMe().catch(() => null)]);
    const names = await gameNames(games.map((g) => g.id), ctx.lang);
    clear(ctx.main, el("section", { class: "panel leaderboard" },
      el("h1", {}, t("board.title", { game: names[game] || game })),
      boardNav(t, games, names, game),
      el("p", { class: "muted" }, t("board.about")),
      board.ratings.length ? boardTable(t, board.ratings, me && me.name)
        : el("p", {}, t("board.empty")),
      back));
  } catch (err) {
    clear(ctx.main, el("section", { class: "panel" },
      el("p", { class: "error", role: "alert" }, err.message), back));
  }
}

function boardNav(t, games, names, current) {
  return el("nav", { "aria-label": t("board.games_nav") }, el("ul", { class: "link-list inline" },
    games.map((g) => el("li", {}, el("a", { href: `/leaderboard/${g.id}`,
      "aria-current": g.id === current ? "page" : null }, names[g.id])))));
}

function boardTable(t, ratings, myName) {
  const head = ["board.place", "board.name", "board.rating", "board.games"];
  return el("div", { class: "table-scroll" }, el("table", { class: "rank-table" },
    el("thead", {}, el("tr", {}, head.map((key) => el("th", { scope: "col" }, t(key))))),
    el("tbody", {}, ratings.map((r, i) => {
      const mine = r.name === myName;
      return el("tr", { class: mine ? "me" : null },
        el("td", { class: "num" }, String(i + 1)),
        el("th", { scope: "row" }, r.name, mine ? ` (${t("board.you")})` : ""),
        el("td", { class: "num" }, rating(r.ordinal)),
        el("td", { class: "num" }, String(r.games ?? "")));
    }))));
}
