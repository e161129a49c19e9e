// Cards drawn as the pygame table draws them (game/client/cards.py): the same geometry in card
// units (a card is 1 wide and 1.4 high), the same colours and symbols, read from cards.json,
// which game.client.webcards writes from the pygame client's palette and shapes.
import { _ } from "./i18n.js";
import { aceTitle, decktetName } from "./words.js";

const A = 1.4;
let F = null;

export async function loadCards() {
  F = await (await fetch("cards.json")).json();
}

function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return "#" + pa.map((x, i) => Math.round(x + (pb[i] - x) * t).toString(16).padStart(2, "0")).join("");
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
const rrect = (fill, x, y, w, h, r, stroke = null, sw = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${stroke ? "none" : fill}"${stroke ? ` stroke="${stroke}" stroke-width="${sw}"` : ""}/>`;
const text = (s, fill, x, y, size, anchor = "middle") =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" dominant-baseline="central">${esc(s)}</text>`;
const symbol = (markup, cx, cy, size, fill, detail = null, outline = null, ow = 0) => {
  // Strokes carry their own width; filled parts get none unless outlined in ink.
  const style = `fill:${fill};stroke:${outline || fill};stroke-width:${outline ? ow / size : 0};paint-order:stroke`;
  const parts = markup.replace(/<(\w+) class="detail"([^>]*)>/g, (whole, tag, rest) =>
    `<${tag}${rest.includes('fill="none"') ? ` style="stroke:${detail}"` : ` style="fill:${detail}"`}${rest}>`);
  return `<g transform="translate(${cx} ${cy}) scale(${size})" style="${style}">${parts}</g>`;
};
const RADIUS = 0.075;

function body(face, edge) {
  return rrect(face, 0, 0, 1, A, RADIUS) + rrect(null, 0.006, 0.006, 0.988, A - 0.012, RADIUS, edge, 0.012);
}

function quandoFace(n) {
  const col = F.quando.numbers[n];
  return body(F.card.face, F.card.edge)
    + rrect(null, 0.045, 0.045, 0.91, A - 0.09, RADIUS - 0.03, mix(F.card.face, col, 0.5), 0.014)
    + `<circle cx="0.5" cy="${A / 2}" r="0.38" fill="${mix(F.card.face, col, 0.13)}"/>`
    + text(n, col, 0.5, A / 2 + 0.02, 0.5)
    + text(n, col, 0.1, 0.18, 0.19, "start")
    + `<g transform="rotate(180 0.5 ${A / 2})">${text(n, col, 0.1, 0.18, 0.19, "start")}</g>`;
}

function banner(word, fill, edge, ink) {
  return rrect(edge, 0.04, A / 2 - 0.105, 0.92, 0.21, 0.03) + rrect(fill, 0.055, A / 2 - 0.09, 0.89, 0.18, 0.02)
    + text(word, ink, 0.5, A / 2 + 0.005, 0.11);
}

function quandoBack() {
  const back = F.quando.back;
  let dots = "";
  F.quando.numbers.forEach((col, n) => {
    const step = Math.PI / 12;
    for (const ang of [Math.PI + step * (n + 1), Math.PI - step * (n + 1)]) {
      dots += `<circle cx="${0.5 + 0.36 * Math.cos(ang)}" cy="${A / 2 + 0.36 * Math.sin(ang)}" r="0.04" fill="${mix(col, "#ffffff", 0.15)}"/>`;
    }
  });
  return body(back, mix(back, "#000000", 0.4))
    + `<rect x="0.06" y="0.06" width="0.88" height="${A - 0.12}" fill="url(#qlines)"/>`
    + rrect(null, 0.06, 0.06, 0.88, A - 0.12, 0.04, mix(back, "#ffffff", 0.55), 0.012)
    + `<circle cx="0.5" cy="${A / 2}" r="0.44" fill="${back}" stroke="${mix(back, "#ffffff", 0.3)}" stroke-width="0.008"/>`
    + dots + banner("QUANDO", mix(back, "#000000", 0.35), mix(back, "#ffffff", 0.55), "#f6f2e6");
}

const BOLT = [[0.56, 0.0], [0.12, 0.56], [0.44, 0.56], [0.26, 1.0], [0.88, 0.4], [0.55, 0.4], [0.8, 0.0]];

function blancoFace(colour, number) {
  const c = F.blanco.colours[colour];
  const bolt = BOLT.map(([x, y]) => `${0.08 + x * 0.84},${0.07 + y * (A - 0.14)}`).join(" ");
  const index = (rot) => `<g${rot ? ` transform="rotate(180 0.5 ${A / 2})"` : ""}>${text(number, F.card.ink, 0.19, 0.16, 0.19)}`
    + symbol(c.symbol, 0.19, 0.39, 0.19, c.rgb, null, F.card.ink, Math.max(0.012, 0.19 * 0.08)) + "</g>";
  return body(F.card.face, F.card.edge)
    + `<polygon points="${bolt}" fill="${c.rgb}" stroke="${c.dark}" stroke-width="0.014" stroke-linejoin="round"/>`
    + `<circle cx="0.5" cy="${A / 2 + 0.01}" r="0.225" fill="${c.dark}"/><circle cx="0.5" cy="${A / 2 + 0.01}" r="0.21" fill="${c.rgb}"/>`
    + `<circle cx="0.5" cy="${A / 2 + 0.01}" r="0.175" fill="${F.card.face}"/>`
    + text(number, F.card.ink, 0.5, A / 2 + 0.02, 0.22) + index(false) + index(true);
}

function blancoBack() {
  let bolts = "";
  const colours = Object.keys(F.blanco.colours);
  let k = 0;
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 5; c++) {
      const x = 0.06 + (c + (r % 2 ? 0.5 : 0)) * 0.88 / 4 - 0.11;
      const y = 0.06 + r * (A - 0.12) / 6 - 0.1;
      const rgb = F.blanco.colours[colours[k % colours.length]].rgb;
      k += 3;
      bolts += `<polygon points="${BOLT.map(([px, py]) => `${x + px * 0.12},${y + py * 0.2}`).join(" ")}" fill="${rgb}"/>`;
    }
  }
  return body(F.blanco.back, F.blanco.back_edge) + `<g clip-path="url(#inner)">${bolts}</g>`
    + rrect(null, 0.06, 0.06, 0.88, A - 0.12, 0.04, F.blanco.back_edge, 0.018)
    + banner("BLANCO", F.blanco.back_edge, F.blanco.back, F.blanco.back);
}

