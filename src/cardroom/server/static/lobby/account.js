// The lobby's account panel: sign in, create an account, the ratings,
// sign out.
import { errorText } from "../lib/i18n.js";
import { el, clear } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";
import { panel, field, rating } from "./parts.js";

export function accountPanel(lobby) {
  const { t } = lobby;
  const body = el("div", { class: "account-body" });
  const node = panel("lobby-account", t("account.title"), body);
  const draw = async () => {
    const asked = lobby.me;
    let me = null;
    try {
      me = await asked;
    } catch (err) {
      clear(body, el("p", { class: "error", role: "alert" }, errorText(t, err)));
      return;
    }
    if (asked !== lobby.me) return;
    clear(body, me ? signedIn(lobby, me) : signInForm(lobby));
  };
  return { node, draw };
}

function signedIn(lobby, me) {
  const { t, names } = lobby;
  const ratings = me.ratings || [];
  return el("div", {},
    el("p", {}, t("account.signed_in_as"), " ", el("b", {}, me.name)),
    ratings.length ? el("ul", { class: "ratings" }, ratings.map((r) => el("li", {},
      el("a", { href: `/leaderboard/${r.game}` }, names[r.game] || r.game), ": ",
      t("account.rating", { value: rating(r), n: r.games }))))
      : el("p", { class: "muted" }, t("account.no_ratings")),
    el("button", { type: "button", class: "secondary", onclick: () => {
      // The server ends the session too; forgetting it here does not wait.
      api("DELETE", "/api/sessions", undefined, memory.session()).catch(() => {});
      memory.setSession(null);
      lobby.sessionChanged();
    } }, t("account.sign_out")));
}

function signInForm(lobby) {
  const { t } = lobby;
  const name = el("input", { id: "account-name", autocomplete: "username", required: true,
    minlength: 3, maxlength: 32, "aria-describedby": "account-name-help" });
  const password = el("input", { id: "account-password", type: "password", required: true,
    minlength: 8, maxlength: 256, autocomplete: "current-password",
    "aria-describedby": "account-password-help" });
  const message = el("p", { class: "error", role: "alert" });
  let form = null;
  const send = async (path) => {
    if (!form.reportValidity()) return;
    message.textContent = "";
    try {
      const answer = await api("POST", path, { name: name.value, password: password.value });
      memory.setSession(answer.token);
      if (!memory.name()) memory.setName(answer.name);
      lobby.sessionChanged();
    } catch (err) {
      message.textContent = errorText(t, err, "login");
    }
  };
  form = el("form", { class: "account", onsubmit: (event) => {
    event.preventDefault();
    send("/api/sessions");
  } },
  el("p", { class: "muted" }, t("account.why")),
  field("account-name", t("account.name"), name,
    el("small", { class: "help", id: "account-name-help" }, t("account.name_help"))),
  field("account-password", t("account.password"), password,
    el("small", { class: "help", id: "account-password-help" }, t("account.password_help"))),
  el("div", { class: "buttons" }, el("button", { type: "submit" }, t("account.sign_in")),
    el("button", { type: "button", class: "secondary", onclick: () => send("/api/accounts") },
      t("account.create"))),
  message);
  return form;
}
