// The lobby's form for a new table: every option of the chosen game, the
// seats (people or bots of a strength), a clock, hints and rated play. Its
// maker goes straight to their seat (or, at a table of bots, to watch).
import { el, clear } from "../lib/dom.js";
import { api, memory } from "../lib/api.js";
import { errorText, gameCatalog, sharedCatalog, lobbyCatalog, translator } from "../lib/i18n.js";
import { panel, field } from "./parts.js";
import { nameBox, sitDown } from "./name.js";

// Strengths first (the same names in every game); the older names stay for
// those who know them (bot:heuristic is what medium plays).
const SEAT_KINDS = ["human", "bot:easy", "bot:medium", "bot:hard",
  "bot:random", "bot:heuristic", "bot:ismcts"];
// A thinking bot's search budget, well within the server's cap (20000).
const BUDGETS = { quick: { iterations: 300 }, strong: { iterations: 3000 } };

export function createPanel(lobby, tablesChanged) {
  const { t } = lobby;
  const form = createFields(lobby);
  form.tablesChanged = tablesChanged;
  form.game.addEventListener("change", () => gameChanged(form));
  form.players.addEventListener("input", () => drawSeats(form));
  form.players.addEventListener("change", () => {
    form.players.value = playerCount(form);
    drawSeats(form);
  });
  form.seats.addEventListener("change", () => updateRated(form));
  form.rated.addEventListener("change", () => updateRated(form));
  const node = panel("lobby-create", t("lobby.new_table"),
    el("form", { class: "create", onsubmit: (event) => submit(form, event) },
      el("div", { class: "form-row" },
        field("new-game", t("lobby.game"), form.game, form.about),
        field("new-players", t("lobby.players_field"), form.players, form.range)),
      fieldset(t("lobby.options"), form.options),
      fieldset(t("lobby.seats"), el("p", { class: "help" }, t("lobby.seats_note")), form.seats),
      fieldset(t("lobby.clock_title"), form.clock.node),
      fieldset(t("lobby.rules_title"),
        checkLine(form.hints, t("lobby.hints"), el("small", { class: "help", id: "new-hints-note" },
          t("lobby.hints_note"))),
        checkLine(form.rated, t("lobby.rated_field"), form.ratedNote)),
      form.name.node,
      el("div", { class: "create-go" }, form.submit, form.message)));
  return { node, ready: gameChanged(form), sessionChanged: () => updateRated(form) };
}

function createFields(lobby) {
  const { t, games, names } = lobby;
  return {
    lobby, turn: 0, fields: [], seatRows: [],
    game: el("select", { id: "new-game", "aria-describedby": "new-game-about" },
      games.map((g) => el("option", { value: g.id }, names[g.id]))),
    about: el("small", { class: "help", id: "new-game-about" }),
    players: el("input", { id: "new-players", type: "number", required: true, step: 1,
      inputmode: "numeric", "aria-describedby": "new-players-range" }),
    range: el("small", { class: "help", id: "new-players-range" }),
    options: el("div", { class: "option-grid" }),
    seats: el("div", { class: "seat-grid" }),
    clock: clockFields(t),
    hints: el("input", { id: "new-hints", type: "checkbox", checked: true,
      "aria-describedby": "new-hints-note" }),
    rated: el("input", { id: "new-rated", type: "checkbox", "aria-describedby": "new-rated-note" }),
    ratedNote: el("small", { class: "help", id: "new-rated-note" }),
    submit: el("button", { type: "submit" }, t("lobby.create")),
    message: el("p", { class: "error", role: "alert" }),
    name: nameBox(t, "new-name"),
  };
}

function fieldset(legend, ...body) {
  return el("fieldset", {}, el("legend", {}, legend), ...body);
}

function checkLine(input, label, help) {
  return el("div", { class: "field" },
    el("div", { class: "check" }, input, el("label", { for: input.id }, label)), help);
}

function described(form) {
  return form.lobby.games.find((g) => g.id === form.game.value);
}

function playerCount(form) {
  const [low, high] = described(form).players;
  const wanted = Number(form.players.value);
  return Number.isInteger(wanted) ? Math.min(Math.max(wanted, low), high) : low;
}

