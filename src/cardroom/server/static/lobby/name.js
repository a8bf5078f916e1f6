// The name this browser sits down under: asked once, then remembered
// (memory.name) and only shown, with a button to change it; and sitting
// down at a table just made, so its maker lands in their seat.
import { el } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";

export function nameBox(t, id) {
  const input = el("input", { id, maxlength: 32, autocomplete: "nickname",
    value: memory.name(), "aria-describedby": `${id}-help` });
  const asked = el("div", { class: "field name-asked" },
    el("label", { for: id }, t("lobby.your_name")), input,
    el("small", { class: "help", id: `${id}-help` }, t("lobby.your_name_help")));
  const known = el("p", { class: "name-known" });
  const node = el("div", { class: "name-box" }, known, asked);
  const ask = () => {
    known.hidden = true;
    asked.hidden = false;
  };
  const show = (name) => {
    known.replaceChildren(t("lobby.you_sit_as"), " ", el("b", {}, name), " ",
      el("button", { type: "button", class: "secondary", onclick: () => {
        ask();
        input.focus();
      } }, t("lobby.change_name")));
    known.hidden = false;
    asked.hidden = true;
  };
  if (memory.name()) show(memory.name());
  else ask();
  // The name typed (or remembered); null, with the field shown and the
  // browser's message on it, when there is none.
  const name = () => {
    const typed = input.value.trim();
    if (typed) return typed;
    ask();
    input.setCustomValidity(t("lobby.name_needed"));
    input.reportValidity();
    input.addEventListener("input", () => input.setCustomValidity(""), { once: true });
    return null;
  };
  return { node, name };
}

// Takes a free seat at the table just made under this name, remembers the
// seat (and the name), and opens the table there.
export async function sitDown(made, name) {
  const answer = await api("POST", `/api/tables/${made.table}/join`, { name },
    memory.session());
  memory.setName(name);
  memory.setSeatToken(made.table, answer.token);
  location.assign(made.invite);
}
