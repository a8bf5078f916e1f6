// Pieces of the table page that do not depend on the game: seats with
// clocks, the log, chat, the rules and term dialogs, the invite link.
import { el } from "../lib/dom.js";

export function seatName(t, info, seat) {
  const entry = info.seats[seat];
  if (!entry) return t("seat.number", { n: seat + 1 });
  // A bot's seat is named by its kind in the page's language, not the
  // server's English name, and numbered so two bots can be told apart.
  if (entry.kind === "bot") return t("seat.bot", { bot: t(`bot.${entry.bot}`), n: seat + 1 });
  if (entry.name) return entry.name;
  return t("seat.free", { n: seat + 1 });
}

// Under this many seconds a clock shows red and its seat is warned: the
// bot takes over at zero.
export const LOW_CLOCK_S = 30;

export function clockText(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

export function seatList(t, info, toAct, mySeat, scores = []) {
  return el("ol", { class: "seats", "aria-label": t("table.seats") },
    info.seats.map((entry, seat) => {
      const acting = toAct.includes(seat);
      const clock = info.clocks ? info.clocks[seat] : null;
      const marks = [];
      if (seat === mySeat) marks.push(t("seat.you"));
      if (entry.control === "bot") marks.push(t("seat.is_bot"));
      if (entry.control === "away") marks.push(t("seat.away"));
      if (entry.control === "left") marks.push(t("seat.left"));
      if (entry.control === "open") marks.push(t("seat.open"));
      return el("li", { class: `seat${acting ? " acting" : ""}${seat === mySeat ? " mine" : ""}`,
        "aria-current": acting ? "true" : null },
      el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
      el("span", { class: "seat-name" }, seatName(t, info, seat)),
      marks.length ? el("span", { class: "seat-marks" }, `(${marks.join(", ")})`) : null,
      scores[seat] !== undefined
        ? el("span", { class: "seat-score" }, t("seat.score", { score: scores[seat] })) : null,
      typeof clock === "number"
        ? el("span", { class: `clock${clock < LOW_CLOCK_S ? " low" : ""}`,
          "aria-label": t("seat.clock", { time: clockText(clock) }) }, `⏱ ${clockText(clock)}`)
        : null,
      acting ? el("span", { class: "sr-only" }, t("seat.to_act")) : null);
    }));
}

// The seats around the table, as at a real one: the viewer at the bottom
// (a spectator sees seat 1 there), the next seats in playing order from
// the viewer's left over the top to the right.
export function ringPlaces(count, mySeat) {
  const anchor = mySeat ?? 0;
  const others = [];
  for (let step = 1; step < count; step += 1) others.push((anchor + step) % count);
  if (others.length < 3) return { left: [], top: others, right: [], bottom: [anchor] };
  return { left: [others[0]], top: others.slice(1, -1), right: [others[others.length - 1]],
    bottom: [anchor] };
}

// One seat's panel. `facts`: {toAct, mySeat, scores, handSizes, thinking}.
export function seatPanel(t, info, facts, seat, place) {
  const { toAct, mySeat, scores = [], handSizes = [], thinking = null } = facts;
  const entry = info.seats[seat] || {};
  const acting = toAct.includes(seat);
  const clock = info.clocks ? info.clocks[seat] : null;
  const marks = seatMarks(t, entry, seat === mySeat);
  const classes = ["seat", "panel", `at-${place}`, acting ? "acting" : "",
    seat === mySeat ? "mine" : "", entry.control === "away" || entry.control === "left" ? "gone" : ""];
  return el("div", { class: classes.filter(Boolean).join(" "), role: "listitem",
    "data-seat": seat, "aria-current": acting ? "true" : null },
  el("div", { class: "panel-head" },
    el("span", { class: "turn-mark", "aria-hidden": "true" }, acting ? "▶" : ""),
    el("span", { class: "seat-name" }, seatName(t, info, seat)),
    acting ? el("span", { class: "turn-badge" }, t("seat.to_act")) : null),
  thinking === seat
    ? el("div", { class: "seat-thinking", role: "status" }, t("seat.thinking")) : null,
  marks.length ? el("div", { class: "seat-marks" }, marks.join(" · ")) : null,
  el("div", { class: "panel-facts" },
    scores[seat] !== undefined
      ? el("span", { class: "seat-score" }, t("seat.score", { score: scores[seat] })) : null,
    typeof handSizes[seat] === "number"
      ? el("span", { class: "seat-hand" }, t("seat.cards", { n: handSizes[seat] })) : null,
    typeof clock === "number" ? clockNode(t, clock) : null));
}

function seatMarks(t, entry, mine) {
  const marks = [];
  if (mine) marks.push(t("seat.you"));
  if (entry.control === "bot" && entry.kind !== "bot") marks.push(t("seat.is_bot"));
  if (entry.control === "away") marks.push(t("seat.away"));
  if (entry.control === "left") marks.push(t("seat.left"));
  if (entry.control === "open") marks.push(t("seat.open"));
  return marks;
}

function clockNode(t, seconds) {
  return el("span", { class: `clock${seconds < LOW_CLOCK_S ? " low" : ""}`,
    "aria-label": t("seat.clock", { time: clockText(seconds) }) }, `⏱ ${clockText(seconds)}`);
}

export function logBox(t) {
  const list = el("ol", { class: "log", "aria-live": "polite" });
  const node = el("section", { class: "log-box", "aria-label": t("table.log") },
    el("h2", {}, t("table.log")), list);
  return {
    node,
    add(line) {
      list.append(el("li", {}, line));
      while (list.childElementCount > 300) list.firstElementChild.remove();
      list.scrollTop = list.scrollHeight;
    },
  };
}

export function chatBox(t, send) {
  const list = el("ol", { class: "chat" });
  const input = el("input", { id: "chat-input", maxlength: 500, autocomplete: "off" });
  const add = (name, text) => {
    list.append(el("li", {}, el("b", {}, name), " ", text));
    list.scrollTop = list.scrollHeight;
  };
  const submit = async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const answer = await send(text);
    if (answer.ok) input.value = "";
    else add("⚠", answer.error.message);
  };
  const node = el("section", { class: "chat-box", "aria-label": t("table.chat") },
    el("h2", {}, t("table.chat")), list,
    el("form", { onsubmit: submit },
      el("label", { for: "chat-input", class: "sr-only" }, t("table.say")), input,
      el("button", { type: "submit", class: "secondary" }, t("table.send"))));
  return { node, add };
}