async function gameChanged(form) {
  const game = described(form);
  const turn = ++form.turn;
  const [low, high] = game.players;
  form.players.min = low;
  form.players.max = high;
  form.players.value = Math.min(Math.max(Number(form.players.value) || 4, low), high);
  form.range.textContent = form.lobby.t("lobby.players_range", { low, high });
  drawSeats(form);
  const gt = await gameTranslator(game.id, form.lobby.ctx.lang);
  if (turn !== form.turn) return;
  form.about.textContent = gt.has("tagline") ? gt("tagline") : "";
  form.fields = Object.entries(game.options).filter(([name]) => name !== "stack")
    .map(([name, option]) => optionField(gt, name, option));
  clear(form.options, form.fields.length ? form.fields.map((f) => f.node)
    : el("p", { class: "muted" }, gt.has("option.none") ? gt("option.none") : gt("lobby.no_options")));
}

// The game's catalog (for option words) without loading its drawing module.
async function gameTranslator(game, lang) {
  const [catalog, shared, lobby] = await Promise.all(
    [gameCatalog(game, lang), sharedCatalog(lang), lobbyCatalog(lang)]);
  return translator(lang, catalog, shared, lobby);
}

// ---- one input per option, from its type, choices and default -----------------

function optionField(gt, name, option) {
  const id = `option-${name}`;
  const helpId = `${id}-help`;
  const input = optionInput(gt, name, option, { id, "data-option": name, "aria-describedby": helpId });
  const label = el("label", { for: id }, gt.has(`option.${name}`) ? gt(`option.${name}`) : name);
  const help = el("small", { class: "help", id: helpId },
    gt.has(`option.${name}.help`) ? gt(`option.${name}.help`) : option.description,
    " ", defaultWords(gt, name, option));
  const node = option.type === "bool"
    ? el("div", { class: "option field" }, el("div", { class: "check" }, input, label), help)
    : el("div", { class: "option field" }, label, input, help);
  return { name, option, input, label: label.textContent, node };
}

function optionInput(gt, name, option, attrs) {
  const unset = option.default === null || option.default === undefined;
  if (option.type === "bool") {
    return el("input", { ...attrs, type: "checkbox", checked: option.default === true });
  }
  if (option.choices) {
    return el("select", attrs,
      unset ? el("option", { value: "" }, gt("lobby.default")) : null,
      option.choices.map((c) => el("option", { value: c, selected: c === option.default },
        choiceWords(gt, name, c))));
  }
  const number = option.type === "int";
  return el("input", { ...attrs, type: number ? "number" : "text",
    min: number ? option.min : null, max: number ? option.max : null, step: number ? 1 : null,
    inputmode: number ? "numeric" : null,
    value: unset ? "" : [].concat(option.default).join(", "),
    placeholder: unset ? gt("lobby.default") : null });
}

function choiceWords(gt, name, choice) {
  return gt.has(`option.${name}.${choice}`) ? gt(`option.${name}.${choice}`) : choice;
}

function defaultWords(gt, name, option) {
  const value = option.default;
  if (option.type === "list") return gt("lobby.list_help");
  if (value === null || value === undefined) return "";
  if (option.type === "bool") return gt("lobby.default_is", { value: gt(value ? "lobby.yes" : "lobby.no") });
  if (option.choices) return gt("lobby.default_is", { value: choiceWords(gt, name, value) });
  return gt("lobby.default_is", { value: String(value) });
}

