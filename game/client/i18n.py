"""The client's translations: gettext catalogues shipped in the package and compiled in memory,
the current language, plural forms, and numbers and dates in the player's locale.

Every string a player sees passes through `_` (or `ngettext`, or `pgettext` where one English
word has two meanings that other languages word apart: "Normal" as a bot level and as a
speed); module-level constants are marked with `N_` (with a context: `NC_`) and translated
when shown. The `.po` files are the only source: each is compiled into memory the first time
its language is used (Babel's reader and `.mo` writer), so nothing generated is committed or
built at install time.

`python -m game.client.i18n extract|update|compile` keeps the catalogues in step with the
sources (see the README's "Translations")."""

from __future__ import annotations

import argparse
import gettext
import io
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

from game.resources import asset
from net.client import CAUSES, REASONS
from net.schema import ERRORS

if TYPE_CHECKING:  # Babel's parts load where first used: an English table needs none (memory)
    from babel.messages.catalog import Catalog

DOMAIN = "cardtable"
"""The gettext domain: the catalogues are `<lang>/LC_MESSAGES/cardtable.po`."""
SOURCE = "en"
"""The language the sources are written in: it has no catalogue."""
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "de": "Deutsch", "fr": "Français"}
"""Every language the client speaks, each under its own name (as the Settings list it)."""
GROUP: dict[str, str] = {"en": ",", "it": ".", "de": ".", "fr": "\u202f"}
"""How each language groups a whole number's thousands, as Babel writes it from CLDR ("1,000",
"1.000", "1\u202f000"): whole numbers are written without Babel's locale data, ~5 MiB of
memory at a table for the turn limit in Blanco's title (tests/client/test_i18n.py checks that
the two agree)."""
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NC_": ((1, "c"), 2),
    "IllegalAction": None,
    "BadOptions": None,
    "Problem": None,
    "Option": (3,),
}
"""What the extractor collects: the first argument of `_`, `N_` and of the engines'
`IllegalAction`, `BadOptions` and option `Problem` (their refusals are templates), singular
and plural of `ngettext`, the context and message of `pgettext` and `NC_`, and the label of
each engine `Option` (its third argument)."""
SOURCES = ("game", "browser_table")
"""The folders whose strings the template holds: the pygame client's and the browser table's
(its JavaScript: the same catalogue serves both, game/host/web.py)."""
METHODS = [
    ("node_modules/**", "ignore"),
    ("vendor/**", "ignore"),
    ("**.py", "python"),
    ("**.js", "javascript"),
]
"""How each file under SOURCES is read (the page's bundled dependency is not ours)."""
OPTIONS = {"**.js": {"parse_template_string": True}}
"""The page builds much of its text in template literals: without this, a `_()` inside a
`${…}` is not extracted, and the page's catalogue leaves it out."""

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def catalogue(language: str) -> Traversable:
    """The shipped `.po` catalogue of `language` (assets/locale/<language>/LC_MESSAGES)."""
    return asset("locale", language, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of `language` (NullTranslations for the source language).

    Raises KeyError for a language not in LANGUAGES, OSError when its catalogue cannot be
    read."""
    if language not in LANGUAGES:
        raise KeyError(language)
    if language == SOURCE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with catalogue(language).open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def set_language(language: str) -> None:
    """Make `language` the one `_`, `ngettext` and the formatters speak from now on.

    Raises KeyError for a language not in LANGUAGES, OSError when its catalogue cannot be
    read (the current language is then kept)."""
    global _current, _language
    _current = translations(language)
    _language = language


def language() -> str:
    """The current language's code ("en", "it", "de", "fr")."""
    return _language


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The first language of the system's locale that the client speaks: gettext's order of
    LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES, LANG; English when none is."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for entry in environ.get(variable, "").split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
    return SOURCE


def _(text: str) -> str:
    """`text` in the current language (itself when the catalogue has no entry for it)."""
    return _current.gettext(text)


def N_(text: str) -> str:
    """Mark `text` for translation without translating it: for module-level constants, which
    are translated with `_` when shown. Returns `text` unchanged."""
    return text


def pgettext(context: str, text: str) -> str:
    """`text` in the current language as meant in `context` (a catalogue entry of its own, its
    msgctxt): one English word with two meanings ("Normal" the level, "Normal" the speed) is
    two entries, so each language can word and inflect each its own way."""
    return _current.pgettext(context, text)


def NC_(context: str, text: str) -> tuple[str, str]:
    """Mark `text` for translation in `context` without translating it: for module-level
    constants. Returns the pair, which `pgettext(*pair)` translates when shown."""
    return context, text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that suits the count `n`, by the current language's plural
    rules (its catalogue's Plural-Forms); fill it in with `.format(n=…)`."""
    return _current.ngettext(singular, plural, n)


def number(value: float, places: int | None = None) -> str:
    """`value` written as the current language writes numbers ("1,234.5", "1.234,5",
    "1 234,5"); with `places`, exactly that many decimals."""
    return _number(value, places, _language)


@lru_cache(maxsize=4096, typed=True)
def _number(value: float, places: int | None, language: str) -> str:
    """`number` for one language, kept: Babel takes ~0.2 ms a number, and tables write the
    same few (a title's turn count, the piles' sizes) every frame."""
    if isinstance(value, int) and not places:
        return f"{value:,}".replace(",", GROUP[language])
    from babel.numbers import format_decimal

    pattern = None if places is None else "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(value, format=pattern, locale=language)


def percent(value: float, signed: bool = False) -> str:
    """The fraction `value` (0.45) as a whole percentage the way the current language writes
    it ("45%" in English and Italian, "45 %" with a no-break space in German and French);
    `signed` puts "+" before a change that is not negative."""
    from babel.numbers import format_percent

    text = format_percent(value, locale=_language)
    return "+" + text if signed and value >= 0 else text


def date_time(moment: datetime) -> str:
    """`moment` as a short date and time in the current language's usual form."""
    from babel.dates import format_datetime

    return format_datetime(moment, format="short", locale=_language)


def language_name(code: str) -> str:
    """A language's name in that language itself, as the Settings list shows it."""
    return LANGUAGES[code]


# -- the catalogues' upkeep -------------------------------------------------------------------


def template_path(root: Path) -> Path:
    """The template `.pot` in the checkout at `root` (the folder holding game/ and assets/)."""
    return root / "assets" / "locale" / f"{DOMAIN}.pot"


def catalogue_path(root: Path, language: str) -> Path:
    """The `.po` catalogue of `language` in the checkout at `root`."""
    return root / "assets" / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path) -> Catalog:
    """A template catalogue of every marked string under the SOURCES of the checkout at
    `root`, each entry with the files it comes from, of the protocol's error texts
    (net.schema.ERRORS) and of the connection's status reasons and causes (net.client.REASONS,
    CAUSES)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="cardtable", domain=DOMAIN, fuzzy=False)
    for folder in SOURCES:
        found = extract_from_dir(
            root / folder,
            method_map=METHODS,
            options_map=OPTIONS,
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, line, message, comments, context in found:
            where = (f"{folder}/{filename}", line)
            template.add(message, locations=[where], auto_comments=comments, context=context)
    for text in ERRORS.values():  # the protocol's error texts, which the client shows by code
        template.add(text, locations=[("net/schema.py", 0)])
    for text in [*REASONS.values(), *CAUSES.values()]:  # connection news, shown by code too
        template.add(text, locations=[("net/client.py", 0)])
    return template


def write_template(template: Catalog, path: Path) -> None:
    """Write `template` as a `.pot` file at `path`, sorted by message."""
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(
            out, template, width=100, sort_output=True, omit_header=False, include_lineno=False
        )


def update(template: Catalog, root: Path, languages: Iterable[str]) -> dict[str, int]:
    """Bring each language's `.po` in the checkout at `root` in line with `template`: new
    entries added empty, gone ones made obsolete, changed ones marked fuzzy. Returns the
    entries each still lacks."""
    from babel.messages.pofile import read_po, write_po

    missing: dict[str, int] = {}
    for code in languages:
        path = catalogue_path(root, code)
        with path.open("rb") as po:
            catalog = read_po(po, locale=code, domain=DOMAIN)
        catalog.update(template, update_header_comment=False)
        with path.open("wb") as out:
            write_po(
                out,
                catalog,
                width=100,
                sort_output=True,
                ignore_obsolete=True,
                include_lineno=False,
            )
        missing[code] = sum(not complete(m.string, m.fuzzy) for m in catalog if m.id)
    return missing


def complete(string: str | Sequence[str] | None, fuzzy: bool) -> bool:
    """Whether a catalogue entry's translation can be shown: not fuzzy, and no form empty."""
    forms = (string,) if string is None or isinstance(string, str) else string
    return not fuzzy and all(forms)


def compile_all(languages: Iterable[str]) -> dict[str, int]:
    """Compile each language's catalogue as the client does at start-up and count the
    messages it translates. Raises OSError or ValueError for a catalogue that does not read."""
    from babel.messages.pofile import read_po

    counts: dict[str, int] = {}
    for code in languages:
        translations.cache_clear()
        translations(code)
        with catalogue(code).open("rb") as po:
            catalog = read_po(po, locale=code, domain=DOMAIN)
        counts[code] = sum(complete(m.string, m.fuzzy) for m in catalog if m.id)
    return counts


def main(argv: list[str] | None = None) -> int:
    """`python -m game.client.i18n extract|update|compile`: regenerate the template from the
    sources, merge it into each language's catalogue (both in the checkout the command runs
    in), or check that each shipped catalogue compiles."""
    parser = argparse.ArgumentParser(prog="python -m game.client.i18n", description=main.__doc__)
    parser.add_argument("command", choices=("extract", "update", "compile"))
    parser.add_argument(
        "--root",
        type=Path,
        default=Path.cwd(),
        help="the checkout (the folder holding game/ and assets/; default: here)",
    )
    args = parser.parse_args(argv)
    others = [code for code in LANGUAGES if code != SOURCE]
    if args.command == "compile":
        for code, count in compile_all(others).items():
            print(f"{code}: {count} messages")
        return 0
    if not (args.root / "game").is_dir() or not template_path(args.root).is_file():
        parser.error(f"{args.root} is not a checkout (no game/ and assets/locale/ in it)")
    template = extract(args.root)
    write_template(template, template_path(args.root))
    print(f"{template_path(args.root)}: {len(template)} messages")
    if args.command == "update":
        for code, missing in update(template, args.root, others).items():
            print(f"{code}: {missing} entries to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
