// /learn/<game>: the game's lesson (docs/pages.md, "Lessons"). The server
// deals a real table whose other seats follow the lesson's script; the
// table page draws it with the lesson's steps over it. This tab keeps the
// table and the step reached, so a reload goes on where it was.
import { el, clear } from "./lib/dom.js";
import { api, memory } from "./lib/api.js";
import { errorText } from "./lib/i18n.js";
import { loadGame } from "./lib/games.js";
import { TablePage } from "./table.js";
import { LessonGuide } from "./table/lesson.js";

export async function showLesson(ctx, gameId) {
  let lesson;
  let kept;
  try {
    lesson = await api("GET", `/api/lessons/${gameId}`);
    kept = await resumeOrStart(ctx, gameId);
  } catch (err) {
    clear(ctx.main, el("p", { class: "error", role: "alert" }, errorText(ctx.t, err)),
      el("p", {}, el("a", { href: "/" }, ctx.t("page.to_lobby"))));
    return;
  }
  const game = await loadGame(gameId, ctx.lang);
  document.title = game.t("learn.title", { game: game.t("name") });
  const save = (progress) => keep(gameId, { ...kept, progress });
  const guide = new LessonGuide({ t: game.t, lesson, progress: kept.progress, save });
  new TablePage(ctx, game, kept.info, kept.token, guide);
}

const storeKey = (gameId) => `cardroom-lesson-${gameId}`;

function keep(gameId, kept) {
  const { table, token, progress } = kept;
  sessionStorage.setItem(storeKey(gameId), JSON.stringify({ table, token, progress }));
}

function kept(gameId) {
  try {
    const found = JSON.parse(sessionStorage.getItem(storeKey(gameId)) || "null");
    return found && typeof found.table === "string" && typeof found.token === "string"
      ? found : null;
  } catch {
    return null;
  }
}

// The lesson's table this tab was at, while it still plays; else a new one.
async function resumeOrStart(ctx, gameId) {
  const before = kept(gameId);
  if (before) {
    const info = await api("GET", `/api/tables/${before.table}`).catch(() => null);
    if (info && info.status === "playing" && info.lesson === gameId) {
      return { ...before, info };
    }
  }
  const name = memory.name() || ctx.t("learn.learner");
  const made = await api("POST", `/api/lessons/${gameId}`, { name }, memory.session());
  memory.setOwnerToken(made.table.id, made.owner_token);
  const started = { table: made.table.id, token: made.token, progress: { step: 0, part: 0 },
    info: made.table };
  keep(gameId, started);
  return started;
}
