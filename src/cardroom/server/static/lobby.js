// The lobby: tables to join or watch, a new table with every option of its
// game, accounts, leaderboards and this browser's finished games.
import { el, clear } from "./lib/dom.js";
import { api, memory } from "./lib/api.js";
import { loadGame, gameNames } from "./lib/games.js";
import { inviteBox } from "./tableparts.js";

const SEAT_KINDS = [
  ["human", null], ["bot:random", { bot: "random" }], ["bot:heuristic", { bot: "heuristic" }],
  ["bot:ismcts", { bot: "ismcts", budget: { iterations: 300 } }],
  ["bot:ismcts-strong", { bot: "ismcts", budget: { iterations: 3000 } }],
];

export async function showLobby(ctx) {
  const { t } = ctx;
  const { games } = await api("GET", "/api/games");
  const names = await gameNames(games.map((g) => g.id), ctx.lang);
  const tablesNode = el("div");
  const mineNode = el("div");
  clear(ctx.main, el("div", { class: "lobby" },
    el("section", { class: "panel" }, el("h1", {}, t("lobby.tables")), tablesNode),
    el("section", { class: "panel" }, el("h2", {}, t("lobby.new_table")),
      await createForm(ctx, games, names)),
    el("section", { class: "panel" }, el("h2", {}, t("account.title")), accountBox(ctx)),
    el("section", { class: "panel" }, el("h2", {}, t("lobby.leaderboards")),
      el("ul", {}, games.map((g) => el("li", {}, el("a", { href: `/leaderboard/${g.id}` },
        names[g.id]))))),
    el("section", { class: "panel" }, el("h2", {}, t("lobby.my_games")), mineNode)));
  const refresh = () => listTables(ctx, names, tablesNode).catch(() => {});
  await refresh();
  const timer = setInterval(() => (document.contains(tablesNode) ? refresh() : clearInterval(timer)), 4000);
  myGames(ctx, names, mineNode);
}

async function listTables(ctx, names, node) {
  const { t } = ctx;
  const { tables } = await api("GET", "/api/tables");
  const open = tables.filter((x) => x.status === "waiting");
  const playing = tables.filter((x) => x.status === "playing");
  clear(node, el("h2", {}, t("lobby.open")), tableRows(ctx, names, open, "lobby.join"),
    el("h2", {}, t("lobby.playing")), tableRows(ctx, names, playing, "lobby.watch"));
}

function tableRows(ctx, names, tables, verb) {
  const { t } = ctx;
  if (!tables.length) return el("p", {}, t("lobby.none"));
  return el("ul", { class: "table-list" }, tables.map((x) => el("li", {},
    el("b", {}, names[x.game] || x.game), " · ", t("lobby.players", { n: x.players }), " · ",
    x.seats.map((s) => (s.kind === "bot" ? t(`bot.${s.bot}`) : s.name || t("seat.open"))).join(", "),
    x.clock ? ` · ⏱ ${x.clock.initial_s}+${x.clock.per_move_s}s` : "",
    x.rated ? ` · ${t("lobby.rated")}` : "", " ",
    el("a", { href: x.invite, class: "button-link" }, t(verb)))));
}

// ---- a new table ---------------------------------------------------------

