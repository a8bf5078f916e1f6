// Muzicando: bid a layout, then build it note by note; signs block players.
import { card, cardRow, area } from "../../lib/cards.js";

const COLOURS = {
  R: "#dc2626", O: "#ea580c", Y: "#ca8a04", G: "#16a34a", B: "#2563eb", I: "#4338ca", V: "#9333ea",
};
const COLOUR_ORDER = "ROYGBIV";
const LAYOUTS = "SGPM"; // in bidding order: 1S < 1G < 1P < 1M < 2S ...
const LEVELS = [1, 2, 3, 4];
const NOTES = ["Do", "Re", "Mi", "Fa", "Sol", "La", "Si"];
const OVALS = new Set(["DoR", "ReO", "MiY", "FaG", "SolB", "LaI", "SiV"]);
const SIGN_WORDS = { "#": "sharp", n: "natural", b: "flat", p: "rest" };
// The signs as filled SVG outlines in a box `w` wide and 40 high, not as
// characters: the rest (U+1D13D) is in almost no installed font (an empty box
// in Debian's Chromium), and drawn shapes look the same on every machine.
const SIGN_SHAPES = {
  "#": { w: 20, d: "M6.2 4h1.6v34h-1.6Z M12.2 2h1.6v34h-1.6Z M2 14L18 10L18 14L2 18Z "
    + "M2 26L18 22L18 26L2 30Z" },
  n: { w: 20, d: "M4 2h2v28h-2Z M14 10h2v28h-2Z M5 14L15 11L15 15L5 18Z M5 26L15 23L15 27L5 30Z" },
  b: { w: 20, rule: "evenodd", d: "M3 0H5V38H3Z M5 26C9 21 16 21 15 27C14 32 9 35 5 38Z "
    + "M5 35C9 32 12 29 12 27C12 24 8 24 5 28Z" },
  // A quarter rest: a thin stroke down to the right, a thick one back to the
  // left, down to the right again, and the hook.
  p: { w: 15, d: "M3.5 0.5L12.5 10L6.5 17.5L13 27Q6.5 25.5 5.5 30.5Q5 35 10 39.5"
    + "Q1.5 36.5 1.5 31Q2 26 9.5 26.5L2 18L7.5 11Z" },
};

function split(code) {
  const colour = code.slice(-1);
  const body = code.slice(0, -1);
  return { colour, body, sign: body in SIGN_WORDS };
}

function cardName(ctx, code) {
  const { colour, body, sign } = split(code);
  const colourWord = ctx.t(`colour.${colour}`);
  if (sign) return ctx.t("card.sign", { sign: ctx.t(`sign.${SIGN_WORDS[body]}`), colour: colourWord });
  return ctx.t(OVALS.has(code) ? "card.oval" : "card.note", { note: body, colour: colourWord });
}

function sortKey(code) {
  const { colour, body, sign } = split(code);
  return COLOUR_ORDER.indexOf(colour) * 10 + (sign ? 9 : NOTES.indexOf(body));
}

// A sign's shape, `height` high, its top centre at (cx, top); `name` labels it.
function signShape(ctx, body, ink, cx, top, height, name = null) {
  const { w, d, rule } = SIGN_SHAPES[body];
  const scale = height / 40;
  return ctx.svg("g", { transform: `translate(${cx - (w * scale) / 2} ${top}) scale(${scale})`,
    class: "sign", "data-sign": SIGN_WORDS[body], role: name ? "img" : null,
    "aria-label": name, "aria-hidden": name ? null : "true" },
  name ? ctx.svg("title", {}, name) : null,
  ctx.svg("path", { d, fill: ink, "fill-rule": rule || "nonzero" }));
}

function drawCard(ctx, code, small = false) {
  const { colour, body, sign } = split(code);
  const ink = COLOURS[colour];
  const face = [ctx.svg("rect", { x: 4, y: 20, width: 52, height: 8, fill: ink })];
  if (sign) {
    face.push(signShape(ctx, body, ink, 30, 32, 32, ctx.t(`sign.${SIGN_WORDS[body]}`)));
    // The corners, where a note card has its name (cards.js draws text only).
    face.push(signShape(ctx, body, ink, 10, 4, 14),
      ctx.svg("g", { transform: "rotate(180 30 45)" }, signShape(ctx, body, ink, 10, 4, 14)));
  } else {
    face.push(ctx.svg("text", { x: 30, y: 58, "text-anchor": "middle", "font-size": 17,
      "font-weight": "bold", fill: ink }, body));
  }
  face.push(ctx.svg("text", { x: 30, y: 80, "text-anchor": "middle", "font-size": 12,
    fill: "#111" }, colour));
  if (OVALS.has(code)) {
    face.push(ctx.svg("ellipse", { cx: 30, cy: 52, rx: 24, ry: 14, fill: "none", stroke: "#111",
      "stroke-width": 2 }));
  }
  return card({ corner: sign ? "" : body.slice(0, 2), ink, face,
    label: cardName(ctx, code), className: small ? "small" : "", code });
}

