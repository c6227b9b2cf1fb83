"""The OpenAPI schema's last step (a drf-spectacular post-processing hook, ``SPECTACULAR_SETTINGS``).

A nullable nested object — a bye's side ``B`` of a pairing, an unplayed table's ``score`` and ``goats``, the
``kozel`` columns of a standings row outside the Kozel family — comes out of drf-spectacular as
``{"allOf": [{"$ref": …}], "nullable": true}``. In OpenAPI 3.0 ``nullable`` applies only beside a ``type`` of
the same schema object, so that form accepts no ``null``: a validator, or a client generated from the schema,
refuses the very answers the API gives. The hook writes each such object as the nullable choices are
written already (``winner``, ``no_show``): ``{"oneOf": [{"$ref": …}, {"$ref": "#/components/schemas/NullEnum"}],
"nullable": true}``, ``NullEnum`` being ``{"enum": [null]}`` — the object, or null, in OpenAPI 3.0 as every
validator reads it. ``tests/api/test_openapi_answers.py`` checks every endpoint's real answers against it.
"""
from __future__ import annotations

NULL = "NullEnum"
NULL_REF = {"$ref": f"#/components/schemas/{NULL}"}


def _nullable_ref(node: dict) -> bool:
    parts = node.get("allOf")
    return (node.get("nullable") is True and isinstance(parts, list) and len(parts) == 1
            and set(parts[0]) == {"$ref"})


def _rewrite(node):
    """The node with every nullable ``allOf`` of one reference written as ``oneOf`` the reference or null."""
    if isinstance(node, list):
        return [_rewrite(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _rewrite(value) for key, value in node.items()}
    if _nullable_ref(node):
        ref = node.pop("allOf")[0]
        node = {"oneOf": [ref, dict(NULL_REF)], **node}
    return node


def nullable_references(result, generator, request, public):
    """The hook: ``result`` is the whole schema; the component ``NullEnum`` is added when it is missing."""
    components = result.setdefault("components", {})
    result["paths"] = _rewrite(result.get("paths", {}))
    components["schemas"] = schemas = _rewrite(components.get("schemas", {}))
    if any(choice == NULL_REF for choice in _choices(schemas)):
        schemas.setdefault(NULL, {"enum": [None]})
    return result


def _choices(node):
    """Every member of every ``oneOf`` in the node."""
    if isinstance(node, list):
        for item in node:
            yield from _choices(item)
    elif isinstance(node, dict):
        yield from node.get("oneOf", [])
        for value in node.values():
            yield from _choices(value)
