// "Play now": one click seats this browser at a new table of the chosen
// game against bots, with the game's usual options, and opens it.
import { el } from "../lib/dom.js";
import { errorText } from "../lib/i18n.js";
import { api, memory } from "../lib/api.js";
import { panel } from "./parts.js";
import { nameBox, sitDown } from "./name.js";

// Sensible defaults for a first game: four at the table where the game
// allows it, bots that play sensibly, hints on, no clock.
const PLAYERS = 4;
const BOT = "medium";

export function quickPanel(lobby) {
  const { t, games, names } = lobby;
  const name = nameBox(t, "quick-name");
  const message = el("p", { class: "error", role: "alert" });
  const buttons = games.map((game) => el("button", { type: "button", "data-play": game.id,
    "aria-label": t("lobby.play_now_label", { game: names[game.id] }),
    onclick: (event) => playNow(lobby, game, name, message, event.currentTarget) },
  t("lobby.play_now")));
  return panel("lobby-quick", t("lobby.quick_title"),
    el("p", { class: "muted" }, t("lobby.quick_note")), name.node,
    el("ul", { class: "quick-games" }, games.map((game, i) => el("li", {},
      el("b", {}, names[game.id]),
      el("span", { class: "muted" }, t("lobby.players", { n: quickPlayers(game) })),
      buttons[i], learnLink(t, game, names[game.id])))),
    message);
}

// "Learn to play": the game's lesson, where it has one.
function learnLink(t, game, name) {
  if (game.lesson === false) return null;
  return el("a", { href: `/learn/${game.id}`, class: "learn-link", "data-learn": game.id,
    "aria-label": t("learn.link_label", { game: name }) }, t("learn.link"));
}

function quickPlayers(game) {
  const [low, high] = game.players;
  return Math.min(Math.max(PLAYERS, low), high);
}

async function playNow(lobby, game, name, message, button) {
  const sitter = name.name();
  if (!sitter) return;
  const players = quickPlayers(game);
  const seats = [{ kind: "human" },
    ...Array.from({ length: players - 1 }, () => ({ kind: "bot", bot: BOT }))];
  message.textContent = "";
  button.disabled = true;
  try {
    const made = await api("POST", "/api/tables", { game: game.id, players, seats, hints: true },
      memory.session());
    memory.setOwnerToken(made.table, made.owner_token);
    await sitDown(made, sitter);
  } catch (err) {
    message.textContent = errorText(lobby.t, err);
    button.disabled = false;
  }
}
