// The browser table: one seat (or a spectator) at the host's card table, speaking
// docs/protocol.md over a WebSocket. The server alone knows the rules: what may be played is
// its `legal` list, why a move is refused its error. The page keeps a model of its view,
// checks it against each update's digest and asks for a full view when they differ.
import { decode, encode } from "./vendor/msgpack.js";
import { LANGUAGES, N_, _, browserLanguage, errorText, format, language, ngettext, pgettext, setLanguage } from "./i18n.js";
import { cardElement, clearCards, loadCards } from "./cards.js";
import { applyEvent, sameBytes, viewDigest } from "./model.js";
import { actionWords, card, eventsLine, recalled, seen, suitName } from "./words.js";

const GAMES = { quando: "Quando", blanco: "Blanco", quasenbo: "Quäsenbö" };
// The bots' levels, each worded in the catalogue's "bot level" context (as the pygame client's).
const LEVELS = {
  random: () => pgettext("bot level", "Random"),
  easy: () => pgettext("bot level", "Easy"),
  normal: () => pgettext("bot level", "Normal"),
  hard: () => pgettext("bot level", "Hard"),
};
// What the game-over table's numbers count, and why a game ended without its normal finish:
// the desktop's words (game/client/games.py's `scores`, scenes/endings.py's ENDINGS).
const SCORES = {
  quando: N_("Scores: points (lowest wins)"),
  blanco: N_("Scores: cards left (fewest wins)"),
  quasenbo: N_("Scores: cards in hand (fewest wins)"),
};
const ENDINGS = {
  max_turns: N_("The turn limit was reached."),
  blocked: N_("Nobody could play or draw any more."),
};
const STORE = "cardtable.seats";
const PING_EVERY = 30000;
const LIST_EVERY = 5000;

const S = {
  ws: null, connected: false, retry: 500, name: localStorage.getItem("cardtable.name") || "",
  screen: "start", rooms: [], roomMaps: {}, roomId: null, seat: null, watching: false,
  view: null, step: 0, legal: null, toMove: null, digest: null, over: false, result: null,
  ending: null, log: [], selected: [], notice: "", refusal: "", summary: null, rematch: null, askedRematch: false,
  requests: {}, nextId: 1, level: "normal", clock: null, syncing: false, logOpen: window.innerWidth > 700,
  overHidden: false, shownScreen: null,
  // The games' forms (the host's games.json, from the engines) and what the "New game" form
  // holds, kept across redraws: a room list that comes in must not reset a choice half made.
  games: {}, newGame: "quando", newPlayers: 4, newOptions: {},
};
// What a test (or a curious player, in the console) may read: digests checked and missed.
window.cardtable = { checks: 0, drifts: 0, resumed: 0, state: S, render: () => render() };

const kept = () => JSON.parse(localStorage.getItem(STORE) || "{}");
function keep(room, token) {
  const seats = kept();
  if (token) seats[room] = token; else delete seats[room];
  localStorage.setItem(STORE, JSON.stringify(seats));
}

// -- the connection --------------------------------------------------------------------------

function send(message, purpose = null) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) return;
  if (purpose) {
    message.id = S.nextId++;
    S.requests[message.id] = purpose;
  }
  S.ws.send(encode(message));
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  ws.binaryType = "arraybuffer";
  S.ws = ws;
  ws.onopen = () => send({ t: "hello", version: 1, name: S.name });
  ws.onmessage = (event) => {
    if (typeof event.data !== "string") receive(decode(new Uint8Array(event.data), { useBigInt64: true }));
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.connected = false;
    S.notice = _("Reconnecting…");
    render();
    setTimeout(connect, S.retry);
    S.retry = Math.min(S.retry * 2, 8000);
  };
}

setInterval(() => send({ t: "ping" }), PING_EVERY);
// The rooms list keeps itself up to date while it is shown (rooms opened, started, ended).
setInterval(() => { if (S.screen === "lobby") send({ t: "list" }); }, LIST_EVERY);
// A phone that wakes up finds its socket dead: try at once instead of waiting for the backoff.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && S.ws && S.ws.readyState > WebSocket.OPEN) connect();
});

