"""How to play each game, in our own words, for the rules help screen: one short section per
rule of docs/rules.md, filed under that rule's id, every text marked for translation."""

from __future__ import annotations

from dataclasses import dataclass

from game.client.i18n import N_


@dataclass(frozen=True)
class Section:
    """One rule as a player reads it.

    `rule` is the rule's id, the one docs/rules.md tags the ruling with ("quando.knock");
    `title` and `text` are source strings marked with `N_`, to be passed through `_` when
    shown; `options` names the game options (the engine's `OPTIONS` keys) the text explains.
    """

    rule: str
    title: str
    text: str
    options: tuple[str, ...] = ()


QUANDO: tuple[Section, ...] = (
    Section(
        "quando.goal",
        N_("Goal"),
        N_(
            "Finish each round with the lowest sum of fronts in your hand. Points add up from "
            "round to round; the game ends when someone's total reaches the target – 50, "
            "unless the table chose another (40 is a good target for two players). The lowest "
            "total wins; a tie shares the win."
        ),
        options=("target",),
    ),
    Section(
        "quando.cards",
        N_("Cards"),
        N_(
            "Every card has a number on each side: two different numbers from 0 to 10. In your "
            "hand you see one side of each card, its front; everybody else sees the other "
            "side, its back. You never see your own backs, but you see everybody else's – so "
            "they know your hand better than you do."
        ),
    ),
    Section(
        "quando.deal",
        N_("The deal"),
        N_(
            "2 to 6 players. Everyone gets 7 cards, or 8 when only two or three play. Each "
            "round is dealt from the full deck, and the next player round the table starts it."
        ),
    ),
    Section(
        "quando.play",
        N_("Playing"),
        N_(
            "On your turn play one or more cards with the same front (a single card is fine), "
            "or exactly three cards whose fronts are three numbers in a row, such as 3, 4 and "
            "5 – in any order in your hand. Then you draw one card."
        ),
    ),
    Section(
        "quando.draw",
        N_("Drawing"),
        N_(
            "The top card of the draw pile shows one side. Take it as it lies: you get the "
            "number you see, and the others see its hidden side. Or take it turned round: you "
            "get the hidden number – a gamble – and the others see the one that was on view."
        ),
    ),
    Section(
        "quando.knock",
        N_("Knocking"),
        N_(
            "Instead of playing you may knock, once you have played at least twice this round "
            "and nobody has knocked yet. You draw nothing. Every other player gets exactly one "
            "more turn, you get none, and then the round ends."
        ),
    ),
    Section(
        "quando.pass",
        N_("Passing"),
        N_(
            "In that last turn after a knock you may pass instead of playing – whether you "
            "could play or not."
        ),
    ),
    Section(
        "quando.triplet",
        N_("Triplet"),
        N_(
            "Playing exactly three cards with the same front is a triplet. After your draw "
            "everybody else pays, one after the other round the table, the knocker too: "
            "whoever has a 0 in front flips one of their zeros (its other side becomes the "
            "front, and the 0 now faces the table); whoever has no 0 draws a card."
        ),
    ),
    Section(
        "quando.round_end",
        N_("End of a round"),
        N_(
            "A round ends at once when a player, after playing and drawing, holds nothing but "
            "zeros – then nobody pays for a triplet just played. Otherwise it ends after the "
            "last turn that follows a knock."
        ),
    ),
    Section(
        "quando.scoring",
        N_("Scoring"),
        N_(
            "Add up the fronts in each hand. Everyone with the lowest sum scores 0; the others "
            "score their sum. A knocker who is not alone with the lowest sum scores their sum "
            "plus 5 – a tie is not enough."
        ),
    ),
    Section(
        "quando.show_hands",
        N_("Showing hands"),
        N_(
            "When a round ends everybody's fronts are shown to all, so every sum can be "
            "checked. Your own backs stay unseen."
        ),
    ),
    Section(
        "quando.turn_over",
        N_("Empty draw pile"),
        N_(
            "When the last card of the draw pile is drawn, the discard pile is turned over, "
            "without shuffling, and becomes the new draw pile: every card now shows its other "
            "side. If a draw is due and no card is left anywhere, it is skipped."
        ),
    ),
)
"""Quando's rules, in the order a new player reads them."""

