// The page's model of its seat's view: the last full view advanced by each update's events
// exactly as docs/protocol.md's event tables say (game.rules.update_view in Python), and
// checked against the update's digest – a mismatch asks the server for a full view.
import { encode } from "./vendor/msgpack.js";
import { sha256 } from "./sha256.js";

/** The view digest: the first 8 bytes of SHA-256 of the view's canonical msgpack. */
export function viewDigest(view) {
  return sha256(encode(view, { sortKeys: true, useBigInt64: true })).slice(0, 8);
}

export function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const copy = (x) => structuredClone(x);
const copyResult = (r) => (r == null ? null : { scores: [...r.scores], winners: [...r.winners] });

function quando(view, e) {
  switch (e.type) {
    case "deal":
      Object.assign(view, { round: e.round, dealer: e.dealer, active: e.first,
        hands: copy(e.hands), draw: copy(e.draw), discard: [],
        plays: new Array(view.players).fill(0), knocker: null });
      break;
    case "play": {
      const hand = view.hands[e.seat];
      const side = "fronts" in hand ? hand.fronts : hand.backs;
      for (const i of [...e.indices].reverse()) side.splice(i, 1);
      view.discard.push(...e.fronts);
      view.plays[e.seat] += 1;
      break;
    }
    case "draw": {
      const hand = view.hands[e.seat];
      if ("front" in e) hand.fronts.push(e.front); else hand.backs.push(e.back);
      view.draw = copy(e.draw);
      break;
    }
    case "turn_over": view.draw = copy(e.draw); view.discard = []; break;
    case "flip": {
      const hand = view.hands[e.seat];
      if ("front" in e) hand.fronts[e.index] = e.front; else hand.backs[e.index] = e.back;
      break;
    }
    case "knock": view.knocker = e.seat; break;
    case "round_end": {
      view.totals = [...e.totals];
      const summary = copy(e);
      delete summary.type;
      view.last_round = summary;
      break;
    }
    case "game_over": view.result = copyResult(e.result); break;
    case "next":
      Object.assign(view, { to_move: e.to_move, phase: e.phase, active: e.active,
        penalty: [...e.penalty] });
      break;
  }
}

function blanco(view, e) {
  const grid = "seat" in e ? view.grids[e.seat] : null;
  switch (e.type) {
    case "reveal": {
      const [r, c] = e.pos;
      grid.cards[r][c] = e.card; grid.up[r][c] = true; grid.known[r][c] = false;
      break;
    }
    case "peek": {
      const [r, c] = e.pos;
      grid.known[r][c] = true;
      if ("card" in e) grid.cards[r][c] = e.card;
      break;
    }
    case "take":
      if (e.source === "discard") view.discard.pop();
      view.hands[e.seat].push("card" in e ? e.card : null);
      view.draw = copy(e.draw);
      break;
    case "discard":
      view.hands[e.seat].splice(e.index, 1);
      view.discard.push(e.card);
      break;
    case "place": {
      view.hands[e.seat].splice(e.index, 1);
      const [r, c] = e.pos;
      grid.cards[r][c] = e.card; grid.up[r][c] = true; grid.known[r][c] = false;
      view.discard.push(e.replaced);
      break;
    }
    case "swap": {
      const [[r1, c1], [r2, c2]] = [e.pos, e.other];
      for (const key of ["cards", "up", "known"]) {
        const m = grid[key];
        [m[r1][c1], m[r2][c2]] = [m[r2][c2], m[r1][c1]];
      }
      break;
    }
    case "eliminate":
      for (const key of ["cards", "up", "known"]) {
        if (e.line === "row") grid[key].splice(e.index, 1);
        else for (const row of grid[key]) row.splice(e.index, 1);
      }
      if (e.line === "row") grid.rows -= 1; else grid.cols -= 1;
      if (grid.rows === 0 || grid.cols === 0) {
        Object.assign(grid, { rows: 0, cols: 0, cards: [], up: [], known: [] });
      }
      view.box.push(...e.cards);
      break;
    case "reshuffle":
      view.draw = copy(e.draw); view.discard = [...e.discard]; view.box = [...e.box];
      break;
    case "stage": {
      const rows = e.rows, cols = e.cols;
      const fill = (x) => Array.from({ length: rows }, () => new Array(cols).fill(x));
      view.grids[e.seat] = { stage: e.stage, rows, cols, cards: fill(null), up: fill(false),
        known: fill(false) };
      view.draw = copy(e.draw);
      break;
    }
    case "game_over": view.result = copyResult(e.result); break;
    case "next":
      Object.assign(view, { to_move: e.to_move, phase: e.phase, turns: e.turns, chain: e.chain,
        peeked: e.peeked == null ? null : [...e.peeked] });
      break;
  }
}

function quasenbo(view, e) {
  switch (e.type) {
    case "play": {
      view.hand_sizes[e.seat] -= 1;
      const hand = view.hands[e.seat];
      if (hand != null) hand.splice(e.index, 1);
      view.row.push(e.card);
      view.named.push(e.suit);
      view.run = e.run;
      view.passes = 0;
      break;
    }
    case "draw":
      view.hand_sizes[e.seat] += 1;
      if ("card" in e) view.hands[e.seat].push(e.card);
      view.draw = { count: e.draw };
      break;
    case "reshuffle":
      view.row = view.row.slice(-e.kept);
      view.named = view.named.slice(-e.kept);
      view.draw = { count: e.draw };
      view.run = e.run;
      break;
    case "pass": view.passes = e.passes; break;
    case "game_over": view.result = copyResult(e.result); break;
    case "next": view.to_move = e.to_move; view.phase = e.phase; break;
  }
}

const GAMES = { quando, blanco, quasenbo };

/** Advance `view` (in place) by one event of its game. */
export function applyEvent(view, event) {
  GAMES[view.game](view, event);
}