function receive(m) {
  switch (m.t) {
    case "welcome":
      S.connected = true;
      S.retry = 500;
      S.notice = "";
      if (S.screen === "start") S.screen = "lobby";
      for (const [room, token] of Object.entries(kept())) send({ t: "resume", token }, { resume: room });
      send({ t: "list" });
      break;
    case "rooms": {
      // The list asked for every few seconds: drawn again only when it changed, so that a
      // menu of the form being filled in stays open.
      const same = JSON.stringify(m.rooms) === JSON.stringify(S.rooms);
      S.rooms = m.rooms;
      if (same) return;
      break;
    }
    case "room": {
      S.roomMaps[m.room.id] = m.room;
      // A refusal in the room ("every seat must be filled…") is past once the room changed.
      if (m.room.id === S.roomId && !m.room.started) S.refusal = "";
      const purpose = S.requests[m.re];
      if (purpose && purpose.create) send({ t: "join", room: m.room.id, seat: 0 });
      break;
    }
    case "seated":
      keep(m.room, m.token);
      Object.assign(S, { roomId: m.room, seat: m.seat, watching: false });
      if (m.resumed) window.cardtable.resumed += 1;
      S.screen = S.roomMaps[m.room] && S.roomMaps[m.room].started ? "table" : "room";
      break;
    case "update": update(m); break;
    case "error": {
      window.cardtable.lastError = m;
      const purpose = S.requests[m.re];
      if (purpose && purpose.resume) keep(purpose.resume, null);  // that game is gone
      else if (m.code === "stale_step") send({ t: "sync", room: S.roomId });
      else S.refusal = refusalText(m);
      break;
    }
    case "rematch":
      // Ours: into its room at once. Another's: offered on the game-over panel.
      if (S.askedRematch) joinRematch(m.room);
      else S.rematch = m.room;
      break;
    case "bye": S.notice = refusalText(m); break;
  }
  delete S.requests[m.re];
  render();
}

function update(m) {
  if (m.room !== S.roomId) return;
  const game = (S.roomMaps[m.room] || {}).game;
  let events = m.events;  // as the move log tells them (see words.js's `seen`)
  if (m.view) {
    S.view = structuredClone(m.view);
    S.syncing = false;
    if (m.past || m.missed) {
      S.log = recalled(game, [...(m.past || []), ...(m.missed || [])].map((s) => ({ step: s.step, seat: s.seat, events: s.events })));
    }
  } else if (S.view) {
    try {
      const told = [];
      for (const event of m.events) {
        told.push(seen(game, event, S.view));
        applyEvent(S.view, event);
      }
      events = told;
    } catch {
      S.view = undefined;  // an event the model could not take: a drift like any other
    }
  }
  if (S.view !== null) {
    window.cardtable.checks += 1;
    if (!S.view || !sameBytes(viewDigest(S.view), m.digest)) {
      // The model drifted from the server's view: ask for a fresh one (once), the game goes
      // on; the updates until it comes are not checked.
      window.cardtable.drifts += 1;
      S.view = null;
    }
  }
  if (S.view === null && !S.syncing) {
    S.syncing = true;
    send({ t: "sync", room: m.room });
  }
  if (m.events.length) S.log.push({ step: m.step, seat: m.actor, events });
  Object.assign(S, { step: m.step, legal: m.legal || null, toMove: m.to_move, selected: [], screen: "table" });
  S.clock = m.clock ? { seat: m.clock.seat, left: m.clock.left, at: performance.now() } : null;
  if (m.events.length || m.legal) S.refusal = "";
  const roundEnd = m.events.find((e) => e.type === "round_end");
  if (roundEnd && game === "quando") S.summary = { round: roundEnd };
  if (m.seed !== undefined) {
    S.over = true;
    const over = m.events.find((e) => e.type === "game_over");
    if (over) Object.assign(S, { result: over.result, ending: over.reason || null });
    if (S.view && S.view.result) S.result = S.view.result;
    keep(m.room, null);
  }
}

// -- names -----------------------------------------------------------------------------------

/** An error in the player's words, a game named by its title where a refusal names its id
 * ("Quäsenbö", not "quasenbo"), as the window's refusals.py does. */
function refusalText(m) {
  const params = m.params && m.params.game in GAMES ? { ...m.params, game: GAMES[m.params.game] } : m.params;
  return errorText({ ...m, params });
}

function seatName(seat) {
  const room = S.roomMaps[S.roomId];
  const info = room && room.seats[seat];
  if (!info) return format(_("Seat {n}"), { n: seat + 1 });
  if (info.kind === "bot") return format(_("{name} ({level} bot)"), { name: info.name, level: (LEVELS[info.level] ? LEVELS[info.level]() : info.level).toLowerCase() });
  return info.name || format(_("Seat {n}"), { n: seat + 1 });
}