async function createForm(ctx, games, names) {
  const { t } = ctx;
  const game = el("select", { id: "new-game" }, games.map((g) => el("option", { value: g.id },
    names[g.id])));
  const players = el("input", { id: "new-players", type: "number", required: true });
  const optionsNode = el("div", { class: "options" });
  const seatsNode = el("div", { class: "seat-kinds" });
  const clock = clockFields(t);
  const hints = el("input", { id: "new-hints", type: "checkbox", checked: true });
  const rated = el("input", { id: "new-rated", type: "checkbox", disabled: !memory.session() });
  const message = el("p", { class: "error", role: "alert" });
  const result = el("div");
  let fields = [];
  const describe = () => games.find((g) => g.id === game.value);
  const changeGame = async () => {
    const g = describe();
    players.min = g.players[0];
    players.max = g.players[1];
    players.value = Math.min(Math.max(Number(players.value) || 4, g.players[0]), g.players[1]);
    const loaded = await loadGame(g.id, ctx.lang);
    fields = optionFields(loaded.t, g);
    clear(optionsNode, fields.map((f) => f.node));
    drawSeats(t, seatsNode, Number(players.value));
  };
  game.addEventListener("change", changeGame);
  players.addEventListener("input", () => drawSeats(t, seatsNode, Number(players.value)));
  const submit = async (event) => {
    event.preventDefault();
    try {
      const body = { game: game.value, players: Number(players.value), options: collect(fields),
        seats: [...seatsNode.querySelectorAll("select")].map(seatOf), hints: hints.checked };
      if (clock.on.checked) body.clock = { initial_s: Number(clock.initial.value), per_move_s: Number(clock.per.value) };
      if (rated.checked) body.rated = true;
      const made = await api("POST", "/api/tables", body, memory.session());
      message.textContent = "";
      clear(result, inviteBox(t, made), el("a", { href: made.invite, class: "button-link" },
        t("lobby.take_seat")));
    } catch (err) {
      message.textContent = err.message;
    }
  };
  await changeGame();
  return el("form", { class: "create", onsubmit: submit },
    el("label", { for: "new-game" }, t("lobby.game")), game,
    el("label", { for: "new-players" }, t("lobby.players_field")), players,
    el("h3", {}, t("lobby.options")), optionsNode,
    el("h3", {}, t("lobby.seats")), seatsNode,
    el("h3", {}, t("lobby.more")), clock.node,
    el("label", { class: "check" }, hints, " ", t("lobby.hints")),
    el("label", { class: "check" }, rated, " ", t(memory.session() ? "lobby.rated_field" : "lobby.rated_sign_in")),
    el("button", { type: "submit" }, t("lobby.create")), message, result);
}

function clockFields(t) {
  const on = el("input", { id: "new-clock", type: "checkbox" });
  const initial = el("input", { id: "new-clock-initial", type: "number", min: 10, value: 300 });
  const per = el("input", { id: "new-clock-per", type: "number", min: 0, value: 10 });
  return { on, initial, per, node: el("div", { class: "clock-fields" },
    el("label", { class: "check" }, on, " ", t("lobby.clock")),
    el("label", { for: "new-clock-initial" }, t("lobby.clock_initial")), initial,
    el("label", { for: "new-clock-per" }, t("lobby.clock_per")), per) };
}

function drawSeats(t, node, count) {
  const kept = [...node.querySelectorAll("select")].map((s) => s.value);
  clear(node, Array.from({ length: Math.max(0, Math.min(count, 8)) }, (_, seat) => {
    const id = `seat-kind-${seat}`;
    const select = el("select", { id, "data-seat": seat }, SEAT_KINDS.map(([value]) =>
      el("option", { value }, t(`lobby.kind.${value.replace(":", ".")}`))));
    select.value = kept[seat] || (seat === 0 ? "human" : "bot:heuristic");
    return el("div", {}, el("label", { for: id }, t("lobby.seat_n", { n: seat + 1 })), select);
  }));
}

function seatOf(select) {
  const found = SEAT_KINDS.find(([value]) => value === select.value);
  return found[1] ? { kind: "bot", ...found[1] } : { kind: "human" };
}

// One input per option of the game, from its type, choices and default.
function optionFields(t, described) {
  return Object.entries(described.options).filter(([name]) => name !== "stack")
    .map(([name, option]) => optionField(t, name, option));
}

function optionField(t, name, option) {
  const id = `option-${name}`;
  const help = t.has(`option.${name}.help`) ? t(`option.${name}.help`) : option.description;
  let input;
  if (option.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-option": name, checked: option.default === true });
  } else if (option.choices) {
    input = el("select", { id, "data-option": name },
      option.default === null ? el("option", { value: "" }, t("lobby.default")) : null,
      option.choices.map((c) => el("option", { value: c, selected: c === option.default },
        t.has(`option.${name}.${c}`) ? t(`option.${name}.${c}`) : c)));
  } else {
    input = el("input", { id, "data-option": name, type: option.type === "int" ? "number" : "text",
      value: option.default === null || option.default === undefined ? "" : String(option.default),
      placeholder: option.default === null ? t("lobby.default") : null });
  }
  const node = el("div", { class: "option" }, el("label", { for: id },
    t.has(`option.${name}`) ? t(`option.${name}`) : name), input,
  el("small", {}, help, option.default !== null && option.default !== undefined
    ? ` (${t("lobby.default_is", { value: String(option.default) })})` : ""));
  return { name, option, input, node };
}