function suitSymbol(suit, cx, cy, size) {
  const s = F.quasenbo.suits[suit];
  return symbol(s.symbol, cx, cy, size, s.rgb, s.detail);
}

function decktetFace(code) {
  const base = code.replace("#2", "");
  const [rank, suits] = F.quasenbo.cards[base];
  if (base === "excuse") return excuseFace();
  let out = body(F.card.parchment, F.card.edge);
  out += rank === "C" ? symbol(F.quasenbo.crown, 0.175, 0.165, 0.23, F.quasenbo.excuse_gold, null, F.card.ink, 0.012)
    : text(rank, F.card.ink, 0.175, 0.17, 0.19);
  suits.forEach((suit, i) => { out += suitSymbol(suit, 0.175, 0.42 + i * 0.26, 0.23); });
  const [px, py, pw, ph] = [0.35, 0.06, 0.59, A - 0.36];
  const tint = mix(F.card.parchment, F.quasenbo.suits[suits[0]].rgb, 0.12);
  out += rrect(tint, px, py, pw, ph, 0.05) + rrect(null, px, py, pw, ph, 0.05, mix(F.card.parchment, F.card.edge, 0.6), 0.01);
  const cx = px + pw / 2;
  if (suits.length === 1) {
    if (rank === "C") {
      out += symbol(F.quasenbo.crown, cx, py + 0.17, 0.3, F.quasenbo.excuse_gold, null, F.card.ink, 0.012);
      out += suitSymbol(suits[0], cx, py + ph / 2 + 0.1, 0.46);
    } else {
      out += suitSymbol(suits[0], cx, py + ph / 2, 0.5);
    }
  } else {
    const size = suits.length === 2 ? 0.4 : 0.3;
    const gap = (ph - 0.06) / suits.length;
    suits.forEach((suit, i) => { out += suitSymbol(suit, cx, py + 0.03 + gap * (i + 0.5), size); });
  }
  const name = base.startsWith("ace-") ? aceTitle(base.slice(4)) : decktetName(base);
  return out + faceWords(name, F.card.ink, A - 0.16);
}

