"""Validates SARIF files against the official SARIF 2.1.0 JSON schema.

    /usr/bin/python3 validate_sarif.py <schema.json> <file.sarif>...

The schema is the copy @microsoft/jest-sarif ships (draft-04); the validator
is Debian's python3-jsonschema (Draft4Validator) with format checking: uri
and uri-reference through python3-rfc3987, date-time by RFC 3339's grammar
(jsonschema's own checker needs a package Debian does not ship).
Prints one line per file ("<file>: valid" or the schema errors); exit 1 if
any file is invalid, 2 on bad usage.
"""
import json
import re
import sys

import jsonschema
from jsonschema import Draft4Validator

RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def main(argv):
    if len(argv) < 3:
        print("usage: validate_sarif.py <schema.json> <file.sarif>...", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    Draft4Validator.check_schema(schema)
    formats = jsonschema.FormatChecker()
    for needed in ("uri", "uri-reference"):
        if needed not in formats.checkers:
            print(f"format '{needed}' cannot be checked: install python3-rfc3987",
                  file=sys.stderr)
            return 2

    @formats.checks("date-time")
    def date_time(value):
        return not isinstance(value, str) or RFC3339.match(value) is not None

    validator = Draft4Validator(schema, format_checker=formats)
    invalid = 0
    for path in argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: not JSON: {e}")
            invalid += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if not errors:
            print(f"{path}: valid")
            continue
        invalid += 1
        print(f"{path}: INVALID")
        for e in errors:
            where = "/" + "/".join(str(p) for p in e.absolute_path)
            print(f"  {where} {e.message}")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
