// The lobby: tables to join, watch or replay; a new table with every option
// of its game; the account; this browser's games; links to the
// leaderboards. Each panel is a module under lobby/.
import { el, clear } from "./lib/dom.js";
import { api } from "./lib/api.js";
import { gameNames } from "./lib/games.js";
import { fetchMe } from "./lobby/parts.js";
import { tablesPanel } from "./lobby/tables.js";
import { createPanel } from "./lobby/create.js";
import { accountPanel } from "./lobby/account.js";
import { myGamesPanel } from "./lobby/mine.js";
import { boardsPanel } from "./lobby/leaderboards.js";

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
