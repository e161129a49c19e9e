// The page's translations: the server's .po catalogues, served as JSON (/locale/<lang>.json),
// with gettext's `_` and `ngettext`; English is the sources' own text. The strings here are
// extracted into the same template as the pygame client's (python -m game.client.i18n extract).
export const LANGUAGES = { en: "English", it: "Italiano", de: "Deutsch", fr: "Français" };

let messages = {};
let errors = {};
let plural = (n) => (n === 1 ? 0 : 1);
let current = "en";

/** The language the browser prefers among LANGUAGES, else English. */
export function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export function language() {
  return current;
}

/** Switch to `code`: fetch its catalogue (none for English). */
export async function setLanguage(code) {
  if (!(code in LANGUAGES)) code = "en";
  const catalogue = await (await fetch(`locale/${code}.json`)).json();
  messages = catalogue.messages;
  errors = catalogue.errors;
  plural = pluralRule(catalogue.plural);
  current = code;
  document.documentElement.lang = code;
}

export function _(text) {
  const found = messages[text];
  return typeof found === "string" ? found : text;
}

/** `text` in `context` (gettext's pgettext: the catalogue keys it "context\u0004text"), for a
 * word the catalogue translates by its meaning ("Normal" as a bot level, not a speed). */
export function pgettext(context, text) {
  const found = messages[`${context}\u0004${text}`];
  return typeof found === "string" ? found : text;
}

/** An `error` message in the player's words, as the pygame client's refusals.py words it:
 * in English the server's own message; else an engine's refusal from its template and
 * params, any other error from its code. */
export function errorText(message) {
  if (current === "en") return message.message;
  if (message.template) {
    const template = messages[message.template];
    if (typeof template === "string") return format(template, message.params || {});
    return message.message;
  }
  return errors[message.code] ?? message.message;
}

/** Marks a string for extraction where it is defined; `_` translates it where shown. */
export function N_(text) {
  return text;
}

export function ngettext(singular, pluralText, n) {
  const forms = messages[singular];
  if (Array.isArray(forms)) return forms[Math.min(plural(n), forms.length - 1)] ?? singular;
  return n === 1 ? singular : pluralText;
}

/** Python's str.format for named fields: "{name} plays {cards}". */
export function format(text, fields) {
  return text.replace(/\{(\w+)(?::[^}]*)?\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

/** gettext's plural expression (C syntax over n) as a function, parsed without eval: the page
 * runs under a content security policy that forbids it. */
function pluralRule(expression) {
  const tokens = expression.match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>()?:!]/g) || [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const binary = { "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4, "<=": 4, ">=": 4,
    "+": 5, "-": 5, "*": 6, "/": 6, "%": 6 };
  const ops = {
    "||": (a, b) => a || b, "&&": (a, b) => a && b, "==": (a, b) => a === b, "!=": (a, b) => a !== b,
    "<": (a, b) => a < b, ">": (a, b) => a > b, "<=": (a, b) => a <= b, ">=": (a, b) => a >= b,
    "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
    "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
  };
  function primary() {
    const t = take();
    if (t === "(") { const inner = ternary(); take(); return inner; }
    if (t === "!") { const inner = primary(); return (n) => Number(!inner(n)); }
    if (t === "n") return (n) => n;
    const value = Number(t);
    return () => value;
  }
  function climb(level) {
    let left = primary();
    while (binary[peek()] >= level) {
      const op = take();
      const right = climb(binary[op] + 1);
      const l = left;
      left = (n) => Number(ops[op](l(n), right(n)));
    }
    return left;
  }
  function ternary() {
    const test = climb(1);
    if (peek() !== "?") return test;
    take();
    const yes = ternary();
    take();
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  const rule = ternary();
  return (n) => Number(rule(n));
}