function dialog(title, t, ...body) {
  const node = el("dialog", { class: "sheet", "aria-label": title },
    el("form", { method: "dialog", class: "sheet-head" },
      el("h2", {}, title), el("button", { type: "submit", class: "secondary" }, t("page.close"))),
    el("div", { class: "sheet-body" }, body));
  node.addEventListener("close", () => node.remove());
  document.body.append(node);
  return node;
}

// The game's rules, and its lesson (/learn/<game>) for those who would
// rather learn by playing.
export function rulesDialog(t, gameId) {
  const sections = t.raw("rules");
  const body = Array.isArray(sections) ? sections.map((section) => el("section", {},
    el("h3", {}, section.title), (section.body || []).map((p) => el("p", {}, p)))) : [];
  const learn = el("p", { class: "learn-link" },
    el("a", { href: `/learn/${gameId}`, "data-learn": gameId }, t("learn.link")));
  return dialog(t("table.rules_of", { game: t("name") }), t, learn, body);
}

export function termButton(t, name) {
  return el("button", { type: "button", class: "term", "aria-label": t("table.explain"),
    title: t(`term.${name}`),
    onclick: (event) => {
      event.stopPropagation();
      dialog(t("table.explain"), t, el("p", {}, t(`term.${name}`))).showModal();
    } }, "?");
}

export function inviteBox(t, info) {
  const link = `${location.origin}${info.invite}`;
  const field = el("input", { id: "invite-link", readonly: true, value: link });
  const copied = el("span", { role: "status" });
  const copy = async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(link);
      copied.textContent = t("table.copied");
    } catch {
      copied.textContent = t("table.copy_by_hand");
    }
  };
  return el("div", { class: "invite" },
    el("label", { for: "invite-link" }, t("table.invite")), field,
    el("button", { type: "button", class: "secondary", onclick: copy }, t("table.copy")), copied);
}

export function rankingList(t, info, ranking) {
  return el("ol", { class: "ranking" }, ranking.map((group, place) => el("li", {},
    el("span", { class: "place" }, t("table.place", { n: place + 1 })), " ",
    group.map((seat) => seatName(t, info, seat)).join(", "))));
}