function faceWords(words, fill, y) {
  const size = Math.min(0.13, 1.55 / Math.max(words.length, 1));
  return text(words, fill, 0.5, y, size);
}

function excuseFace() {
  const gold = F.quasenbo.excuse_gold, face = F.quasenbo.excuse_face;
  const cy = A / 2 - 0.1;
  return rrect(face, 0, 0, 1, A, RADIUS) + rrect(null, 0.05, 0.05, 0.9, A - 0.1, RADIUS - 0.03, gold, 0.014)
    + symbol(F.quasenbo.star, 0.17, 0.17, 0.18, gold)
    + `<g transform="rotate(180 0.5 ${A / 2})">${symbol(F.quasenbo.star, 0.17, 0.17, 0.18, gold)}</g>`
    + `<circle cx="0.5" cy="${cy}" r="0.3" fill="${mix(face, gold, 0.25)}"/>`
    + symbol(F.quasenbo.star, 0.5, cy, 0.5, gold) + `<circle cx="0.5" cy="${cy}" r="0.07" fill="${face}"/>`
    + faceWords(_("Excuse"), gold, A - 0.33);
}

function decktetBack() {
  const back = F.quasenbo.back, line = F.quasenbo.back_line;
  let ring = "";
  Object.keys(F.quasenbo.suits).forEach((suit, i) => {
    const ang = -Math.PI / 2 + 2 * Math.PI * i / 6;
    ring += suitSymbol(suit, 0.5 + 0.31 * Math.cos(ang), A / 2 + 0.31 * Math.sin(ang), 0.17);
  });
  return body(back, mix(back, "#000000", 0.5)) + rrect(null, 0.06, 0.06, 0.88, A - 0.12, 0.04, line, 0.014)
    + `<circle cx="0.5" cy="${A / 2}" r="0.43" fill="${back}" stroke="${line}" stroke-width="0.01"/>`
    + ring + banner("DECKTET", back, line, line);
}

const DEFS = () => `<defs><clipPath id="inner"><rect x="0.06" y="0.06" width="0.88" height="${A - 0.12}"/></clipPath>`
  + `<pattern id="qlines" width="0.14" height="0.14" patternUnits="userSpaceOnUse"><path d="M0,0 L0.14,0.14 M0.14,0 L0,0.14" stroke="${F.quando.back_line}" stroke-width="0.008"/></pattern></defs>`;

const cache = new Map();

/** The SVG of a card: `code` as the view gives it (null: its back) in `game`. */
export function cardSvg(game, code) {
  const key = `${game}|${code}`;
  if (!cache.has(key)) {
    let inner;
    if (code === null || code === undefined) inner = { quando: quandoBack, blanco: blancoBack, quasenbo: decktetBack }[game]();
    else if (game === "quando") inner = quandoFace(Number(code));
    else if (game === "blanco") inner = blancoFace(...String(code).split(":"));
    else inner = decktetFace(String(code));
    cache.set(key, `<svg viewBox="-0.02 -0.02 1.04 ${A + 0.04}" xmlns="http://www.w3.org/2000/svg">${DEFS()}${inner}</svg>`);
  }
  return cache.get(key);
}

/** Forget the drawn cards: their words are in another language now. */
export function clearCards() {
  cache.clear();
}

/** A card element: a button when it can be tapped. */
export function cardElement(game, code, { tap = null, state = "", label = "" } = {}) {
  const el = document.createElement(tap ? "button" : "div");
  el.className = `card ${state}`.trim();
  el.innerHTML = cardSvg(game, code);
  if (label) el.setAttribute("aria-label", label);
  if (tap) el.addEventListener("click", tap);
  return el;
}
