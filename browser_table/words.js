// Each step and each legal action in the player's words – the same phrases as the pygame
// table's move log and hints (game/client/steps.py), from the same catalogue entries.
import { _, N_, format, ngettext } from "./i18n.js";

const SUIT_NAMES = { moons: N_("moons"), suns: N_("suns"), waves: N_("waves"),
  leaves: N_("leaves"), wyrms: N_("wyrms"), knots: N_("knots") };
// A Blanco card's name and a Decktet ace's, each a whole catalogue entry – the desktop's own
// (game/client/steps.py: BLANCO_CARDS, ACES, ACE_TITLES), as each language orders and
// inflects the words its own way.
const BLANCO_CARDS = { red: N_("red {number}"), orange: N_("orange {number}"),
  yellow: N_("yellow {number}"), lime: N_("lime {number}"), green: N_("green {number}"),
  sky: N_("sky {number}"), navy: N_("navy {number}"), purple: N_("purple {number}"),
  pink: N_("pink {number}"), brown: N_("brown {number}") };
const ACES = { moons: N_("the Ace of Moons"), suns: N_("the Ace of Suns"),
  waves: N_("the Ace of Waves"), leaves: N_("the Ace of Leaves"), wyrms: N_("the Ace of Wyrms"),
  knots: N_("the Ace of Knots") };
const ACE_TITLES = { moons: N_("Ace of Moons"), suns: N_("Ace of Suns"), waves: N_("Ace of Waves"),
  leaves: N_("Ace of Leaves"), wyrms: N_("Ace of Wyrms"), knots: N_("Ace of Knots") };

const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export function suitName(suit) {
  return suit in SUIT_NAMES ? _(SUIT_NAMES[suit]) : suit;
}

/** A Decktet ace's title as its face prints it ("Ace of Knots"), in the player's words. */
export function aceTitle(suit) {
  return suit in ACE_TITLES ? _(ACE_TITLES[suit]) : suit;
}

/** The Decktet card's own name in English ("Chance Meeting"), as the Decktet prints it. */
export function decktetName(code) {
  return code.replace("#2", "").split("-").map(capital).join(" ");
}

/** A card code in words: "the Ace of Knots", "sky 7", "6". */
export function card(game, code) {
  const text = String(code);
  if (game === "quasenbo") {
    const base = text.replace("#2", "");
    const suit = base.startsWith("ace-") ? base.slice(4) : null;
    if (suit in ACES) return _(ACES[suit]);
    if (base === "excuse") return _("the Excuse");
    return format(_("the {name}"), { name: decktetName(base) });
  }
  const [colour, number] = text.split(":");
  if (number !== undefined) {
    return colour in BLANCO_CARDS ? format(_(BLANCO_CARDS[colour]), { number }) : `${colour} ${number}`;
  }
  return text;
}

const cards = (game, codes) => codes.map((c) => card(game, c)).join(", ");
const ascending = (numbers) => [...numbers].sort((a, b) => a - b);
const where = (pos) => format(_("row {row}, column {col}"), { row: pos[0] + 1, col: pos[1] + 1 });

function winners(event, name) {
  const list = event.result.winners.map(name);
  if (list.length === 1) return format(_("Game over: {name} wins"), { name: list[0] });
  return format(_("Game over: {names} win"), { names: list.join(", ") });
}

function quando(e, name) {
  const who = "seat" in e ? name(e.seat) : "";
  switch (e.type) {
    case "deal": return format(_("Round {round} dealt, {name} begins"), { round: e.round + 1, name: name(e.first) });
    case "play": {
      const c = cards("quando", ascending(e.fronts));  // a run reads 1, 2, 3 as picked
      return format(e.triplet ? _("{name} plays {cards} – a triplet!") : _("{name} plays {cards}"), { name: who, cards: c });
    }
    case "draw": {
      const up = e.side === "up";
      if ("front" in e) {
        return format(up ? _("{name} draws {card} from the visible side") : _("{name} draws {card} from the hidden side"), { name: who, card: e.front });
      }
      return format(up ? _("{name} draws from the visible side: a card with {back} on its back")
        : _("{name} draws from the hidden side: a card with {back} on its back"), { name: who, back: e.back });
    }
    case "turn_over": return _("The discard pile is turned over into a new draw pile");
    case "flip":
      if ("front" in e) return format(_("{name} flips a zero: {card}"), { name: who, card: e.front });
      return format(_("{name} flips a zero"), { name: who });
    case "knock": return format(_("{name} knocks"), { name: who });
    case "pass": return format(_("{name} passes"), { name: who });
    case "round_end": {
      const scores = e.scores.map((v, s) => format(_("{name} {points}"), { name: name(s), points: v })).join(", ");
      return format(_("Round {round} over: {scores}"), { round: e.round + 1, scores });
    }
  }
  return null;
}

