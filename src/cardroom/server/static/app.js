// The page's router: picks the screen from the address, and owns the
// header (language switch). Screens get a ctx with the shared translator.
import { el, clear } from "./lib/dom.js";
import { LANGUAGES, chooseLanguage, saveLanguage, sharedCatalog, lobbyCatalog,
  translator } from "./lib/i18n.js";

const ROUTES = [
  [/^\/$/, async (ctx) => (await import("./lobby.js")).showLobby(ctx)],
  [/^\/tables\/([\w-]+)$/, async (ctx, id) => (await import("./table.js")).showTable(ctx, id)],
  [/^\/replays\/([\w-]+)$/, async (ctx, id) => (await import("./replay.js")).showReplay(ctx, id)],
  [/^\/learn\/([a-z-]+)$/, async (ctx, game) => (await import("./learn.js")).showLesson(ctx, game)],
  [/^\/leaderboard\/([a-z-]+)$/,
    async (ctx, game) => (await import("./lobby/leaderboards.js")).showLeaderboard(ctx, game)],
];

async function start() {
  const lang = chooseLanguage();
  document.documentElement.lang = lang;
  const t = translator(lang, await sharedCatalog(lang), await lobbyCatalog(lang));
  languageSwitch(lang, t);
  const main = document.getElementById("main");
  const ctx = { lang, t, main, banner: banner() };
  for (const [pattern, show] of ROUTES) {
    const match = location.pathname.match(pattern);
    if (match) {
      try {
        await show(ctx, ...match.slice(1));
      } catch (err) {
        clear(main, el("p", { class: "error", role: "alert" }, err.message || String(err)));
      }
      return;
    }
  }
  clear(main, el("h1", {}, t("page.not_found")), el("a", { href: "/" }, t("page.to_lobby")));
}

function languageSwitch(lang, t) {
  document.getElementById("lang-label").textContent = t("page.language");
  const select = document.getElementById("lang");
  clear(select, Object.entries(LANGUAGES).map(([code, name]) =>
    el("option", { value: code, selected: code === lang }, name)));
  select.addEventListener("change", () => {
    saveLanguage(select.value);
    location.reload();
  });
}

// One line at the top for connection trouble and other passing news.
function banner() {
  const node = document.getElementById("banner");
  return {
    show(text) { node.textContent = text; node.hidden = false; },
    hide() { node.hidden = true; },
  };
}

start();
