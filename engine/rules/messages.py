"""Russian wording of the engine's refusals, by code (the interface speaks Russian first).

The engine stays free of Django: ``ProtocolError.message`` is English,
``ProtocolError.message_ru`` is built from these templates and the error's
parameters; pages choose by the active language.
"""
from __future__ import annotations

RU = {
    "bad_count": "остаток в руке — целое число очков или список камней",
    "count_out_of_range": "{value} очков невозможно: в руке от 0 до 69 очков",
    "too_many_tiles": "в руке {value} камней, а бывает не больше 7",
    "bad_tile": "«{tile}» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)",
    "duplicate_tile": "камень {tile} записан дважды",
    "table_over_168": "в руках всего {value} очков, а во всём наборе только 168",
    "bad_seat": "место должно быть A1, A2, B1 или B2",
    "bad_hands": "остатки в руках указываются по местам",
    "missing_hand": "не указан остаток в руке",
    "empty_hand": "игрок не выходил, значит у него остался хотя бы один камень: 0 очков невозможно",
    "out_holds_tiles": "игрок вышел — в руке у него ничего не осталось",
    "bad_result": "итог раздачи — домино, рыба или ложный пас",
    "bad_deal": "раздача записана неверно",
    "bad_deal_number": "у раздачи нет верного номера",
    "bad_deals": "раздачи — это список",
    "duplicate_deal": "у раздачи уже есть результат",
    "missing_deal": "пропущена раздача {missing}",
    "deal_outside_partie": "раздача вне партии: партия закончилась после раздачи {last}",
    "remark_outside_partie": "замечание вне партии",
    "bad_remark": "замечание записано неверно",
    "bad_remarks": "замечания — это список",
    "bad_prior_remarks": "число прежних замечаний пары — целое неотрицательное",
    "bad_no_show": "неявка — пара A или B",
    "bad_ended_by_time": "«окончена по времени» — да или нет",
    "deals_after_no_show": "пара не явилась: раздачи записывать нельзя",
    "remarks_after_no_show": "пара не явилась: замечания записывать нельзя",
    "no_show_with_deals": "протокол противоречит сам себе: в нём неявка пары {side} и записанные раздачи ({count})",
    "no_show_with_remarks": "протокол противоречит сам себе: в нём неявка пары {side} и замечания ({count})",
    "bad_protocol": "протокол — это объект JSON",
    "bad_format": "неизвестный формат протокола",
    "bad_pairs": "пары указаны неверно",
    "pair_mismatch": "за этим столом играет другая пара {side}",
    "protocol_signed": "протокол подписан и закрыт; открыть его может только главный судья",
    "bye": "у пары, свободной от игры, нет протокола",
    "bad_rules": "регламент указан неверно",
    "unknown_option": "неизвестный параметр регламента: {key}",
    # Kozel, Morskoy kozel, hand points (RULES-KOZEL.md §10)
    "special_count": "{value} очков в руке не бывает (не больше 69); если в руке {tiles} — по этому регламенту "
                     "{value} очков, — отметьте камнями",
    "ambiguous_count": "12 очков могут быть одиноким 6-6 (или 0-0 с 6-6), который по этому регламенту "
                       "считается иначе: запишите камни",
    "bad_out_tile": "последний камень — один камень или два дубля, выложенных разом, и только при выходе",
    "same_tile_twice": "камень {tile} не может быть и первым, и последним",
    "tile_on_table_in_hand": "камень {tile} лежит на столе, его не может быть в руке",
    "missing_fisher": "при рыбе по этому регламенту нужно указать рыбака (кто поставил последний камень)",
    "wrong_lead": "по правилам эту раздачу начинает {expected}",
    "double_decider": "раздача не может быть «на сто» для обеих пар",
    "bad_abandoned": "ушедшая пара — A или B (только в козле и морском козле)",
    "bad_points_result": "в игре на очки итог раздачи — «очки»",
    "missing_points": "нужно указать очки обеих пар",
    "bad_points": "очки — целое число",
    "points_out_of_range": "{value} очков — слишком много: не больше 10 000 за раздачу",
    "negative_points": "{value}: отрицательные очки по этому регламенту не допускаются",
    "bad_note": "примечание — текст не длиннее 200 знаков",
    "not_stored": "такое поле раздачи пока нельзя сохранить: {field}",
}


def russian(code: str, deal: int | None, seat: str | None, params: dict) -> str:
    template = RU.get(code, "ошибка в протоколе")
    try:
        text = template.format(**params)
    except (KeyError, IndexError):
        text = template
    where = []
    if deal is not None:
        where.append(f"раздача {deal}")
    if seat is not None:
        where.append(f"место {seat}")
    if where:
        head = ", ".join(where)
        return f"{head[:1].upper()}{head[1:]}: {text}"
    return text[:1].upper() + text[1:]
