"""The Russian catalogue speaks to a player in one register, "ты" (the catalogue's own
majority): no "вы" to one person.  "Вы" stays only where the text speaks to two or more (a
duel's two players, everyone who joins an arena, a group's admins)."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from bot.i18n import LOCALES

FORMAL = re.compile(
    r"(?<![а-яё])(вы|вас|вам|вами|ваш|ваша|ваше|ваши|вашего|вашей|вашему|вашим|ваших|вашими|"
    r"вашу)(?![а-яё])",
    re.IGNORECASE,
)
"""The pronouns of "вы"."""
FORMAL_IMPERATIVE = re.compile(r"(?<![а-яё])[а-яё]{3,}(ите|йте|ьте)(сь)?(?![а-яё])", re.IGNORECASE)
"""A plural imperative ("выберите", "присоединяйтесь") or a "вы" verb ("можете")."""
NOT_IMPERATIVES = {"отсчёте"}
"""Words that look like one and are not ("в Обратном отсчёте")."""
TO_MANY = (
    "A friendly duel: you two",
    "Not rated: the duel ended before a hand reached you both",
    "⚔️ Your duel invitation is ready",
    "Join with the button: you play in private",
    "Admins: make me an admin",
    "Ask me /solve 3 3 8 8, or /help to see how",
    "Solution Hunt: find every solution together",
)
"""Texts that speak to two or more people (the English's beginnings)."""


def _texts() -> list[tuple[str, str]]:
    with open(LOCALES / "ru" / "LC_MESSAGES" / "messages.po", "rb") as file:
        catalog = read_po(file)
    texts: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        if english.startswith(TO_MANY):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        texts.extend((english, str(form)) for form in forms if form)
    return texts


def _formal(russian: str) -> list[str]:
    return FORMAL.findall(russian) + [
        match.group(0)
        for match in FORMAL_IMPERATIVE.finditer(russian)
        if match.group(0).lower() not in NOT_IMPERATIVES
    ]


def test_russian_speaks_to_one_player_as_ty() -> None:
    formal = {english: _formal(russian) for english, russian in _texts() if _formal(russian)}
    assert formal == {}


def test_the_check_sees_a_formal_text() -> None:
    assert _formal("Выберите другое имя: ваше уже занято.") == ["ваше", "Выберите"]
