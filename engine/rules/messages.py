"""Russian and Spanish wording of the engine's refusals, by code (the interface speaks Russian first).

The engine stays free of Django: ``ProtocolError.message`` is English,
``ProtocolError.message_ru`` (``RU``) and ``message_es`` (``ES``, for the partnership
game's players first) are built from these templates and the error's parameters;
pages choose by the active language (``ProtocolError.localized``). A code without a
template reads as a general error; a template whose values are missing is shown as it is.
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
    # The rules of a protocol (every preset; the partnership game's own checks)
    "unknown_preset": "неизвестный регламент",
    "out_of_range": "параметр регламента {key}: значение вне допустимых пределов",
    "not_integer": "параметр регламента {key}: нужно целое число",
    "not_boolean": "параметр регламента {key}: нужно «да» или «нет»",
    "bad_choice": "параметр регламента {key}: такого значения нет",
    "double_six_lead_needs_set": "первый заход с дубля 6-6 невозможен в наборе дубль-девять: 6-6 может не попасть "
                                 "в раздачу",
    "sanction_small_not_below_large": "малый штраф ({small}) должен быть меньше большого ({large})",
    "bad_ranking_order": "порядок мест — непустой список показателей: победы, эффективность, набранные очки, "
                         "поражения, пропущенные очки",
    "unknown_ranking_key": "«{value}» — не показатель для порядка мест",
    "repeated_ranking_key": "показатель {value} указан в порядке мест дважды",
    # The partnership game, preset latin (RULES-LATIN.md §11.2)
    "not_latin": "это не протокол международного парного домино",
    "bad_bye": "свободная от игры пара — только пара A, без неявки",
    "bye_with_two_pairs": "свободна от игры одна пара A: пару B указывать нельзя",
    "bye_with_deals": "пара свободна от игры: раздачи записывать нельзя ({count})",
    "bye_with_sanctions": "пара свободна от игры: санкции записывать нельзя ({count})",
    "bad_pair_number": "номер пары {side} — целое число не меньше 1",
    "prior_card_black": "у пары {side} чёрная карточка: она снята с турнира и не играет",
    "bad_prior_card": "прежняя карточка пары {side} — нет, жёлтая или красная",
    "same_pair_number": "у обеих пар один номер {number}",
    "bad_indicators": "отметки «чанклета» и «сапато» — целые неотрицательные числа у пар за столом",
    "bad_sanctions": "санкции — это список",
    "no_show_with_sanctions": "протокол противоречит сам себе: в нём неявка пары {side} и санкции ({count})",
    "bad_sanction": "санкция записана неверно: нужен игрок и номер раздачи",
    "sanction_bad_seat": "санкция должна называть место игрока: A1, A2, B1 или B2",
    "sanction_outside_partida": "санкция в раздаче {hand} — вне партии",
    "sanction_points_or_card": "санкция — это либо штрафные очки, либо карточка",
    "sanction_bad_points": "штраф — {small} или {large} очков, а не {value}",
    "sanction_bad_card": "карточка — жёлтая, красная или чёрная",
    "sanction_twice": "у игрока уже есть санкция в этой партии",
    "missing_lead": "не указано, кто заходил в этой раздаче",
    "lead_outside_winners": "в этой раздаче заходит игрок пары, выигравшей прошлую раздачу: {expected}",
    "bad_time_called": "«время вышло» — да или нет",
    "time_called_without_limit": "по этому регламенту партия без ограничения времени: «время вышло» не бывает",
    "time_called_twice": "время уже вышло в раздаче {first}",
    "bad_latin_result": "итог раздачи — домино или рыба",
    "bad_tile_text": "«{tile}» — не камень (пишите a-b)",
    "tile_outside_set": "камня {tile} нет в наборе (числа от 0 до {top})",
    "hand_over_max": "{value} очков в руке невозможно: бывает от 0 до {max}",
    "hand_too_many_tiles": "в руке {value} камней, а бывает не больше {max}",
    "table_over_max": "в руках всего {value} очков, а бывает не больше {max}",
    "empty_tile_list": "игрок не выходил, значит у него остался хотя бы один камень: пустая рука невозможна",
    "bad_ends": "открытые концы — два числа от 0 до {top}",
    "ends_without_out_tile": "открытые концы указаны без последнего камня",
    "capicua_needs_tiles": "по этому регламенту при домино нужно указать последний камень и открытые концы "
                           "(капикуа)",
    "out_tile_fits_no_end": "камень {tile} не подходит ни к одному открытому концу ({ends})",
    "bad_pasos_redondos": "пасо редондо — число от 0 до 30 у каждой пары",
    "missing_out": "при домино нужно указать, кто вышел",
    "result_field_mismatch": "поле {field} не относится к такому итогу раздачи",
    "first_lead_not_double_six": "первую раздачу заходят с дубля 6-6, а не с {tile}",
    "double_six_still_held": "первую раздачу заходят с дубля 6-6: он не может оставаться в руке",
    "mixed_ranking_order": "у партий разный порядок показателей мест",
    "latin_needs_protocol": "международное парное домино считается только по протоколу партии целиком",
}

# Spanish: the same refusals, for a page in Spanish (the partnership game's players read it first).
ES = {
    "bad_count": "lo que queda en la mano es un número entero de puntos o una lista de fichas",
    "count_out_of_range": "{value} puntos es imposible: una mano tiene de 0 a 69 puntos",
    "too_many_tiles": "hay {value} fichas en la mano, y como mucho hay 7",
    "bad_tile": "«{tile}» no es una ficha del doble seis (escríbala a-b, 0 ≤ a, b ≤ 6)",
    "duplicate_tile": "la ficha {tile} está escrita dos veces",
    "table_over_168": "las manos suman {value} puntos, y todo el juego tiene solo 168",
    "bad_seat": "el puesto debe ser A1, A2, B1 o B2",
    "bad_hands": "lo que queda en las manos se indica por puestos",
    "missing_hand": "falta lo que queda en la mano",
    "empty_hand": "el jugador no dominó, así que le queda al menos una ficha: 0 puntos es imposible",
    "out_holds_tiles": "el jugador dominó: no le queda nada en la mano",
    "bad_result": "el resultado de la mano es dominó, tranque o pase falso",
    "bad_deal": "la mano está mal escrita",
    "bad_deal_number": "la mano no tiene un número válido",
    "bad_deals": "las manos son una lista",
    "duplicate_deal": "la mano ya tiene un resultado",
    "missing_deal": "falta la mano {missing}",
    "deal_outside_partie": "mano fuera de la partida: la partida terminó después de la mano {last}",
    "remark_outside_partie": "amonestación fuera de la partida",
    "bad_remark": "la amonestación está mal escrita",
    "bad_remarks": "las amonestaciones son una lista",
    "bad_prior_remarks": "las amonestaciones anteriores de la pareja son un número entero no negativo",
    "bad_no_show": "la incomparecencia es de la pareja A o B",
    "bad_ended_by_time": "«terminada por tiempo» es sí o no",
    "deals_after_no_show": "la pareja no se presentó: no se pueden anotar manos",
    "remarks_after_no_show": "la pareja no se presentó: no se pueden anotar amonestaciones",
    "no_show_with_deals": "el acta se contradice: tiene la incomparecencia de la pareja {side} y manos anotadas "
                          "({count})",
    "no_show_with_remarks": "el acta se contradice: tiene la incomparecencia de la pareja {side} y amonestaciones "
                            "({count})",
    "bad_protocol": "el acta es un objeto JSON",
    "bad_format": "formato de acta desconocido",
    "bad_pairs": "las parejas están mal indicadas",
    "pair_mismatch": "en esta mesa juega otra pareja {side}",
    "protocol_signed": "el acta está firmada y cerrada; solo el árbitro principal puede reabrirla",
    "bye": "la pareja que descansa no tiene acta",
    "bad_rules": "el reglamento está mal indicado",
    "unknown_option": "opción de reglamento desconocida: {key}",
    "special_count": "{value} puntos en una mano no existen (como mucho 69); si tiene {tiles} — que con este "
                     "reglamento valen {value} puntos —, anote las fichas",
    "ambiguous_count": "12 puntos pueden ser un 6-6 solo (o 0-0 con 6-6), que con este reglamento cuenta de otro "
                       "modo: anote las fichas",
    "bad_out_tile": "la última ficha es una sola ficha o dos dobles puestos a la vez, y solo al dominar",
    "same_tile_twice": "la ficha {tile} no puede ser la primera y la última",
    "tile_on_table_in_hand": "la ficha {tile} está en la mesa, no puede estar en una mano",
    "missing_fisher": "en un tranque hay que indicar quién trancó (quién puso la última ficha)",
    "wrong_lead": "según el reglamento en esta mano sale {expected}",
    "double_decider": "una mano no puede ser «a cien» para las dos parejas",
    "bad_abandoned": "la pareja que abandonó es A o B (solo en el kozel y el kozel marino)",
    "bad_points_result": "en el juego a puntos el resultado de la mano es «puntos»",
    "missing_points": "hay que indicar los puntos de las dos parejas",
    "bad_points": "los puntos son un número entero",
    "points_out_of_range": "{value} puntos son demasiados: como mucho 10 000 por mano",
    "negative_points": "{value}: este reglamento no admite puntos negativos",
    "bad_note": "la nota es un texto de 200 caracteres como mucho",
    "not_stored": "ese campo de la mano todavía no se puede guardar: {field}",
    "unknown_preset": "reglamento desconocido",
    "out_of_range": "opción de reglamento {key}: valor fuera de los límites",
    "not_integer": "opción de reglamento {key}: hace falta un número entero",
    "not_boolean": "opción de reglamento {key}: hace falta sí o no",
    "bad_choice": "opción de reglamento {key}: ese valor no existe",
    "double_six_lead_needs_set": "salir con el 6-6 no es posible con el doble nueve: el 6-6 puede quedar dormido",
    "sanction_small_not_below_large": "la sanción menor ({small}) debe ser inferior a la mayor ({large})",
    "bad_ranking_order": "el orden de la clasificación es una lista no vacía de criterios: ganadas, efectividad, "
                         "puntos a favor, perdidas, puntos en contra",
    "unknown_ranking_key": "«{value}» no es un criterio de la clasificación",
    "repeated_ranking_key": "el criterio {value} figura dos veces en el orden de la clasificación",
    "not_latin": "esta no es un acta del dominó por parejas (reglamento latin)",
    "bad_bye": "el bye es solo para la pareja A, sin incomparecencia",
    "bye_with_two_pairs": "el bye es para la pareja A sola: no se indica la pareja B",
    "bye_with_deals": "la pareja descansa (bye): no se pueden anotar manos ({count})",
    "bye_with_sanctions": "la pareja descansa (bye): no se pueden anotar sanciones ({count})",
    "bad_pair_number": "el número de la pareja {side} es un entero no menor que 1",
    "prior_card_black": "la pareja {side} tiene tarjeta negra: fue retirada y no juega",
    "bad_prior_card": "la tarjeta anterior de la pareja {side} es ninguna, amarilla o roja",
    "same_pair_number": "las dos parejas tienen el mismo número {number}",
    "bad_indicators": "la chancleta y el zapato son números enteros no negativos de las parejas de la mesa",
    "bad_sanctions": "las sanciones son una lista",
    "no_show_with_sanctions": "el acta se contradice: tiene la incomparecencia de la pareja {side} y sanciones "
                              "({count})",
    "bad_sanction": "la sanción está mal escrita: hace falta el jugador y el número de la mano",
    "sanction_bad_seat": "la sanción debe indicar el puesto del jugador: A1, A2, B1 o B2",
    "sanction_outside_partida": "la sanción de la mano {hand} está fuera de la partida",
    "sanction_points_or_card": "una sanción es o puntos o una tarjeta",
    "sanction_bad_points": "una sanción es de {small} o {large} puntos, no de {value}",
    "sanction_bad_card": "la tarjeta es amarilla, roja o negra",
    "sanction_twice": "el jugador ya tiene una sanción en esta partida",
    "missing_lead": "falta quién salió en esta mano",
    "lead_outside_winners": "en esta mano sale un jugador de la pareja que ganó la anterior: {expected}",
    "bad_time_called": "«se acabó el tiempo» es sí o no",
    "time_called_without_limit": "este reglamento no tiene límite de tiempo: no se puede cantar el tiempo",
    "time_called_twice": "el tiempo ya se cantó en la mano {first}",
    "bad_latin_result": "el resultado de la mano es dominó o tranque",
    "bad_tile_text": "«{tile}» no es una ficha (escríbala a-b)",
    "tile_outside_set": "la ficha {tile} no está en el juego (números de 0 a {top})",
    "hand_over_max": "{value} puntos en una mano es imposible: hay de 0 a {max}",
    "hand_too_many_tiles": "hay {value} fichas en la mano, y como mucho hay {max}",
    "table_over_max": "las manos suman {value} puntos, y como mucho puede haber {max}",
    "empty_tile_list": "el jugador no dominó, así que le queda al menos una ficha: la mano no puede estar vacía",
    "bad_ends": "las puntas son dos números de 0 a {top}",
    "ends_without_out_tile": "se indican las puntas sin la última ficha",
    "capicua_needs_tiles": "con este reglamento, al dominar hay que indicar la última ficha y las puntas (capicúa)",
    "out_tile_fits_no_end": "la ficha {tile} no entra por ninguna punta ({ends})",
    "bad_pasos_redondos": "los pasos redondos son un número de 0 a 30 por pareja",
    "missing_out": "en un dominó hay que indicar quién dominó",
    "result_field_mismatch": "el campo {field} no corresponde a este resultado de la mano",
    "first_lead_not_double_six": "la primera mano se sale con el doble seis, no con {tile}",
    "double_six_still_held": "la primera mano se sale con el doble seis: no puede quedar en una mano",
    "mixed_ranking_order": "las partidas no tienen el mismo orden de clasificación",
    "latin_needs_protocol": "el dominó por parejas se anota solo con el acta completa de la partida",
}

# How each language names the place of a refusal: (the general message, the deal, the seat).
_WHERE = {
    "ru": (RU, "ошибка в протоколе", "раздача", "место"),
    "es": (ES, "error en el acta", "mano", "asiento"),
}


def _render(language: str, code: str, deal: int | None, seat: str | None, params: dict) -> str:
    templates, general, deal_word, seat_word = _WHERE[language]
    template = templates.get(code, general)
    try:
        text = template.format(**params)
    except (KeyError, IndexError):
        text = template
    where = []
    if deal is not None:
        where.append(f"{deal_word} {deal}")
    if seat is not None:
        where.append(f"{seat_word} {seat}")
    if where:
        head = ", ".join(where)
        return f"{head[:1].upper()}{head[1:]}: {text}"
    return text[:1].upper() + text[1:]


def russian(code: str, deal: int | None, seat: str | None, params: dict) -> str:
    return _render("ru", code, deal, seat, params)


def spanish(code: str, deal: int | None, seat: str | None, params: dict) -> str:
    return _render("es", code, deal, seat, params)