const plainName = (seat) => {
  const room = S.roomMaps[S.roomId];
  return (room && room.seats[seat] && room.seats[seat].name) || format(_("Seat {n}"), { n: seat + 1 });
};

// -- choosing among the legal actions: taps on cards, then a button ---------------------------

/** The things an action is made of that are tapped on the table: hand cards ("h:i") and grid
 * places ("g:r:c"); what remains (a verb, a side, a suit) is told by its button. */
function parts(game, action) {
  const [verb, ...args] = action;
  if (game === "quando") {
    if (verb === "play") return args[0].map((i) => `h:${i}`);
    if (verb === "flip") return [`h:${args[0]}`];
    return [];
  }
  if (game === "blanco") {
    if ((verb === "reveal" || verb === "peek") && args.length === 2) return [`g:${args[0]}:${args[1]}`];
    if (verb === "discard" || verb === "place") {
      return [`h:${args[0]}`, ...(args.length === 3 ? [`g:${args[1]}:${args[2]}`] : [])];
    }
    if (verb === "swap") return [`g:${args[0]}:${args[1]}`, `g:${args[2]}:${args[3]}`];
    return [];
  }
  if (verb === "play") return [`h:${args[0]}`];
  return [];
}

function choices() {
  const game = S.view.game;
  const chosen = new Set(S.selected);
  const open = [];
  const tappable = new Set(S.selected);
  const ready = [];
  for (const action of S.legal || []) {
    const p = parts(game, action);
    if (!p.length) {  // a move of no taps (draw, knock, pass…) is offered all along
      ready.push(action);
      continue;
    }
    if (![...chosen].every((x) => p.includes(x))) continue;
    open.push(action);
    p.forEach((x) => tappable.add(x));
    if (p.length === chosen.size) ready.push(action);  // all its taps chosen
  }
  return { tappable, ready, open };
}

function tap(part) {
  const at = S.selected.indexOf(part);
  if (at >= 0) S.selected.splice(at, 1);
  else S.selected.push(part);
  if (!choices().open.length) S.selected = [part];
  render();
}

function act(action) {
  if (!S.connected) return;  // nothing would carry it: the choice waits for the connection
  send({ t: "act", room: S.roomId, step: S.step, action });
  S.legal = null;
  S.selected = [];
  render();
}

// -- drawing ---------------------------------------------------------------------------------

const app = document.getElementById("app");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function languageSwitch() {
  const select = el("select", { id: "language", "aria-label": _("Language"),
    onchange: async (e) => { localStorage.setItem("cardtable.language", e.target.value); await setLanguage(e.target.value); clearCards(); render(); } },
  Object.entries(LANGUAGES).map(([code, label]) => el("option", { value: code, selected: code === language() }, label)));
  return select;
}

function header(title, leaving = false) {
  return el("header", {}, el("h1", {}, title), S.notice ? el("span", { class: "notice" }, S.notice) : null,
    leaving ? el("button", { class: "small", id: "leave", onclick: leave }, _("Leave")) : null, languageSwitch());
}

function render() {
  const scroll = document.querySelector(".log ol")?.scrollTop;
  app.replaceChildren(...{ start: renderStart, lobby: renderLobby, room: renderRoom, table: renderTable }[S.screen]().filter(Boolean));
  const log = document.querySelector(".log ol");
  if (log && scroll !== undefined) log.scrollTop = log.scrollHeight;
  // A new screen opens at its top: the room's page may have been scrolled down to its last
  // seats, and the table would open with its title and Leave button out of sight.
  if (S.screen !== S.shownScreen) window.scrollTo(0, 0);
  S.shownScreen = S.screen;
}

function renderStart() {
  const input = el("input", { id: "name", value: S.name, maxlength: 24, autocomplete: "nickname", "aria-label": _("Your name") });
  const go = (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) { S.refusal = _("A name needs at least one letter."); render(); return; }
    S.name = name;
    localStorage.setItem("cardtable.name", name);
    S.refusal = "";
    if (S.ws && S.ws.readyState === WebSocket.OPEN) {
      send({ t: "hello", version: 1, name });  // a better name after a refused one
    } else {
      S.notice = _("Connecting…");
      connect();
    }
    render();
  };
  return [header(_("Card Table")),
    el("form", { class: "panel start", onsubmit: go },
      el("label", { for: "name" }, _("Your name")), input,
      el("button", { type: "submit", id: "enter" }, _("Continue"))),
    S.refusal ? el("p", { class: "refusal" }, S.refusal) : null];
}

