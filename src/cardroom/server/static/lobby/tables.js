// The lobby's tables to join, watch or replay, refreshed every few
// seconds; tableGroup also lists "my games".
import { errorText } from "../lib/i18n.js";
import { el, clear } from "../lib/dom.js";
import { api } from "../lib/api.js";
import { seatName } from "../table/parts.js";
import { panel } from "./parts.js";

const REFRESH_MS = 4000;
export const SHORT_LIST = 5;

export function tablesPanel(lobby) {
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
      const text = t("lobby.list_failed", { error: errorText(t, err) });
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

// Whether someone can still join or watch a table. One that ended early
// (expired unjoined, abandoned, stopped) has no game to show, and a game
// every person left is bots playing on for nobody until the server ends it.
export function alive(table) {
  if (table.ended) return false;
  if (table.status !== "playing") return true;
  const people = table.seats.filter((seat) => seat.kind === "human");
  return people.length === 0 || people.some((seat) => seat.control !== "left");
}

function tableGroups(lobby, tables, again) {
  const { t } = lobby;
  const having = (status) => tables.filter((x) => x.status === status && alive(x));
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
export function tableGroup(lobby, { title, tables, verb, key, limit, again }) {
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
