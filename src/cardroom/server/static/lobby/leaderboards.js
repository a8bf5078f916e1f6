// The leaderboards: links from the lobby, and a game's leaderboard page.
import { errorText } from "../lib/i18n.js";
import { el, clear } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { gameNames } from "../lib/games.js";
import { panel, fetchMe, rating } from "./parts.js";

export function boardsPanel(lobby) {
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
      el("p", { class: "error", role: "alert" }, errorText(t, err)), back));
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
        el("td", { class: "num" }, rating(r)),
        el("td", { class: "num" }, String(r.games ?? "")));
    }))));
}