function roomLine(room) {
  const taken = room.seats.filter((s) => s.kind !== "open").length;
  const mine = kept()[room.id];
  const open = !room.started && room.seats.some((s) => s.kind === "open");
  return el("li", { class: "room", "data-room": room.id },
    el("span", { class: "what" }, `${GAMES[room.game] || room.game} · ${taken}/${room.players} · `,
      room.over ? _("over") : room.started ? _("playing") : _("waiting"),
      room.private ? _(" · private") : null),
    el("span", { class: "who" }, room.seats.filter((s) => s.kind !== "open").map((s) => s.name).join(", ")),
    el("span", { class: "buttons" },
      mine ? el("button", { onclick: () => send({ t: "resume", token: mine }) }, _("Resume your seat")) : null,
      open ? el("button", { class: "join", onclick: () => send({ t: "join", room: room.id }) }, _("Join")) : null,
      el("button", { class: "watch", onclick: () => watch(room.id) }, _("Watch"))));
}

/** What a page holds of the table it shows, as before any: a new room, a room watched and the
 * list each begin from it. */
function noTable() {
  return { view: null, syncing: false, log: [], over: false, result: null, ending: null, summary: null,
    rematch: null, askedRematch: false, overHidden: false };
}

function watch(room) {
  Object.assign(S, noTable(), { roomId: room, seat: null, watching: true });
  send({ t: "watch", room });
}

/** A value an option's menu offers, in the player's words, as the window's setup form says
 * it: "On"/"Off" for a switch, a number as the player's language writes it. */
function choiceText(value) {
  if (typeof value === "boolean") return value ? _("On") : _("Off");
  return typeof value === "number" ? grouped(value) : String(value);
}

/** The "New game" form's rows: the game, how many play, and the game's options (the numbers
 * first, then the switches, as the window's form has them). */
function newGameRows() {
  const info = S.games[S.newGame] || { min_players: 2, max_players: 6, options: [] };
  S.newPlayers = Math.min(Math.max(S.newPlayers, info.min_players), info.max_players);
  const game = el("select", { id: "new-game", "aria-label": _("Game"),
    onchange: (e) => { S.newGame = e.target.value; S.newOptions = {}; render(); } },
  Object.entries(GAMES).map(([id, title]) => el("option", { value: id, selected: id === S.newGame }, title)));
  const counts = [];
  for (let n = info.min_players; n <= info.max_players; n++) counts.push(n);
  const players = el("select", { id: "new-players", "aria-label": _("Players"),
    onchange: (e) => { S.newPlayers = Number(e.target.value); } },
  counts.map((n) => el("option", { value: n, selected: n === S.newPlayers }, n)));
  const options = [...info.options].sort((a, b) => (typeof a.default === "boolean") - (typeof b.default === "boolean"));
  return [el("div", { class: "row" }, game, players),
    options.map((o) => {
      const chosen = o.name in S.newOptions ? S.newOptions[o.name] : o.default;
      return el("div", { class: "row option" }, el("label", { for: `option-${o.name}` }, _(o.label)),
        el("select", { id: `option-${o.name}`, "data-option": o.name,
          onchange: (e) => { S.newOptions[o.name] = o.choices[Number(e.target.value)]; } },
        o.choices.map((c, k) => el("option", { value: k, selected: c === chosen }, choiceText(c)))));
    })];
}

function renderLobby() {
  return [header(_("Card Table")),
    el("section", { class: "panel" },
      el("h2", {}, _("Rooms"), el("button", { class: "small", id: "refresh", onclick: () => send({ t: "list" }) }, _("Refresh"))),
      S.rooms.length ? el("ul", { class: "rooms" }, S.rooms.map(roomLine)) : el("p", { class: "dim" }, _("No rooms yet: open one."))),
    el("section", { class: "panel" },
      el("h2", {}, _("New game")),
      newGameRows(),
      el("div", { class: "row" },
        el("button", { id: "create", onclick: () => {
          Object.assign(S, noTable());
          send({ t: "create", game: S.newGame, players: S.newPlayers, options: { ...S.newOptions } }, { create: true });
        } }, _("Host")))),
    S.refusal ? el("p", { class: "refusal" }, S.refusal) : null];
}

