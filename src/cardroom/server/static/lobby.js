// The lobby: "Play now" against bots; tables to join, watch or replay; a
// new table with every option of its game; the account; this browser's
// games; links to the leaderboards. Each panel is a module under lobby/.
import { el, clear } from "./lib/dom.js";
import { api } from "./lib/api.js";
import { gameNames } from "./lib/games.js";
import { fetchMe } from "./lobby/parts.js";
import { quickPanel } from "./lobby/quick.js";
import { tablesPanel } from "./lobby/tables.js";
import { createPanel } from "./lobby/create.js";
import { accountPanel } from "./lobby/account.js";
import { myGamesPanel } from "./lobby/mine.js";
import { boardsPanel } from "./lobby/leaderboards.js";

// The games easiest to learn first, so that "Play now" and the form open
// on Papayoo (two options) rather than Love Formula (fifteen); a game not
// named here follows in the server's order.
const EASIEST_FIRST = ["papayoo", "pile-up", "pizzamania", "muzicando", "love-formula"];

function easiestFirst(games) {
  const place = (g) => (EASIEST_FIRST.includes(g.id) ? EASIEST_FIRST.indexOf(g.id)
    : EASIEST_FIRST.length);
  return games.map((g, i) => [place(g), i, g]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , g]) => g);
}

export async function showLobby(ctx) {
  const games = easiestFirst((await api("GET", "/api/games")).games);
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
    el("div", { class: "lobby-main" }, quickPanel(lobby), tables.node, create.node),
    el("div", { class: "lobby-side" }, account.node, mine.node, boardsPanel(lobby))));
  tables.start();
  accountChanged();
  await create.ready;
}