BLANCO: tuple[Section, ...] = (
    Section(
        "blanco.goal",
        N_("Goal"),
        N_(
            "Empty your grid twice: first a 3 × 3 grid, then a 3 × 4 grid. The first player to "
            "empty the second grid wins at once."
        ),
    ),
    Section(
        "blanco.cards",
        N_("Cards"),
        N_(
            "120 cards: ten colours, each with the numbers 1 to 12. Every colour has its own "
            "symbol next to the number, so the colours can be told apart without seeing them."
        ),
    ),
    Section(
        "blanco.setup",
        N_("Setup"),
        N_(
            "2 to 5 players. Everyone gets nine cards face down as a 3 × 3 grid and two cards "
            "in hand; one card starts the discard pile face up. Then, one after the other from "
            "the first seat, each player turns one grid card face up and secretly looks at "
            "another. A card you have looked at shows you an eye, wherever it moves, until it "
            "turns up."
        ),
    ),
    Section(
        "blanco.take",
        N_("Take a card"),
        N_(
            "On your turn you may take the top card of the draw pile or of the discard pile "
            "(now you hold three). Then either place one of them face up on any spot of your "
            "grid – the card that was there goes face up onto the discard pile – or discard "
            "one face up and turn one of your face-down grid cards face up, if you have one. "
            "Everybody sees a card you take from the discard pile; after that only you are "
            "shown it."
        ),
    ),
    Section(
        "blanco.swap",
        N_("Swap two cards"),
        N_(
            "Or, instead of taking, swap two neighbouring grid cards (side by side or one "
            "above the other). If one of them was face down it turns face up; if both were, "
            "you choose which one turns up – without looking first."
        ),
    ),
    Section(
        "blanco.lines",
        N_("Lines"),
        N_(
            "A line is a whole row or column of at least two cards, all face up. A row of one "
            "number, or a column of one colour, is complete: it leaves your grid for the box, "
            "and the grid closes up. When several lines are complete at once you choose the "
            "order – it can matter, since one removal can break or complete another line."
        ),
    ),
    Section(
        "blanco.two_by_two",
        N_("The 2 × 2 grid"),
        N_(
            "When your grid is 2 × 2 and two of its lines are complete at once, you remove "
            "only the one you choose. The other waits: it goes after your next change to the "
            "grid, if it is still complete then."
        ),
    ),
    Section(
        "blanco.reward",
        N_("Reward: a look"),
        N_(
            "If you removed a line this turn, you may look at one of your face-down cards – "
            "any of them, even one you know – or skip the look. One look per turn, however "
            "many lines you removed."
        ),
    ),
    Section(
        "blanco.chain",
        N_("Chain reaction"),
        N_(
            "A chain reaction is a removal that completes another line; two lines completed at "
            "once by one card are not one. After a chain reaction you may turn the card you "
            "looked at face up – which can complete more lines – or keep it hidden."
        ),
    ),
    Section(
        "blanco.stage_two",
        N_("The second grid"),
        N_(
            "When your 3 × 3 grid is empty you are dealt twelve cards face down as a 3 × 4 "
            "grid at once, instead of a reward look. You turn one of them up and look at "
            "another – neither can be skipped – keep your hand, and the next player goes on."
        ),
    ),
    Section(
        "blanco.reshuffle",
        N_("Empty draw pile"),
        N_(
            "When a card must be drawn and the draw pile is empty, the discard pile except its "
            "top card and the box (every removed line) are shuffled into a new draw pile. It "
            "never runs dry."
        ),
    ),
    Section(
        "blanco.turn_limit",
        N_("Turn limit"),
        N_(
            "A game ends after {max_turns} turns in all, or fewer if the table chose a lower "
            "limit. "
            "Then the fewest cards left wins: the cards in your grid, plus 12 while you are "
            "still on the first grid. A tie shares the win."
        ),
        options=("max_turns",),
    ),
)
"""Blanco's rules, in the order a new player reads them."""