function renderRoom() {
  const room = S.roomMaps[S.roomId];
  if (!room) return [header(_("Card Table")), el("p", {}, _("Waiting for the server…"))];
  const me = room.seats[S.seat];
  const level = el("select", { id: "bot-level", "aria-label": _("Level of new bots:"), onchange: (e) => { S.level = e.target.value; } },
    Object.entries(LEVELS).map(([id, word]) => el("option", { value: id, selected: id === S.level }, word())));
  return [header(`${GAMES[room.game]} · ${format(_("Room {room}"), { room: room.id })}`),
    el("section", { class: "panel" },
      el("ul", { class: "seats" }, room.seats.map((s) => el("li", { class: s.kind },
        el("span", {}, format(_("Seat {n}"), { n: s.seat + 1 })),
        el("strong", {}, s.kind === "open" ? "–" : s.seat === S.seat ? format(_("{name} (you)"), { name: s.name }) : seatName(s.seat)),
        s.kind === "human" ? el("span", { class: "dim" }, s.ready ? _("Ready") : _("Not ready")) : null,
        s.kind === "open" ? el("button", { class: "add-bot", onclick: () => send({ t: "bot", room: room.id, seat: s.seat, level: S.level }) }, _("Add bot")) : null,
        s.kind === "bot" ? el("button", { class: "small", onclick: () => send({ t: "unbot", room: room.id, seat: s.seat }) }, _("Remove bot")) : null))),
      el("div", { class: "row" }, el("label", {}, _("Level of new bots:")), level),
      room.seats.every((s) => s.kind === "bot" || (s.kind === "human" && s.ready))
        ? el("p", { class: "notice", id: "all-ready" }, _("Everybody is ready: Start!")) : null,
      el("div", { class: "row" },
        // A switch, pressed while the player is ready: its label stays "Ready" (as a label
        // "Not ready" read like the player's state, not what a tap does).
        el("button", { id: "ready", class: me && me.ready ? "pressed" : "", "aria-pressed": String(Boolean(me && me.ready)),
          onclick: () => send({ t: "ready", room: room.id, ready: !(me && me.ready) }) }, me && me.ready ? "✓ " : "", _("Ready")),
        el("button", { id: "start", onclick: () => send({ t: "start", room: room.id }) }, _("Start")),
        el("button", { onclick: leave }, _("Leave")))),
    S.refusal ? el("p", { class: "refusal" }, S.refusal) : null];
}

function joinRematch(room) {
  leave();
  send({ t: "join", room });
}

function leave() {
  const room = S.roomMaps[S.roomId];
  if (room && room.started && !S.over && S.seat !== null) {
    // The server's `leave`: a bot plays the seat while others play on; alone, the game ends.
    const others = room.seats.some((s, i) => i !== S.seat && s.kind === "human");
    const words = others ? _("Leave the table? A bot plays your seat until you come back.")
      : _("Leave the table? Nobody else plays here: the game ends.");
    if (!window.confirm(words)) return;
    if (!others) keep(S.roomId, null);
  }
  if (S.roomId && !S.over) send({ t: "leave", room: S.roomId });
  Object.assign(S, noTable(), { screen: "lobby", roomId: null, seat: null });
  send({ t: "list" });
  render();
}

function turnLine() {
  const room = S.roomMaps[S.roomId];
  if (S.over || S.toMove === null) return _("Game over");
  if (room && room.paused) return _("Pause");
  // Said here, where the player looks: the header's notice may be scrolled out of sight.
  if (!S.connected) {
    return S.toMove === S.seat ? _("Not connected – your move waits until the connection is back") : _("Reconnecting…");
  }
  if (S.toMove === S.seat) return S.legal ? _("Your turn") : _("Waiting for the server…");
  return format(_("It's {name}'s turn."), { name: seatName(S.toMove) });
}

/** The seconds the turn timer has left, as the server last said, counted down here. */
function clockText() {
  const left = Math.max(0, Math.ceil(S.clock.left - (performance.now() - S.clock.at) / 1000));
  return format(_("{n} s"), { n: left });
}

setInterval(() => {
  const shown = document.querySelector(".clock");
  if (shown && S.clock) shown.textContent = ` ⏱ ${clockText()}`;
}, 1000);

