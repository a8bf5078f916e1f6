// What a game module draws with (docs/pages.md, "ctx"), built the same way
// for a live table and a replay. `play` is the move being built; a replay
// and a spectator have nothing to play.
import { el, svg } from "../lib/dom.js";
import { seatName, termButton } from "./parts.js";

export const NOTHING_TO_PLAY = {
  legal: [], step: [], can: () => false, chosen: () => false, choice: (node) => node,
};

export function gameContext({ t, lang, info, seat, log, play = NOTHING_TO_PLAY }) {
  return {
    t, lang, seat, players: info.players, log, el, svg,
    name: (s) => seatName(t, info, s),
    term: (name) => termButton(t, name),
    legal: play.legal, step: play.step, can: play.can, chosen: play.chosen, choice: play.choice,
  };
}
