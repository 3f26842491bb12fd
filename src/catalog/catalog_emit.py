"""C text for catalog rows: shared by the generators of catalog_data.auto.c (gen_catalog.sh) and
contrib_data.auto.c (gen_contrib.sh), so both write a CatalogParam the same way."""

TYPES = {"bool": "GUC_BOOL", "integer": "GUC_INTEGER", "real": "GUC_REAL",
         "string": "GUC_STRING", "enum": "GUC_ENUM"}
CONTEXTS = {"internal": "GUC_CTX_INTERNAL", "postmaster": "GUC_CTX_POSTMASTER",
            "sighup": "GUC_CTX_SIGHUP", "superuser-backend": "GUC_CTX_SUPERUSER_BACKEND",
            "backend": "GUC_CTX_BACKEND", "superuser": "GUC_CTX_SUPERUSER",
            "user": "GUC_CTX_USER"}


def c_str(value):
    if value is None:
        return "NULL"
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "?":
            out.append("\\?")   # no trigraphs
        elif 32 <= ord(ch) < 127:
            out.append(ch)
        else:
            out.extend("\\%03o" % b for b in ch.encode("utf-8"))
    return '"' + "".join(out) + '"'


def param_row(s, enum_ref, since, hidden):
    """One CatalogParam initializer for a pg_settings row `s` (a dict of its columns)."""
    numeric = s["vartype"] in ("integer", "real")
    fields = [
        c_str(s["name"]), TYPES[s["vartype"]], c_str(s["unit"]), c_str(s["boot_val"]),
        c_str(s["min_val"] if numeric else None), c_str(s["max_val"] if numeric else None),
        enum_ref if s["vartype"] == "enum" else "NULL",
        CONTEXTS[s["context"]], c_str(s["category"]), c_str(s["short_desc"]),
        c_str(since), "true" if hidden else "false",
    ]
    return "{" + ", ".join(fields) + "}"
