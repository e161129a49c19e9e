"""How to play each game, in our own words, for the rules help screen."""

from __future__ import annotations


def unwrap(source: str) -> str:
    """The text as the screen wraps it: the source's line breaks inside a paragraph become
    spaces; a blank line separates paragraphs and each "•" item stands on its own."""
    paragraphs: list[str] = []
    for block in source.strip().split("\n\n"):
        items: list[str] = []
        for line in block.splitlines():
            if line.startswith("•") or not items:
                items.append(line.strip())
            else:
                items[-1] += " " + line.strip()
        paragraphs.append("\n".join(items))
    return "\n\n".join(paragraphs)


RULES: dict[str, tuple[str, str]] = {
    "quando": (
        "Quando",
        unwrap("""
Every card has a number on each side. In your hand you see one side of each card – its front –
and everybody else sees the other side, its back. So you know what the others hold better than
they do, and they know your cards better than you.

Goal: finish rounds with the lowest hand. The game ends when somebody's total reaches the target
(50 unless you chose otherwise); the lowest total wins.

Your turn – do one of these:
• Play one or more cards whose fronts are all equal, or exactly three cards whose fronts are
three numbers in a row (4, 5, 6). Then draw one card.
• Knock, once you have played at least twice this round and nobody has knocked yet. You draw
nothing. Everybody else gets one last turn.
• Pass – only in that last turn after a knock.

Drawing: the top card of the draw pile shows one side. Take it as it lies (the visible side
becomes your front) or turned round (the hidden side becomes your front – a gamble). When the
draw pile runs out, the discard pile is turned over to become the new one.

Triplet: playing three equal numbers makes everyone else pay after your draw: whoever holds a 0
must flip one of their zeros (their front becomes what the others saw), the others draw a card.

A round ends when someone, after playing and drawing, holds nothing but zeros, or when everybody
has had their last turn after a knock. The players with the lowest sum of fronts score 0; the
others score their sum. A knocker who is not alone with the lowest sum scores their sum plus 5.

Keys: click cards to select them, Enter plays them. U / D draw the visible / hidden side, K
knocks, P passes, 1–9 pick cards, Esc clears the selection.
"""),
    ),
    "blanco": (
        "Blanco",
        unwrap("""
Everybody has a grid of face-down cards, first 3 × 3, later 3 × 4. Cards come in ten colours
(each with its own symbol, for colour-blind players) and the numbers 1 to 12.

Goal: empty your grid twice. A line – a whole row or column of at least two cards, all face up –
disappears when it is complete: a column of one colour, or a row of one number. The first to
empty their second grid wins.

Setup: each player turns one grid card face up and looks at another in secret. Cards you have
looked at stay marked for you (an eye on the card) until they turn face up.

Your turn – one of:
• Take the top card of the deck or of the discard pile. Then either place one of your three hand
cards on any grid place (the card there goes face up onto the discard pile), or discard one of
them and turn one of your face-down cards face up.
• Swap two neighbouring grid cards (side by side or one above the other). If one was face down
it turns face up; if both were, you choose which one turns up – without looking.

When lines are complete they go into the box and the grid closes up. If several are complete at
once you choose the order. Removing a line earns a reward: look at one face-down card. If one
removal made another line complete (a chain reaction), you may then turn that card face up –
which might start another chain.

When your first grid is empty you are dealt a new 3 × 4 grid at once.

Keys: D takes from the deck, T from the discard pile, S skips the reward, R turns the card up, K
keeps it hidden, 1–3 pick hand cards, Esc starts a choice over.
"""),
    ),
    "quasenbo": (
        "Quäsenbö",
        unwrap("""
Played with the Decktet: cards have ranks (Ace, 2–9, Crown; with the options also Pawns and
Courts) and one, two or three of six suits – moons, suns, waves, leaves, wyrms and knots.

Goal: be the first with an empty hand.

Your turn: play a card that shares a suit or the rank with the last card of the played row. If
you can play, you must. If you cannot, draw until you can, then play. If nothing can be drawn,
pass.

Quäsenbö! Three or more cards in a row at the end of the played row that share a suit make the
player who laid the third draw a penalty card (with the "double Quäsenbö" option: one card for
each card beyond two). Watch the underlined run: a run of two means the next card had better
break it.

The Excuse (an option) goes on anything; you name the suit it stands for.

When the draw pile is empty, the played row except its last two cards is shuffled into a new
one.

Keys: click a card to play it, D draws, P passes, 1–9 play cards by position, the mouse wheel or
the arrow keys scroll a long row.
"""),
    ),
}
"""Each game: its display name and the text of its help page."""
