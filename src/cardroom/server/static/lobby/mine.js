// The lobby's "my games": tables this browser holds a seat at, and the
// account's finished games.
import { el, clear } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";
import { panel } from "./parts.js";
import { tableGroup, SHORT_LIST } from "./tables.js";

const MY_TABLES_ASKED = 30;

export function myGamesPanel(lobby) {
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