function blanco(e, name) {
  const who = "seat" in e ? name(e.seat) : "";
  switch (e.type) {
    case "reveal": return format(_("{name} turns up {card} at {where}"), { name: who, card: card("blanco", e.card), where: where(e.pos) });
    case "peek":
      if ("card" in e) return format(_("{name} looks at {where}: {card}"), { name: who, where: where(e.pos), card: card("blanco", e.card) });
      return format(_("{name} looks at {where}"), { name: who, where: where(e.pos) });
    case "take": {
      const what = e.card ? card("blanco", e.card) : null;
      if (e.source === "deck") {
        return what === null ? format(_("{name} takes a card from the deck"), { name: who })
          : format(_("{name} takes {card} from the deck"), { name: who, card: what });
      }
      return what === null ? format(_("{name} takes a card from the discard pile"), { name: who })
        : format(_("{name} takes {card} from the discard pile"), { name: who, card: what });
    }
    case "discard": return format(_("{name} discards {card}"), { name: who, card: card("blanco", e.card) });
    case "place":
      return format(_("{name} places {card} at {where}, {old} goes to the discard pile"),
        { name: who, card: card("blanco", e.card), where: where(e.pos), old: card("blanco", e.replaced) });
    case "swap": return format(_("{name} swaps {where} and {other}"), { name: who, where: where(e.pos), other: where(e.other) });
    case "eliminate": {
      const row = e.line === "row";
      let text = row ? _("{name} removes row {number}: {cards}") : _("{name} removes column {number}: {cards}");
      if (e.chain) text = row ? _("Chain reaction! {name} removes row {number}: {cards}") : _("Chain reaction! {name} removes column {number}: {cards}");
      return format(text, { name: who, number: e.index + 1, cards: cards("blanco", e.cards) });
    }
    case "reshuffle": {
      const count = e.draw.count;
      return format(ngettext("The discard pile and the box are shuffled into a new deck of {count} card",
        "The discard pile and the box are shuffled into a new deck of {count} cards", count), { count });
    }
    case "stage": return format(_("{name} reaches stage {stage}: a {rows} × {cols} grid"), { name: who, stage: e.stage, rows: e.rows, cols: e.cols });
    case "skip": return format(_("{name} does not look"), { name: who });
    case "keep": return format(_("{name} keeps the card hidden"), { name: who });
  }
  return null;
}

function quasenbo(e, name) {
  const who = "seat" in e ? name(e.seat) : "";
  switch (e.type) {
    case "play": {
      const what = card("quasenbo", e.card);
      const run = e.run || 0;
      if (e.suit) {
        const suit = suitName(e.suit);
        return run >= 2 ? format(_("{name} plays {card} as {suit}, a run of {run}"), { name: who, card: what, suit, run })
          : format(_("{name} plays {card} as {suit}"), { name: who, card: what, suit });
      }
      return run >= 2 ? format(_("{name} plays {card}, a run of {run}"), { name: who, card: what, run })
        : format(_("{name} plays {card}"), { name: who, card: what });
    }
    case "penalty":
      return format(ngettext("Quäsenbö! {name} draws a penalty card", "Quäsenbö! {name} draws {count} penalty cards", e.count), { name: who, count: e.count });
    case "draw": {
      const drawn = e.card ? card("quasenbo", e.card) : null;
      if (e.penalty) return drawn === null ? "" : format(_("{name} draws {card} as a penalty"), { name: who, card: drawn });
      return drawn === null ? format(_("{name} draws a card"), { name: who }) : format(_("{name} draws {card}"), { name: who, card: drawn });
    }
    case "reshuffle":
      return format(ngettext("The row is shuffled into a new draw pile of {count} card",
        "The row is shuffled into a new draw pile of {count} cards", e.draw), { count: e.draw });
    case "pass": return format(_("{name} passes"), { name: who });
  }
  return null;
}

const EVENTS = { quando, blanco, quasenbo };

/** One event as a phrase; null for `next`, "" for what a line before already told. */
export function eventWords(game, event, name) {
  if (event.type === "next") return null;
  if (event.type === "draw_skipped") {
    const count = event.count ?? 1;
    return format(ngettext("No card left to draw", "No cards left to draw ({count} not drawn)", count), { count });
  }
  if (event.type === "game_over") return winners(event, name);
  try {
    return EVENTS[game](event, name) ?? event.type;
  } catch {
    return event.type;
  }
}