QUASENBO: tuple[Section, ...] = (
    Section("quasenbo.goal", N_("Goal"), N_("Be the first to end your turn with no card in hand.")),
    Section(
        "quasenbo.cards",
        N_("Cards"),
        N_(
            "Quäsenbö is played with the Decktet. It has six suits: moons, suns, waves, "
            "leaves, wyrms and knots. Aces (rank 1) and Crowns (rank 10) have one suit each; "
            "every card of the ranks 2 to 9 has two suits."
        ),
    ),
    Section(
        "quasenbo.extra_cards",
        N_("More cards"),
        N_(
            "The table may add the Pawns and the Courts (each a rank of its own, three suits "
            "per card), the Excuse (no rank, no suit), and a double deck: two of every card."
        ),
        options=("excuse", "pawns", "courts", "double"),
    ),
    Section(
        "quasenbo.deal",
        N_("The deal"),
        N_(
            "2 to 8 players, 7 cards each; the table may choose another hand size (5 is usual "
            "for five or more players). The next card is turned up and starts the played row, "
            "and the first seat begins. A deal the deck cannot cover does not start: choose "
            "fewer cards or the double deck."
        ),
        options=("hand_size",),
    ),
    Section(
        "quasenbo.turn",
        N_("Your turn"),
        N_(
            "Play a card that shares a suit or the rank with the last card of the row. If you "
            "can play, you must. If you cannot, draw until you can, then play. If nothing can "
            "be drawn, you pass."
        ),
    ),
    Section(
        "quasenbo.excuse",
        N_("The Excuse"),
        N_(
            "The Excuse goes on anything, and you name the suit it stands for: the next card "
            "must have that suit, or be another Excuse. If the row starts with the Excuse it "
            "names no suit: any card may follow it, and it is part of no run."
        ),
    ),
    Section(
        "quasenbo.penalty",
        N_("Quäsenbö!"),
        N_(
            "After you play, look at the end of the row: if the last three or more cards share "
            "a suit, you draw a penalty card. That holds for every card that makes the run "
            "three or longer, not only the third. A run of two is underlined: the next card "
            "had better break it."
        ),
    ),
    Section(
        "quasenbo.last_card",
        N_("No win with a penalty"),
        N_(
            "A penalty on your last card means no win this turn: you only win with an empty "
            "hand at the end of your turn. A penalty card that cannot be drawn is skipped."
        ),
    ),
    Section(
        "quasenbo.double_quasenbo",
        N_("Double Quäsenbö"),
        N_(
            "With this option a run of three or more costs the run's length minus two: three "
            "cards cost one, four cost two, five cost three."
        ),
        options=("double_quasenbo",),
    ),
    Section(
        "quasenbo.reshuffle",
        N_("Empty draw pile"),
        N_(
            "When a card must be drawn and the pile is empty, the played row except its last "
            "two cards (with Double Quäsenbö: except the whole run, if it is longer) is "
            "shuffled into a new pile. An Excuse shuffled back forgets its suit. The run "
            "counts only the cards still in the row, so a reshuffle can shorten it."
        ),
    ),
    Section(
        "quasenbo.blocked",
        N_("A blocked table"),
        N_(
            "If every player passes in a row – nobody can play or draw – the game ends and the "
            "fewest cards in hand win; a tie shares the win. This can only happen with Double "
            "Quäsenbö, which keeps long runs on the table."
        ),
    ),
)
"""Quäsenbö's rules, in the order a new player reads them."""

QUANDO_KEYS = N_(
    "Click cards to select them, Enter plays them. {up} / {down} draw the visible / hidden "
    "side, {knock} knocks, {pass} passes, 1–9 pick cards, Esc clears the selection, O sorts "
    "your hand. "
    "Space pauses a game against bots (and goes on)."
)
"""Quando's keys at the table, shown after its rules."""
BLANCO_KEYS = N_(
    "{deck} takes from the draw pile, {discard} from the discard pile, {skip} skips the "
    "look, {reveal} turns the card up, {keep} keeps it hidden, 1–3 pick hand cards, Esc "
    "starts a choice over. Space "
    "pauses a game against bots (and goes on)."
)
"""Blanco's keys at the table, shown after its rules."""
QUASENBO_KEYS = N_(
    "Click a card to play it, {draw} draws, {pass} passes, 1–9 play cards by position, O sorts "
    "your hand; the mouse wheel or the arrow keys scroll a long row. Space pauses a game "
    "against bots (and goes on)."
)
"""Quäsenbö's keys at the table, shown after its rules. In each game's keys the buttons'
letters are filled in from game.client.shortcuts.letters()."""
TABLE_KEYS = N_(
    "At every table: H asks for a hint where the table allows them, L shows or hides the "
    "moves, F1 opens these rules, Esc the menu."
)
"""The keys every game's table has (scenes/table.py), shown after the game's own."""
SHEET_KEYS = N_("S opens and closes the score sheet.")
"""The key of a table that keeps a score sheet (a table's SHEET)."""
