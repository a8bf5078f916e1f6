// A finished game step by step, as any seat or the public saw it, drawn by
// the game's own module from the server's replay views.
import { el, svg, clear } from "./lib/dom.js";
import { api } from "./lib/api.js";
import { loadGame } from "./lib/games.js";
import { seatName, rankingList, termButton } from "./tableparts.js";

export async function showReplay(ctx, id) {
  const info = await api("GET", `/api/tables/${id}`);
  const game = await loadGame(info.game, ctx.lang);
  const t = game.t;
  if (info.status !== "over") {
    clear(ctx.main, el("p", {}, t("replay.not_over")), el("a", { href: info.invite }, t("lobby.watch")));
    return;
  }
  const state = { seat: "public", step: null, steps: 0 };
  const board = el("div", { class: "board" });
  const log = el("ol", { class: "log" });
  const slider = el("input", { id: "replay-step", type: "range", min: 0, value: 0 });
  const where = el("span", { role: "status" });
  const viewer = el("select", { id: "replay-seat" }, el("option", { value: "public" }, t("replay.public")),
    info.seats.map((_, s) => el("option", { value: String(s) }, seatName(t, info, s))));
  const go = async (step) => {
    const answer = await api("GET", `/api/tables/${id}/replay?seat=${state.seat}` +
      (step === null ? "" : `&step=${step}`));
    Object.assign(state, { step: answer.step, steps: answer.steps });
    slider.max = answer.steps;
    slider.value = answer.step;
    where.textContent = t("replay.step", { n: answer.step, total: answer.steps });
    draw(answer.view);
  };
  const draw = (view) => {
    const gctx = readOnlyContext(ctx, t, info, view);
    const { log: events, ...rest } = view;
    clear(board, game.module.render(rest, { ...gctx, log: events }));
    clear(log, events.map((e) => game.module.describe(e, gctx)).filter(Boolean)
      .map((line) => el("li", {}, line)));
    log.scrollTop = log.scrollHeight;
    if (state.step === state.steps && info.result) {
      board.append(el("section", { class: "final" }, el("h2", {}, t("table.final")),
        rankingList(t, info, info.result.ranking || []), game.module.summary(info.result, rest, gctx)));
    }
  };
  const move = (delta) => go(Math.max(0, Math.min(state.steps, state.step + delta)));
  slider.addEventListener("change", () => go(Number(slider.value)));
  viewer.addEventListener("change", () => { state.seat = viewer.value; go(state.step); });
  document.addEventListener("keydown", (event) => {
    if (!document.contains(board) || event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") move(1);
    if (event.key === "ArrowLeft") move(-1);
  });
  const button = (label, action) => el("button", { type: "button", class: "secondary",
    onclick: action }, label);
  clear(ctx.main, el("section", { class: "replay" },
    el("h1", {}, t("replay.title", { game: t("name") })),
    el("div", { class: "replay-bar" },
      el("label", { for: "replay-seat" }, t("replay.as")), viewer,
      button("⏮", () => go(0)), button("◀", () => move(-1)),
      el("label", { for: "replay-step", class: "sr-only" }, t("replay.step_label")), slider,
      button("▶", () => move(1)), button("⏭", () => go(state.steps)), where),
    board, el("section", { class: "log-box" }, el("h2", {}, t("table.log")), log)));
  await go(null);
}

function readOnlyContext(ctx, t, info, view) {
  return {
    t, lang: ctx.lang, seat: typeof view.seat === "number" ? view.seat : null,
    players: info.players, el, svg, legal: [], step: [], log: view.log || [],
    name: (s) => seatName(t, info, s), can: () => false, chosen: () => false,
    choice: (node) => node, term: (name) => termButton(t, name),
  };
}
