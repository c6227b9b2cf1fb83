"""One name fold for every search, sort and duplicate check: case ignored, «ё» as «е», spaces collapsed."""
from core.names import fold, name_key, name_matches


def test_yo_and_ye_are_one_letter_and_case_is_ignored():
    assert fold("  ЁЛКИН   Семён ") == "елкин семен" == fold("елкин семен")
    assert name_matches("елкин", "Ёлкин Семён") and name_matches("СЕМЕН", "Ёлкин Семён")
    names = ["Жуков Иван", "Ёлкин Семён", "Егоров Пётр", "Дмитриев Олег", "Еремеев Юрий"]
    assert sorted(names, key=name_key) == ["Дмитриев Олег", "Егоров Пётр", "Ёлкин Семён", "Еремеев Юрий",
                                           "Жуков Иван"]


def test_the_search_box_and_the_duplicate_check_fold_alike():
    assert fold("Ёлкин\u00a0 СЕМЁН") == fold("елкин семен") == "елкин семен"
    assert fold(None) == "" and name_key(None) == ("", "")
    assert not name_matches("петров", "Ёлкин Семён")
