// Loads a game's module, its styles and its catalog in the page's language.
import { gameCatalog, sharedCatalog, lobbyCatalog, translator } from "./i18n.js";

const modules = new Map();

function addStyles(game) {
  const href = `/static/games/${game}/game.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(Object.assign(document.createElement("link"),
    { rel: "stylesheet", href }));
}

export async function loadGame(game, lang) {
  if (!/^[a-z][a-z-]*$/.test(game)) throw new Error(`unknown game ${game}`);
  if (!modules.has(game)) modules.set(game, import(`/static/games/${game}/game.js`));
  addStyles(game);
  const [module, catalog, shared, lobby] = await Promise.all([
    modules.get(game), gameCatalog(game, lang), sharedCatalog(lang), lobbyCatalog(lang)]);
  return { module: module.default, t: translator(lang, catalog, shared, lobby) };
}

// The names of every game in one language, for lists (lobby, leaderboards).
export async function gameNames(games, lang) {
  const names = {};
  await Promise.all(games.map(async (game) => {
    const catalog = await gameCatalog(game, lang);
    names[game] = catalog.name || game;
  }));
  return names;
}