function renderTable() {
  const room = S.roomMaps[S.roomId];
  const view = S.view;
  if (!view || !room) return [header(_("Card Table")), el("p", { class: "panel" }, _("Waiting for the server…"))];
  const game = view.game;
  const deciding = Boolean(S.legal) && S.connected;
  const pick = deciding ? choices() : { tappable: new Set(), ready: [], open: [] };
  const others = [];
  for (let i = 1; i < view.players; i++) {
    const seat = ((view.seat ?? -1) + i + view.players) % view.players;
    others.push(seatPanel(game, view, seat, pick));
  }
  if (view.seat === null) others.push(seatPanel(game, view, view.players - 1, pick));
  const mine = view.seat === null ? null : seatPanel(game, view, view.seat, pick, true);
  const buttons = pick.ready.map((action) => el("button", { class: "action", "data-action": JSON.stringify(action), onclick: () => act(action) },
    capitalised(actionWords(game, action, view))));
  const hintLine = deciding ? tapHint(game, view, buttons.length > 0) : null;
  return [
    header(game === "quando"
      ? [GAMES[game], " · ", el("span", { class: "nowrap" }, format(_("Round {number}"), { number: view.round + 1 }))]
      : GAMES[game], true),
    el("div", { class: `table ${game}` },
      el("section", { class: "others" }, others),
      el("section", { class: "centre" }, centre(game, view)),
      el("section", { class: "turn", "data-to-move": S.toMove ?? "" },
        el("p", { class: S.toMove === S.seat && deciding ? "yours" : "" }, turnLine(),
          S.clock && !S.over ? el("span", { class: "clock" }, " ⏱ ", clockText()) : null),
        S.seat === null ? el("p", { class: "dim", id: "watching" }, _("You are watching this game.")) : null,
        S.logOpen || S.over ? null : el("ul", { class: "since" }, sinceMine().map((s) => el("li", {}, eventsLine(game, s.events, plainName)))),
        S.refusal ? el("p", { class: "refusal" }, S.refusal) : null,
        el("div", { class: "actions" }, buttons, hintLine ? el("span", { class: "dim" }, hintLine) : null,
          S.over && S.overHidden ? el("button", { id: "show-result", onclick: () => { S.overHidden = false; render(); } }, _("Show the result")) : null)),
      mine,
      el("details", { class: "log", open: S.logOpen, ontoggle: (e) => { S.logOpen = e.target.open; } },
        el("summary", {}, _("Moves")),
        // Numbered by the game's steps: a spectator who came late counts as the players do.
        el("ol", {}, S.log.slice(-200).map((s) => el("li", { value: s.step }, eventsLine(game, s.events, plainName)))))),
    S.over && !S.overHidden ? gameOver(game, view) : S.summary ? roundSummary(game, view) : null];
}

/** What the player's next tap does, where the table alone does not say it (the desktop's
 * prompts in a phone's words); null where the buttons say it. */
function tapHint(game, view, buttons) {
  if (game === "blanco") {
    if (view.phase === "reveal") return _("Tap one of your face-down cards to turn it face up");
    if (view.phase === "peek") return _("Tap a face-down card to look at it in secret");
    if (view.phase === "turn" && S.selected.length === 1) {
      return _("Swap: tap a neighbouring card (the same card again to start over)");
    }
  }
  return buttons ? null : _("Choose a card");
}

/** The steps since the player's own last one (at most three; a spectator's, the last two), as
 * the move log tells them: what the others did, in sight where the log is closed (a phone
 * held upright), since bots play in a blink. */
function sinceMine() {
  const out = [];
  for (let i = S.log.length - 1; i >= 0 && out.length < (S.seat === null ? 2 : 3); i--) {
    if (S.log[i].seat === S.seat && S.seat !== null) break;
    out.unshift(S.log[i]);
  }
  return out;
}

/** `n` written the player's way, thousands always grouped as the window writes them ("1.000"
 * in Italian too, which the browser's own rule leaves "1000"). */
function grouped(n) {
  return n.toLocaleString(language(), { useGrouping: "always" });
}

/** `words` as a button's label: a capital first letter ("Play 10", "Offen ziehen"), where the
 * same words in a sentence of the move log start small. */
function capitalised(words) {
  return words.charAt(0).toLocaleUpperCase(language()) + words.slice(1);
}