/** `event` with what every seat saw of it beyond what this seat was sent, from the seat's
 * `view` before it (steps.blanco_seen): the card a take from Blanco's discard pile takes. */
export function seen(game, event, view) {
  if (game === "blanco" && event.type === "take" && event.source === "discard" && !event.card
      && view && view.discard.length) {
    return { ...event, card: view.discard[view.discard.length - 1] };
  }
  return event;
}

/** The game so far as a seat taken back is sent it (`steps`: {step, seat, events}, no view
 * between them), each event completed by `seen` from the discard pile's top as the events
 * before it built it (steps.blanco_recalled); a card there since the deal stays unnamed. */
export function recalled(game, steps) {
  let pile = [];  // the pile's top as far as the events tell, newest last
  return steps.map((s) => ({ ...s, events: s.events.map((e) => {
    const told = seen(game, e, { discard: pile });
    if (e.type === "take" && e.source === "discard") pile.pop();
    else if (e.type === "discard") pile.push(e.card);
    else if (e.type === "place") pile.push(e.replaced);
    else if (e.type === "reshuffle") pile = [...e.discard];
    return told;
  }) }));
}

/** A step's events as one line, phrases joined by " · ". */
export function eventsLine(game, events, name) {
  return events.map((e) => eventWords(game, e, name)).filter(Boolean).join(" · ");
}

/** A legal action as a suggestion to the player whose view this is ("play 3, 3", "knock"),
 * worded from the view as steps.advice_words does; RULES.md's notation where it cannot be. */
export function actionWords(game, action, view) {
  try {
    const words = ACTIONS[game](action, view);
    if (words) return words;
  } catch { /* a shape the view does not fit: the notation below */ }
  return JSON.stringify(action);
}

const ACTIONS = {
  quando(action, view) {
    const verb = action[0];
    if (verb === "play") {
      const fronts = ascending(action[1].map((i) => view.hands[view.seat].fronts[i]));
      const c = cards("quando", fronts);
      if (fronts.length === 3 && new Set(fronts).size === 1) return format(_("play {cards} – a triplet"), { cards: c });
      return format(_("play {cards}"), { cards: c });
    }
    if (verb === "draw") return action[1] === "up" ? _("draw from the visible side") : _("draw from the hidden side");
    return { flip: _("flip a zero"), knock: _("knock"), pass: _("pass") }[verb];
  },
  blanco(action, view) {
    const verb = action[0];
    const hand = view.hands[view.seat];
    switch (verb) {
      case "take":
        if (action[1] === "discard" && view.discard.length) {
          return format(_("take {card} from the discard pile"), { card: card("blanco", view.discard[view.discard.length - 1]) });
        }
        return _("take a card from the deck");
      case "discard": {
        const what = card("blanco", hand[action[1]]);
        if (action.length === 4) return format(_("discard {card} and turn up {where}"), { card: what, where: where(action.slice(2)) });
        return format(_("discard {card}"), { card: what });
      }
      case "place": return format(_("place {card} at {where}"), { card: card("blanco", hand[action[1]]), where: where(action.slice(2)) });
      case "swap": {
        const a = where(action.slice(1, 3)), b = where(action.slice(3, 5));
        if (action.length === 6) {
          const turned = where(action[5] === 0 ? action.slice(1, 3) : action.slice(3, 5));
          return format(_("swap {where} and {other}, turning up the card from {turned}"), { where: a, other: b, turned });
        }
        return format(_("swap {where} and {other}"), { where: a, other: b });
      }
      case "eliminate":
        return format(action[1] === "row" ? _("remove row {number}") : _("remove column {number}"), { number: action[2] + 1 });
      case "reveal":
        if (action.length === 1) return _("turn the card you looked at face up");
        return format(_("turn up {where}"), { where: where(action.slice(1, 3)) });
      case "peek": return format(_("look at {where}"), { where: where(action.slice(1, 3)) });
      case "skip": return _("do not look");
      case "keep": return _("keep the card hidden");
    }
    return null;
  },
  quasenbo(action, view) {
    const verb = action[0];
    if (verb === "play") {
      const what = card("quasenbo", view.hands[view.seat][action[1]]);
      if (action.length === 3) return format(_("play {card} as {suit}"), { card: what, suit: suitName(action[2]) });
      return format(_("play {card}"), { card: what });
    }
    return { draw: _("draw a card"), pass: _("pass") }[verb];
  },
};
