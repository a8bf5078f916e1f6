// What the lobby's panels share: a titled panel, a labelled field, the
// signed-in account and how a rating is written.
import { el } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";

export function panel(name, title, ...body) {
  return el("section", { class: `panel ${name}`, "aria-labelledby": `${name}-title` },
    el("h2", { id: `${name}-title` }, title), ...body);
}

// The signed-in account (GET /api/me), or null; a session the server no
// longer knows is forgotten.
export function fetchMe() {
  const session = memory.session();
  if (!session) return Promise.resolve(null);
  return api("GET", "/api/me", undefined, session).catch((err) => {
    if (err.status !== 401) throw err;
    memory.setSession(null);
    return null;
  });
}

export function field(id, label, input, help) {
  return el("div", { class: "field" }, el("label", { for: id }, label), input, help);
}

// The number a rating shows: the server's `rating` (1000 + 100 x ordinal,
// docs/server.md), worked out here only from an older server's ordinal.
export function rating(entry) {
  const shown = Number.isFinite(entry.rating) ? entry.rating
    : Math.max(0, Math.round(1000 + 100 * entry.ordinal));
  return String(shown);
}