function teamOf(view, seat) {
  return (view.teams || []).findIndex((team) => team.includes(seat));
}

function gridArea(ctx, view) {
  const placed = new Map(view.table.cards.map(([code, x, y]) => [`${x} ${y}`, code]));
  const covers = new Map((view.table.covers || []).map(([code, x, y]) => [`${x} ${y}`, code]));
  const targets = ctx.step.length === 2 ? ctx.legal.map((a) => a.split(" "))
    .filter((p) => p[1] === ctx.step[1] && p.length === 4).map((p) => [Number(p[2]), Number(p[3])])
    : [];
  const xs = [...view.table.cards.map((c) => c[1]), ...targets.map((t) => t[0]), 0];
  const ys = [...view.table.cards.map((c) => c[2]), ...targets.map((t) => t[1]), 0];
  const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1,
    Math.max(...ys) + 1];
  const cells = [];
  for (let y = y1; y >= y0; y -= 1) {
    for (let x = x0; x <= x1; x += 1) cells.push(gridCell(ctx, placed, covers, x, y));
  }
  const grid = ctx.el("div", { class: "grid", role: "grid", "aria-label": ctx.t("area.layout") },
    cells);
  // A style property, not a style attribute: the page's CSP allows no inline styles.
  grid.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, var(--cell-w))`;
  return grid;
}

function gridCell(ctx, placed, covers, x, y) {
  const key = `${x} ${y}`;
  const code = placed.get(key);
  const cover = covers.get(key);
  const node = ctx.el("div", { class: `cell${code ? "" : " empty"}`, "data-cell": key },
    code ? drawCard(ctx, code, true) : null,
    cover ? ctx.el("span", { class: "cover" }, drawCard(ctx, cover, true)) : null);
  if (ctx.step.length === 2 && ctx.can([String(x), String(y)])) {
    ctx.choice(node, [String(x), String(y)], ctx.t("cell", { x, y }));
  }
  return node;
}

function columnsArea(ctx, view) {
  const columns = COLOUR_ORDER.split("").filter((c) => view.table.columns[c]).map((colour) =>
    ctx.el("div", { class: "colour-column" }, ctx.el("b", {}, ctx.t(`colour.${colour}`)),
      ctx.el("div", { class: "stack" }, [...view.table.columns[colour]].reverse()
        .map((code) => drawCard(ctx, code, true)))));
  const signs = (view.table.signs || []).map((code) => drawCard(ctx, code, true));
  return ctx.el("div", {}, ctx.el("div", { class: "columns" }, columns),
    signs.length ? ctx.el("p", {}, ctx.t("signs.played"), " ", ctx.el("span", { class: "hand" }, signs))
      : null);
}

// Words and the "?" that explains them; the no-break space keeps the "?"
// from wrapping onto a line of its own.
function termed(ctx, words, term) {
  return ctx.el("span", { class: "termed" }, words, "\u00a0", ctx.term(term));
}

function layoutArea(ctx, view) {
  if (!view.layout) return null;
  const drawn = view.table.cards ? gridArea(ctx, view) : columnsArea(ctx, view);
  return area(ctx, termed(ctx, ctx.t(`layout.${view.layout}`), `layout_${view.layout}`), drawn);
}

// "Deal 1 of 4 · Contract … · blocked: …", then what signs do: a separator
// only between two parts, never before nothing.
function contractLine(ctx, view) {
  const parts = [ctx.t("deal.of", { n: view.deal, total: view.deals })];
  if (view.contract) {
    parts.push(ctx.t("contract", { contract: contractName(ctx, view.contract),
      name: ctx.name(view.declarer) }));
  } else if (view.layout) parts.push(ctx.t(`layout.${view.layout}`));
  if ((view.blocked || []).length) {
    parts.push(ctx.t("blocked", { names: view.blocked.map((s) => ctx.name(s)).join(", ") }));
  }
  if (view.rest !== null && view.rest !== undefined) parts.push(ctx.t("resting", { name: ctx.name(view.rest) }));
  return ctx.el("p", { class: "deal-line" }, parts.join(" · "), " · ",
    termed(ctx, ctx.t("signs.about"), "signs"));
}

function contractName(ctx, contract) {
  return ctx.t("contract.name", { level: contract[0], layout: ctx.t(`layout.${contract[1]}`) });
}

// The calls so far, numbered in the item itself (a list marker drawn
// outside its item ran into the column beside it), then the bidding box.
function bidding(ctx, view) {
  const calls = view.calls || [];
  const box = bidBox(ctx);
  if (!calls.length && !box) return null;
  const list = calls.length ? ctx.el("ol", { class: "calls" }, calls.map(([seat, call], i) =>
    ctx.el("li", {}, ctx.el("span", { class: "call-n" }, `${i + 1}.`), " ",
      `${ctx.name(seat)}: ${callWords(ctx, call)}`))) : null;
  return area(ctx, termed(ctx, ctx.t("area.bidding"), "bidding"), list, box);
}

// The bids as a small grid, a column per layout and a row per level (each
// button shows its level under the layout's name), and Pass: compact on a
// phone, where a button per bid filled the first screen.
function bidBox(ctx) {
  if (ctx.step.length || !ctx.legal.some((a) => a.startsWith("bid "))) return null;
  const heads = LAYOUTS.split("").map((layout) =>
    ctx.el("span", { class: "bid-head" }, ctx.t(`layout.${layout}`)));
  const bids = LEVELS.flatMap((level) => LAYOUTS.split("").map((layout) => {
    const words = ctx.t("action.bid", { contract: contractName(ctx, `${level}${layout}`) });
    return ctx.choice(ctx.el("button", { type: "button", class: "bid", title: words },
      String(level)), ["bid", `${level}${layout}`], words);
  }));
  const pass = ctx.can(["pass"]) ? ctx.choice(ctx.el("button", { type: "button",
    class: "bid pass" }, ctx.t("action.pass")), ["pass"], ctx.t("action.pass")) : null;
  return ctx.el("div", { class: "bid-box", role: "group", "aria-label": ctx.t("bid.box") },
    heads, bids, pass);
}

function callWords(ctx, call) {
  return call === "pass" ? ctx.t("action.pass") : contractName(ctx, call.split(" ")[1]);
}

function resultsTable(ctx, view, results) {
  if (!results || !results.length) return null;
  return ctx.el("table", {}, ctx.el("tr", {}, ctx.el("th", {}, ctx.t("col.deal")),
    ctx.el("th", {}, ctx.t("col.layout")),
    Array.from({ length: ctx.players }, (_, s) => ctx.el("th", {}, ctx.name(s)))),
  results.map((r) => ctx.el("tr", {}, ctx.el("td", {}, r.cancelled ? ctx.t("cancelled") : String(r.deal)),
    ctx.el("td", {}, r.contract ? `${contractName(ctx, r.contract)}${r.made === undefined ? ""
      : r.made ? ` ✓` : ` ✗`}` : ctx.t(`layout.${r.layout}`)),
    r.points.map((p) => ctx.el("td", {}, String(p))))));
}

function handArea(ctx, view) {
  if (!view.hand) return null;
  const hand = [...view.hand].sort((a, b) => sortKey(a) - sortKey(b));
  return area(ctx, ctx.t("area.hand"), cardRow(ctx, hand, (c) => drawCard(ctx, c),
    (c) => ["play", c], (c) => cardName(ctx, c)),
  ctx.el("p", {}, termed(ctx, ctx.t("oval.about"), "oval")));
}

// An action as the page words it ("play ReR 1 0": Play red Re at 1, 0).
function actionLabel(action, ctx) {
  const parts = action.split(" ");
  if (parts[0] === "bid") return ctx.t("action.bid", { contract: contractName(ctx, parts[1]) });
  if (parts[0] === "choose") return ctx.t("action.choose", { layout: ctx.t(`layout.${parts[1]}`) });
  if (parts[0] === "play" && parts.length === 4) {
    return ctx.t("action.play_at", { card: cardName(ctx, parts[1]), x: parts[2], y: parts[3] });
  }
  if (parts[0] === "play") return ctx.t("action.play", { card: cardName(ctx, parts[1]) });
  return ctx.t(`action.${parts[0]}`);
}

// Notes or cards that may go, "Mi or Sol" in the page's language.
function either(ctx, items) {
  return new Intl.ListFormat(ctx.lang, { type: "disjunction" }).format(items);
}

function seatsLine(ctx, view) {
  return ctx.el("p", {}, Array.from({ length: ctx.players }, (_, s) => {
    const team = teamOf(view, s);
    const tag = team >= 0 ? ` (${ctx.t(`team.${team}`)})` : "";
    const out = (view.out || []).includes(s) ? ` · ${ctx.t("out")}` : "";
    return `${ctx.name(s)}${tag}: ${ctx.t("cards", { n: view.hand_sizes[s] })}${out}`;
  }).join(" | "), view.pile ? ` | ${ctx.t("pile", { n: view.pile })}` : "");
}

export default {
  render(view, ctx) {
    return ctx.el("div", { class: "muzicando" }, contractLine(ctx, view), seatsLine(ctx, view),
      bidding(ctx, view), layoutArea(ctx, view), handArea(ctx, view),
      view.results && view.results.length
        ? area(ctx, ctx.t("area.results"), resultsTable(ctx, view, view.results)) : null);
  },

  describe(e, ctx) {
    const name = e.seat === undefined ? "" : ctx.name(e.seat);
    const names = (seats) => seats.map((s) => ctx.name(s)).join(", ");
    switch (e.type) {
      case "deal": return ctx.t("event.deal", { deal: e.deal, name: ctx.name(e.dealer), n: e.cards_each });
      case "hand": return ctx.t("event.hand", { cards: e.cards.map((c) => cardName(ctx, c)).join(", ") });
      case "call": return ctx.t("event.call", { name, call: callWords(ctx, e.call) });
      case "forced_bid": return ctx.t("event.forced_bid", { name });
      case "contract": return ctx.t("event.contract", { contract: contractName(ctx, e.contract),
        name: ctx.name(e.declarer), opener: ctx.name(e.opener) });
      case "choose": return ctx.t("event.choose", { name, layout: ctx.t(`layout.${e.layout}`) });
      case "cannot_choose": return ctx.t("event.cannot_choose", { name });
      case "play": return ctx.t("event.play", { name, card: cardName(ctx, e.card) });
      case "blocked": return e.seats.length
        ? ctx.t("event.blocked", { names: names(e.seats), n: e.seats.length, card: cardName(ctx, e.by) })
        : ctx.t("event.blocked_none", { card: cardName(ctx, e.by) });
      case "skipped": return ctx.t("event.skipped", { name });
      case "pass": return ctx.t(e.drew ? "event.pass_draw" : "event.pass", { name });
      case "draw": return ctx.t("event.draw", { card: cardName(ctx, e.card) });
      case "rest": return ctx.t("event.rest", { name });
      case "rest_over": return ctx.t("event.rest_over", { name });
      case "out": return ctx.t("event.out", { name, n: e.place });
      case "stuck": return ctx.t("event.stuck", { name });
      case "hand_over": return ctx.t("event.hand_over", { name, to: ctx.name(e.target) });
      case "failed_opening": return ctx.t("event.failed_opening", { name,
        contract: contractName(ctx, e.contract), n: e.penalty });
      case "deal_end": return ctx.t("event.deal_end", { deal: e.deal,
        points: e.points.map((p, s) => `${ctx.name(s)} ${p}`).join(", ") });
      case "redeal": return ctx.t("event.redeal", { name: ctx.name(e.dealer) });
      case "game_end": return ctx.t("event.game_end");
      default: return ctx.t(`event.${e.type}`, { name });
    }
  },

  summary(result, view, ctx) {
    return ctx.el("div", {}, ctx.el("p", {}, ctx.t("summary.highest")),
      resultsTable(ctx, view, result.deals || []),
      ctx.el("p", {}, ctx.t("summary.totals", {
        scores: result.scores.map((p, s) => `${ctx.name(s)} ${p}`).join(", ") })));
  },

  label(action, ctx) {
    return actionLabel(action, ctx);
  },

  // The rules' reason for a refused move, its facts named in the page's
  // language (docs/pages.md, "A game module"): card codes as the cards'
  // names, layout and colour letters, a bid, an action, lists joined by "or".
  reason(key, params, ctx) {
    if (!ctx.t.has(`reason.${key}`)) return null;
    const words = { ...params };
    for (const name of ["card", "sign", "oval"]) {
      if (params[name]) words[name] = cardName(ctx, params[name]);
    }
    if (params.cards) words.cards = either(ctx, params.cards.map((c) => cardName(ctx, c)));
    if (params.notes) words.notes = either(ctx, params.notes);
    if (params.layout) words.layout = ctx.t(`layout.${params.layout}`);
    if (params.colour) words.colour = ctx.t(`colour.${params.colour}`);
    if (params.opens) words.opens = ctx.t(`opens.${params.opens}`);
    if (params.bid) words.bid = contractName(ctx, params.bid);
    if (params.action) words.action = actionLabel(params.action, ctx);
    return ctx.t(`reason.${key}`, words);
  },

  // What a card does (docs/games/muzicando.md): a sign blocks players, an
  // oval card opens Glissando rows and Parada columns, a Do opens Sarabanda
  // and the Muzicando piles, any other note goes one step from a laid note.
  cardInfo(code, ctx) {
    const { body, sign } = split(code);
    if (sign) return ctx.t(`info.${SIGN_WORDS[body]}`);
    if (OVALS.has(code)) return ctx.t("info.oval");
    return ctx.t(body === "Do" ? "info.do" : "info.note");
  },
};