function collect(fields) {
  const options = {};
  for (const { name, option, input } of fields) {
    if (option.type === "bool") {
      if (input.checked !== (option.default === true)) options[name] = input.checked;
    } else if (input.value !== "" && input.value !== String(option.default)) {
      options[name] = option.type === "int" ? Number(input.value)
        : option.type === "list" ? input.value.split(",").map((s) => s.trim()).filter(Boolean)
          : input.value;
    }
  }
  return options;
}

// ---- accounts ------------------------------------------------------------

function accountBox(ctx) {
  const { t } = ctx;
  const node = el("div");
  const draw = async () => {
    const session = memory.session();
    if (session) {
      try {
        const me = await api("GET", "/api/me", undefined, session);
        clear(node, el("p", {}, t("account.signed_in", { name: me.name })),
          ratingsList(t, me.ratings), el("button", { type: "button", class: "secondary",
            onclick: () => { memory.setSession(null); location.reload(); } }, t("account.sign_out")));
        return;
      } catch {
        memory.setSession(null);
      }
    }
    clear(node, signInForm(t));
  };
  draw();
  return node;
}

function ratingsList(t, ratings) {
  if (!ratings || !ratings.length) return null;
  return el("ul", {}, ratings.map((r) => el("li", {}, `${r.game}: `,
    t("account.rating", { value: Math.round(r.ordinal * 10) / 10, n: r.games }))));
}

function signInForm(t) {
  const name = el("input", { id: "account-name", autocomplete: "username", maxlength: 32 });
  const password = el("input", { id: "account-password", type: "password",
    autocomplete: "current-password" });
  const message = el("p", { class: "error", role: "alert" });
  const go = (path) => async () => {
    try {
      const answer = await api("POST", path, { name: name.value, password: password.value });
      memory.setSession(answer.token);
      location.reload();
    } catch (err) {
      message.textContent = err.message;
    }
  };
  return el("form", { class: "account", onsubmit: (e) => { e.preventDefault(); go("/api/sessions")(); } },
    el("p", {}, t("account.why")),
    el("label", { for: "account-name" }, t("account.name")), name,
    el("label", { for: "account-password" }, t("account.password")), password,
    el("button", { type: "submit" }, t("account.sign_in")),
    el("button", { type: "button", class: "secondary", onclick: go("/api/accounts") },
      t("account.create")), message);
}

// ---- finished games and leaderboards ---------------------------------------

async function myGames(ctx, names, node) {
  const { t } = ctx;
  let tables = [];
  const session = memory.session();
  if (session) {
    tables = (await api("GET", "/api/me", undefined, session).catch(() => ({ games: [] }))).games;
  }
  const known = new Set(tables.map((x) => x.id));
  const local = await Promise.all(memory.myTables().filter((id) => !known.has(id)).slice(0, 20)
    .map((id) => api("GET", `/api/tables/${id}`).catch(() => null)));
  tables = [...tables, ...local.filter(Boolean)];
  const over = tables.filter((x) => x.status === "over");
  const going = tables.filter((x) => x.status !== "over");
  clear(node, going.length ? el("ul", {}, going.map((x) => el("li", {},
    `${names[x.game] || x.game} · `, el("a", { href: x.invite }, t("lobby.back_to_table"))))) : null,
  over.length ? el("ul", {}, over.map((x) => el("li", {}, `${names[x.game] || x.game} · `,
    x.seats.map((s) => s.name || t(`bot.${s.bot}`)).join(", "), " · ",
    el("a", { href: `/replays/${x.id}` }, t("lobby.replay"))))) : el("p", {}, t("lobby.no_games")));
}

export async function showLeaderboard(ctx, game) {
  const { t } = ctx;
  const board = await api("GET", `/api/leaderboard/${game}`);
  const names = await gameNames([game], ctx.lang);
  clear(ctx.main, el("section", { class: "panel" },
    el("h1", {}, t("board.title", { game: names[game] })),
    board.ratings.length ? el("table", { class: "board-table" },
      el("tr", {}, ["board.place", "board.name", "board.rating", "board.games"].map((k) =>
        el("th", {}, t(k)))),
      board.ratings.map((r, i) => el("tr", {}, el("td", {}, String(i + 1)),
        el("td", {}, r.name), el("td", {}, String(Math.round(r.ordinal * 10) / 10)),
        el("td", {}, String(r.games ?? ""))))) : el("p", {}, t("board.empty")),
    el("p", {}, el("a", { href: "/" }, t("page.to_lobby")))));
}
