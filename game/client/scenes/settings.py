"""Settings kept between runs: name, language, window size, animation speed, bot pace, sound."""

from __future__ import annotations

import pygame

from game.client import config, i18n, layout, palette, widgets
from game.client.i18n import N_, NC_, _, ngettext, pgettext
from game.client.scenes import Host, Scene, menu_page

SIZES = [layout.SMALLEST, (1280, 720), (1600, 900), (1920, 1080)]
LABELS = (
    N_("Your name"),
    N_("Language"),
    N_("Window size"),
    N_("Animation speed"),
    N_("Bot pace"),
    N_("Sound"),
)
"""The form's rows, top to bottom."""
PACE_WORDS = {
    "relaxed": NC_("bot pace", "Relaxed"),
    "normal": NC_("bot pace", "Normal – every move readable"),
    "fast": NC_("bot pace", "Fast"),
    "instant": NC_("bot pace", "Instant"),
}
"""Each bot pace of config.PACES in a player's words: the pace (it. il ritmo, fr. le rythme)
and the animation speed (la velocità, la vitesse) each have their own "Fast"."""
SPEEDS = [
    (0.5, NC_("animation speed", "Slow")),
    (1.0, NC_("animation speed", "Normal")),
    (2.0, NC_("animation speed", "Fast")),
    (4.0, NC_("animation speed", "Fastest")),
]
"""The animation speeds offered, each a factor with its word."""


class SettingsScene(Scene):
    """Change and save the settings (in the user's config folder)."""

    listens = False

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.message = ""
        self.saved_language = i18n.language()
        """The language to go back to on leaving unsaved (the choice switches it live)."""
        self.resize()

    def resize(self) -> None:
        st = self.app.settings
        labels, controls = layout.form_rows(self.size, len(LABELS))
        self.labels = labels
        self.form = widgets.Form()
        # Made again on a resize or a language switch: what the player set so far stays.
        old = getattr(self, "name_field", None)
        self.name_field = self.form.add(
            widgets.TextField(
                controls[0],
                old.value if old else st.name,
                max_len=config.MAX_NAME,
                on_enter=self.save,
                counted=True,
            )
        )
        self.language_choice = self.form.add(
            widgets.Choice(
                controls[1],
                [(code, i18n.language_name(code)) for code in i18n.LANGUAGES],
                i18n.language(),
                on_change=self.try_language,
            )
        )
        self._add_choices(controls)
        back, save = layout.bottom_buttons(self.size, 2)
        self.form.add(widgets.Button(back, _("Back"), self.leave))
        self.form.add(widgets.Button(save, _("Save"), self.save, style="primary"))
        self.form.focus(self.language_choice if old else self.name_field)

    def _add_choices(self, controls: list[pygame.Rect]) -> None:
        """The window size, speed, pace and sound choosers on `controls` 2 to 5, each at the
        value the player set so far (the one saved at first)."""
        st = self.app.settings
        old_size = getattr(self, "size_choice", None)
        old_speed = getattr(self, "speed_choice", None)
        old_pace = getattr(self, "pace_choice", None)
        old_sound = getattr(self, "sound_choice", None)
        # The window as it is now (the player may have dragged it to another size), and
        # only sizes that fit on the screen, so Save and Back never end up off it.
        now = self.app.size
        screen = max(pygame.display.get_desktop_sizes() or [now])
        sizes = [sz for sz in SIZES if sz[0] <= screen[0] and sz[1] <= screen[1]]
        if now not in sizes:
            sizes.append(now)
        sizes.sort()
        self.size_choice = self.form.add(
            widgets.Choice(
                controls[2],
                [(sz, f"{sz[0]} × {sz[1]}") for sz in sizes],
                old_size.value if old_size else now,
            )
        )
        self.speed_choice = self.form.add(
            widgets.Choice(
                controls[3],
                [(factor, pgettext(*word)) for factor, word in SPEEDS],
                old_speed.value if old_speed else st.speed,
            )
        )
        self.pace_choice = self.form.add(
            widgets.Choice(
                controls[4],
                [(pace, pgettext(*PACE_WORDS[pace])) for pace in config.PACES],
                old_pace.value if old_pace else st.pace,
            )
        )
        self.sound_choice = self.form.add(
            widgets.Choice(
                controls[5],
                [(True, _("On")), (False, _("Off"))],
                old_sound.value if old_sound else st.sound,
            )
        )

    def save(self) -> None:
        st = self.app.settings
        name = config.clean_name(self.name_field.value)
        if not name:
            self.message = _("A name needs at least one letter.")
            return
        st.name = name
        st.language = self.language_choice.value
        st.width, st.height = self.size_choice.value
        st.speed = self.speed_choice.value
        st.pace = self.pace_choice.value
        st.sound = self.sound_choice.value
        self.saved_language = st.language
        problem = self.app.save_settings()
        if (st.width, st.height) != self.app.size:
            self.app.resize_window((st.width, st.height))
        self.message = problem or _("Saved.")

    def try_language(self, language: str) -> None:
        """Show everything in `language` at once (saved only with the rest); what was said
        of the last save, in the language before, goes."""
        self.message = ""
        self.app.set_language(language)

    def leave(self) -> None:
        """Back without saving: the language tried out gives way to the saved one."""
        if i18n.language() != self.saved_language:
            self.app.set_language(self.saved_language)
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        full = ngettext(
            "A name has at most {n} character.",
            "A name has at most {n} characters.",
            config.MAX_NAME,
        ).format(n=config.MAX_NAME)
        if self.form.handle(event) and self.name_field.focused:
            if self.name_field.refused:
                self.message = full
            elif self.message == full:
                self.message = ""

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        menu_page(surface, _("Settings"), s)
        for label, rect in zip(LABELS, self.labels):
            widgets.blit_text(
                surface, _(label), max(12, int(rect.height * 0.5)), palette.TEXT, rect, "right"
            )
        self.form.draw(surface)
        where = _("Kept in {path}").format(path=self.app.settings_file or config.settings_path())
        size = layout.px(18, s, 10)
        y = layout.bottom_buttons(self.size, 2)[0].top - layout.px(60, s)
        widgets.blit_text(
            surface,
            self.message,
            layout.px(22, s, 12),
            palette.ACCENT,
            pygame.Rect(0, y, self.size[0], layout.px(26, s)),
        )
        widgets.blit_text(
            surface,
            where,
            size,
            palette.TEXT_DIM,
            pygame.Rect(0, y + layout.px(30, s), self.size[0], size + 4),
        )