function seatPanel(game, view, seat, pick, mine = false) {
  const room = S.roomMaps[S.roomId];
  const info = room.seats[seat] || {};
  const name = mine ? format(_("{name} (you)"), { name: info.name }) : seatName(seat);
  const status = [];
  // As the window's plates say it (tables/seats.py's `status`): a bot playing for a player
  // who is gone, or a player gone whom no bot plays for yet.
  if (info.away) status.push(format(_("away – a bot is playing for {name}"), { name: plainName(seat) }));
  else if (info.kind === "human" && info.connected === false) status.push(_("offline"));
  const small = (code, extra = {}) => cardElement(game, code, extra);
  const body = [];
  if (game === "quando") {
    const hand = view.hands[seat];
    if (mine && hand.fronts) body.push(hand.fronts.map((n, i) => handCard(game, n, i, pick)));
    else body.push((hand.backs || hand.fronts).map((n) => small(String(n))));
    status.push(format(_("Total: {points}"), { points: view.totals[seat] }));
    if (view.knocker === seat) status.push(_("KNOCKED"));
  } else if (game === "blanco") {
    body.push(grid(view.grids[seat], mine, pick));
    const hand = view.hands[seat];
    if (hand.length) body.push(el("div", { class: "hand" }, hand.map((c, i) => (mine ? handCard(game, c, i, pick) : small(c)))));
  } else {
    const hand = view.hands[seat];
    if (mine && hand) body.push(hand.map((c, i) => handCard(game, c, i, pick)));
    else body.push(el("span", { class: "count" }, format(ngettext("{count} card", "{count} cards", view.hand_sizes[seat]), { count: view.hand_sizes[seat] })));
  }
  return el("div", { class: `seat${mine ? " mine" : ""}${S.toMove === seat ? " to-move" : ""}`, "data-seat": seat },
    el("div", { class: "name" }, el("strong", {}, name), status.length ? el("span", { class: "dim" }, " ", status.join(" · ")) : null),
    el("div", { class: mine ? "hand own" : "hand" }, body));
}

function handCard(game, code, index, pick) {
  const part = `h:${index}`;
  const selected = S.selected.includes(part);
  const can = pick.tappable.has(part);
  return cardElement(game, code === null ? null : String(code), {
    tap: can ? () => tap(part) : null,
    state: selected ? "selected" : can ? "legal" : "",
    label: code === null ? "" : card(game, code),
  });
}

function grid(g, mine, pick) {
  const seatGrid = el("div", { class: "grid", style: `--cols:${Math.max(g.cols, 1)}` });
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const part = `g:${r}:${c}`;
      const can = mine && pick.tappable.has(part);
      const code = g.up[r][c] ? g.cards[r][c] : null;
      const node = cardElement("blanco", code, {
        tap: can ? () => tap(part) : null,
        state: [S.selected.includes(part) && mine ? "selected" : can ? "legal" : "", g.known[r][c] ? "known" : ""].join(" "),
        label: code ? card("blanco", code) : "",
      });
      if (g.known[r][c] && g.cards[r][c]) node.append(el("span", { class: "peeked" }, card("blanco", g.cards[r][c])));
      seatGrid.append(node);
    }
  }
  return seatGrid;
}

function pile(label, node) {
  return el("div", { class: "pile" }, node, el("span", { class: "dim" }, label));
}

function centre(game, view) {
  if (game === "quando") {
    return [
      pile(format(_("Draw pile: {n}"), { n: view.draw.count }), cardElement(game, view.draw.count ? String(view.draw.top) : null)),
      pile(_("Discard pile"), view.discard.length
        ? el("div", { class: "fan" }, view.discard.slice(-6).map((n) => cardElement(game, String(n))))
        : el("div", { class: "card empty" })),
    ];
  }
  if (game === "blanco") {
    const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
    return [
      pile(format(_("Draw pile: {n}"), { n: view.draw.count }), cardElement(game, null)),
      pile(_("Discard pile"), top ? cardElement(game, top) : el("div", { class: "card empty" })),
      el("p", { class: "dim" }, format(ngettext("Box: {n} removed", "Box: {n} removed", view.box.length), { n: view.box.length }), " · ",
        format(_("turn {n} of at most {total}"), { n: grouped(Math.min(view.turns + 1, view.max_turns)), total: grouped(view.max_turns) })),
    ];
  }
  return [
    pile(format(_("Draw pile: {n}"), { n: view.draw.count }), cardElement(game, null)),
    el("div", { class: "row-cards" }, view.row.slice(-8).map((code, i, shown) => {
      const named = view.named[view.named.length - shown.length + i];
      const node = cardElement(game, code, { label: card(game, code) });
      if (named) node.append(el("span", { class: "named" }, card(game, code), " → ", suitName(named)));
      if (i === shown.length - 1) node.classList.add("current");  // the card a play follows
      return node;
    })),
    el("p", { class: "dim" }, format(_("Run: {run}"), { run: view.run })),
  ];
}

