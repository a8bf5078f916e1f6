// Catalogs and the language choice. Every string a page shows comes from a
// catalog: the shared ones (i18n/<lang>.json) and one per game
// (games/<game>/<lang>.json). A missing key shows the key itself, so a gap
// is visible rather than silent (a test keeps the catalogs complete).
export const LANGUAGES = { en: "English", uk: "Українська", ru: "Русский", ja: "日本語" };
const STORE_KEY = "cardroom-lang";
const loaded = new Map();

export function chooseLanguage() {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export function saveLanguage(lang) {
  localStorage.setItem(STORE_KEY, lang);
}

async function load(path) {
  if (!loaded.has(path)) {
    loaded.set(path, fetch(path).then((r) => (r.ok ? r.json() : {})).catch(() => ({})));
  }
  return loaded.get(path);
}

export async function sharedCatalog(lang) {
  return load(`/static/i18n/${lang}.json`);
}

export async function lobbyCatalog(lang) {
  return load(`/static/i18n/lobby.${lang}.json`);
}

export async function gameCatalog(game, lang) {
  return load(`/static/games/${game}/${lang}.json`);
}

function plural(value, lang, n) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const form = new Intl.PluralRules(lang).select(Number(n) || 0);
  return value[form] ?? value.other ?? Object.values(value)[0];
}

function fillIn(text, params) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
    (params && params[name] !== undefined ? String(params[name]) : whole));
}

// A translator over catalogs tried in order (a game's, then the shared one).
export function translator(lang, ...catalogs) {
  const t = (key, params = {}) => {
    for (const catalog of catalogs) {
      if (catalog && key in catalog) return fillIn(plural(catalog[key], lang, params.n), params);
    }
    return key;
  };
  t.has = (key) => catalogs.some((c) => c && key in c);
  t.raw = (key) => {
    for (const catalog of catalogs) if (catalog && key in catalog) return catalog[key];
    return undefined;
  };
  t.lang = lang;
  return t;
}

// A refusal from the server in the person's language. The server's message
// is English, so each known code is worded from the catalogs (`error.<code>`;
// a screen may give a `where` for its own wording first, e.g. "login" for
// `error.login.unauthorized`); only a code the page does not know falls
// back to the server's own sentence. A refused move gives the engine's
// reason: worded by `reasonWords(reason)` (the game's catalog, from the
// reason's key and facts) where it can, else the engine's English.
export function errorText(t, error, where = "", reasonWords = null) {
  const code = error && error.code;
  const message = String((error && error.message) || "");
  if (code === "illegal_action") {
    const worded = error.reason && reasonWords ? reasonWords(error.reason) : null;
    return t("error.illegal_action", { reason: worded || message });
  }
  for (const key of [where && `error.${where}.${code}`, `error.${code}`]) {
    if (key && code && t.has(key)) return t(key);
  }
  return message || t("error.unknown");
}
