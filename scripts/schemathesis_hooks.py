"""Hooks of `npm run api-check` (scripts/api-check.ts), loaded through SCHEMATHESIS_HOOKS."""

import re
import uuid

import schemathesis
from schemathesis.core.parameters import ParameterLocation

IDEMPOTENCY_KEY = "idempotency-key"


def _key_schema(case):
    """The idempotency-key header's schema, as the operation's own document states it."""
    for parameter in case.operation.definition.raw.get("parameters", []):
        if parameter.get("in") == "header" and parameter.get("name", "").lower() == IDEMPOTENCY_KEY:
            return parameter.get("schema", {})
    return None


@schemathesis.hook
def before_call(ctx, case, kwargs):
    """Makes every valid idempotency-key unique.

    The fuzzer draws keys from a small alphabet and sends one key with many bodies, which the
    API rightly answers 422 IDEMPOTENCY_KEY_REUSED before looking at anything else. A suffix
    keeps a valid key valid (its pattern and maxLength are read from the document) and is left
    off an invalid one, and off every case whose headers are under test (a missing or malformed
    header), so negative cases stay exactly what they were generated as.
    """
    schema = _key_schema(case)
    headers = case.meta.components.get(ParameterLocation.HEADER) if case.meta else None
    if schema is None or not case.headers or headers is None or not headers.mode.is_positive:
        return
    for name, value in list(case.headers.items()):
        if name.lower() != IDEMPOTENCY_KEY or not isinstance(value, str):
            continue
        unique = f"{value}-{uuid.uuid4()}"
        pattern = schema.get("pattern")
        if pattern and not re.search(pattern, value):
            continue
        if len(unique) <= schema.get("maxLength", len(unique)):
            case.headers[name] = unique