// The options that differ from the game's defaults; throws on a bad number.
function chosenOptions(form) {
  const options = {};
  for (const { name, option, input, label } of form.fields) {
    if (option.type === "bool") {
      if (input.checked !== (option.default === true)) options[name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (text === "" || text === [].concat(option.default ?? []).join(", ")) continue;
    options[name] = optionValue(form.lobby.t, option, text, label);
  }
  return options;
}

function optionValue(t, option, text, label) {
  if (option.type === "int") {
    const value = Number(text);
    if (!Number.isInteger(value)) throw new Error(t("lobby.whole_number", { option: label }));
    return value;
  }
  if (option.type === "list") return text.split(",").map((s) => s.trim()).filter(Boolean);
  return text;
}

// ---- seats, clock, hints, rated ------------------------------------------------

function drawSeats(form) {
  const kept = form.seatRows.map((row) => [row.kind.value, row.budget.value]);
  form.seatRows = Array.from({ length: playerCount(form) },
    (_, seat) => seatRow(form.lobby.t, seat, kept[seat]));
  clear(form.seats, form.seatRows.map((row) => row.node));
  updateRated(form);
}

function seatRow(t, seat, kept) {
  const kindId = `seat-kind-${seat}`;
  const budgetId = `seat-budget-${seat}`;
  const kind = el("select", { id: kindId, "data-seat": seat },
    SEAT_KINDS.map((k) => el("option", { value: k }, t(`lobby.kind.${k.replace(":", ".")}`))));
  const budget = el("select", { id: budgetId, "data-budget": seat },
    Object.keys(BUDGETS).map((b) => el("option", { value: b }, t(`lobby.budget.${b}`))));
  kind.value = kept ? kept[0] : (seat === 0 ? "human" : "bot:medium");
  budget.value = kept ? kept[1] : "quick";
  const budgetBox = el("div", { class: "field" },
    el("label", { for: budgetId }, t("lobby.budget")), budget);
  const show = () => { budgetBox.hidden = kind.value !== "bot:ismcts"; };
  kind.addEventListener("change", show);
  show();
  return { kind, budget, node: el("div", { class: "seat-row" },
    field(kindId, t("lobby.seat_n", { n: seat + 1 }), kind), budgetBox) };
}

function seatEntry(row) {
  if (row.kind.value === "human") return { kind: "human" };
  const bot = row.kind.value.split(":")[1];
  return bot === "ismcts" ? { kind: "bot", bot, budget: BUDGETS[row.budget.value] } : { kind: "bot", bot };
}

function clockFields(t) {
  const on = el("input", { id: "new-clock", type: "checkbox" });
  const number = (id, min, value) => el("input", { id, type: "number", min, max: 604800, step: 1,
    value, inputmode: "numeric", disabled: true });
  const initial = number("new-clock-initial", 1, 300);
  const per = number("new-clock-per", 0, 10);
  on.addEventListener("change", () => { initial.disabled = per.disabled = !on.checked; });
  return { on, initial, per, node: el("div", { class: "clock-fields" },
    checkLine(on, t("lobby.clock"), el("small", { class: "help" }, t("lobby.clock_note"))),
    el("div", { class: "form-row" },
      field("new-clock-initial", t("lobby.clock_initial"), initial),
      field("new-clock-per", t("lobby.clock_per"), per))) };
}

// Rated needs a signed-in creator and two or more people; it has no hints.
function updateRated(form) {
  const { t } = form.lobby;
  const people = form.seatRows.filter((row) => row.kind.value === "human").length;
  const signedIn = Boolean(memory.session());
  form.rated.disabled = !signedIn || people < 2;
  if (form.rated.disabled) form.rated.checked = false;
  form.ratedNote.textContent = t(!signedIn ? "lobby.rated_sign_in"
    : people < 2 ? "lobby.rated_two_people" : "lobby.rated_note");
  form.hints.disabled = form.rated.checked;
  if (form.rated.checked) form.hints.checked = false;
}

function tableBody(form) {
  const body = { game: form.game.value, players: Number(form.players.value),
    options: chosenOptions(form), seats: form.seatRows.map(seatEntry), hints: form.hints.checked };
  if (form.clock.on.checked) {
    body.clock = { initial_s: Number(form.clock.initial.value),
      per_move_s: Number(form.clock.per.value) };
  }
  if (form.rated.checked) body.rated = true;
  return body;
}

async function submit(form, event) {
  event.preventDefault();
  form.message.textContent = "";
  const person = form.seatRows.some((row) => row.kind.value === "human");
  const name = person ? form.name.name() : null;
  if (person && !name) return;
  form.submit.disabled = true;
  try {
    const made = await api("POST", "/api/tables", tableBody(form), memory.session());
    memory.setOwnerToken(made.table, made.owner_token);
    form.tablesChanged();
    // The maker takes the first seat for a person; the invite link waits at
    // the top of the table for the friends. A table of bots is watched.
    if (person) await sitDown(made, name);
    else location.assign(made.invite);
  } catch (err) {
    form.message.textContent = errorText(form.lobby.t, err);
    form.submit.disabled = false;
  }
}
