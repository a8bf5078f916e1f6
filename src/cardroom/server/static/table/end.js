// The end of a game: the result first (who won, the places, the game's own
// breakdown), then what to do next: "Play again" (the same seats, a new
// deal) and "Back to the lobby".
import { el } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";
import { errorText } from "../lib/i18n.js";
import { seatName, rankingList } from "./parts.js";

// `detail`: the game module's summary node. Returns the `.final` section.
export function endScreen(t, state, detail) {
  const { info, result } = state;
  const ranking = result.ranking || [];
  const message = el("p", { class: "error", role: "alert" });
  const again = playAgainButton(t, info, state.seat, message);
  return el("section", { class: "final", "aria-labelledby": "final-title" },
    el("h2", { id: "final-title", tabindex: "-1" }, t("table.final")),
    ranking.length ? el("p", { class: "winner" }, winnerLine(t, info, ranking[0], state.seat)) : null,
    rankingList(t, info, ranking), detail,
    el("div", { class: "end-actions" }, again,
      el("a", { href: "/", class: "button-link", "data-key": "to-lobby" }, t("page.to_lobby")),
      el("a", { href: `/replays/${info.id}` }, t("table.watch_replay"))),
    message);
}

// "You win!", "Ann wins", or a shared first place.
function winnerLine(t, info, first, mySeat) {
  if (first.length === 1 && first[0] === mySeat) return t("end.you_win");
  const names = first.map((seat) => seatName(t, info, seat)).join(", ");
  return t("end.winner", { n: first.length, names });
}

// "Play again" (docs/server.md, `POST /api/tables/{id}/again`): offered to
// the person of a seat who did not leave, with the seat token this browser
// holds. The first to ask makes the next table, the others claim the seat
// kept for them there; both land at their seat.
function playAgainButton(t, info, seat, message) {
  const token = memory.seatToken(info.id);
  const mine = seat === null ? null : info.seats[seat];
  if (!token || !mine || mine.control === "left") return null;
  const ask = async () => {
    try {
      const answer = await api("POST", `/api/tables/${info.id}/again`, { token },
        memory.session());
      const next = answer.table.id;
      memory.setSeatToken(next, answer.token);
      if (answer.owner_token) memory.setOwnerToken(next, answer.owner_token);
      location.href = `/tables/${next}`;
    } catch (err) {
      // Asked already from this browser: the seat there is ours.
      if (err.code === "seat_taken" && info.next && memory.seatToken(info.next)) {
        location.href = `/tables/${info.next}`;
        return;
      }
      message.textContent = errorText(t, err);
    }
  };
  return [
    el("button", { type: "button", "data-key": "play-again", onclick: ask }, t("end.play_again")),
    info.next ? el("span", { class: "seat-kept" }, t("end.seat_kept")) : null,
  ];
}

// The first time the end shows, it is brought into view and read first.
export function bringIntoView(section) {
  const heading = section.querySelector("h2");
  section.scrollIntoView({ block: "start" });
  if (heading && !section.contains(document.activeElement)) heading.focus({ preventScroll: true });
}