/** A table of `rows` (seats) by `columns`; `under`, if given, heads the names' column and
 * says on a line under each name what it heads (a phone has no width for one more column). */
function scoreTable(rows, columns, winners = [], under = null) {
  return el("table", { class: "scores" },
    el("tr", {}, el("th", {}, under ? under.title : ""), columns.map((c) => el("th", {}, c.title))),
    rows.map((seat) => el("tr", { class: winners.includes(seat) ? "winner" : "" },
      el("td", {}, winners.includes(seat)
        ? format(_("{name} – winner"), { name: plainName(seat) }) : plainName(seat),
      under ? el("div", { class: "under" }, under.value(seat)) : null),
      columns.map((c) => el("td", {}, c.value(seat))))));
}

function roundTable(view) {
  const e = S.summary.round;
  const seats = [...Array(view.players).keys()];
  const reason = e.reason === "knock"
    ? _("The round ended because everybody had a last turn after the knock.")
    : _("The round ended because a player held nothing but zeros.");
  return [el("h3", {}, format(_("Round {n} is over"), { n: e.round + 1 })),
    el("p", { class: "dim" }, reason),
    scoreTable(seats, [
      { title: _("Sum"), value: (s) => e.sums[s] },
      { title: _("Round"), value: (s) => roundScore(e, s) },
      { title: _("Total"), value: (s) => e.totals[s] },
    ], [], { title: _("Hand (fronts)"), value: (s) => e.hands[s].join(" ") })];
}

/** A seat's score in Quando's round summary, said as the pygame client's summary says it:
 * the knock and its penalty, or a zero for the lowest hand. */
function roundScore(e, seat) {
  const score = e.scores[seat];
  if (seat === e.knocker) {
    return format(e.knock_penalty ? _("{score} (knock +5)") : _("{score} – knocked"), { score });
  }
  return score === 0 && e.sums[seat] === Math.min(...e.sums) ? _("0 – lowest!") : String(score);
}

function roundSummary(game, view) {
  return el("div", { class: "overlay", role: "dialog" }, el("div", { class: "panel" },
    roundTable(view),
    el("button", { id: "close-summary", onclick: () => { S.summary = null; render(); } }, _("Continue"))));
}

function gameOver(game, view) {
  const result = S.result || view.result;
  if (!result) return null;
  // In order, the winners first: every game's lowest score wins.
  const seats = [...Array(view.players).keys()].sort((a, b) => result.scores[a] - result.scores[b]);
  const won = result.winners.includes(view.seat);
  const title = won ? (result.winners.length > 1 ? _("You share the win!") : _("You win!"))
    : result.winners.length === 1 ? format(_("Game over: {name} wins"), { name: plainName(result.winners[0]) })
      : format(_("Game over: {names} win"), { names: result.winners.map(plainName).join(", ") });
  return el("div", { class: "overlay", role: "dialog", id: "game-over" }, el("div", { class: "panel" },
    el("h2", {}, title),
    el("p", { class: "dim" }, _(SCORES[game])),
    scoreTable(seats, [{ title: _("Scores"), value: (s) => result.scores[s] }], result.winners),
    S.ending in ENDINGS ? el("p", { class: "dim" }, _(ENDINGS[S.ending])) : null,
    S.summary ? roundTable(view) : null,
    el("div", { class: "row" },
      S.rematch ? el("button", { id: "rematch", onclick: () => joinRematch(S.rematch) }, _("Join the rematch"))
        : S.seat !== null ? el("button", { id: "rematch", onclick: () => { S.askedRematch = true; send({ t: "rematch", room: S.roomId }); } }, _("Rematch")) : null,
      el("button", { id: "see-table", onclick: () => { S.overHidden = true; render(); } }, _("See the table")),
      el("button", { id: "back-to-lobby", onclick: leave }, _("Back to the list")))));
}

// -- start -----------------------------------------------------------------------------------

async function main() {
  await Promise.all([setLanguage(localStorage.getItem("cardtable.language") || browserLanguage()), loadCards(),
    fetch("games.json").then((r) => r.json()).then((games) => { S.games = games; })]);
  const name = new URLSearchParams(location.search).get("name");
  if (name) S.name = name;
  if (S.name) {
    // Back after a reload (or a phone's sleep): straight in, the kept seats are resumed.
    S.notice = _("Connecting…");
    connect();
  }
  render();
}

main();
