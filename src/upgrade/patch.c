#include "upgrade/patch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"

bool upgrade_item_edits(const UpgradeItem *item)
{
    if (!item->file || item->line <= 0)
        return false;
    return item->kind == UPG_REMOVED || item->kind == UPG_RENAMED || item->kind == UPG_VALUE ||
           (item->kind == UPG_DEPRECATED && item->new_name);
}

static const UpgradeItem *item_at(const UpgradePlan *plan, const char *file, int line)
{
    for (size_t idx = 0; idx < plan->n_items; idx++) {
        const UpgradeItem *item = &plan->items[idx];
        if (upgrade_item_edits(item) && item->line == line && !strcmp(item->file, file))
            return item;
    }
    return NULL;
}

static void put_yaml_string(StrBuf *sb, const char *value)
{
    sb_putc(sb, '"');
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_putc(sb, '\\');
        sb_putc(sb, *p);
    }
    sb_putc(sb, '"');
}

/* One edited line (without its newline) into sb. */
static void edit_line(StrBuf *sb, const UpgradeItem *item, const char *line, size_t len, bool yaml,
                      int from, int to)
{
    char *text = xstrndup(line, len);
    size_t indent = yaml && item->column > 0 ? (size_t)item->column - 1 : strspn(text, " \t");
    if (indent > len)
        indent = len;
    const char *name = item->new_name ? item->new_name : item->name;
    const char *value = item->new_value;
    bool comment_out = item->kind == UPG_REMOVED || !value;
    char from_label[8];
    snprintf(from_label, sizeof(from_label), "%d", from);
    sb_putn(sb, text, indent);
    sb_printf(sb, "# pgknob upgrade %s to %d: %s\n", from == 9 ? "9.6" : from_label, to,
              item->message);
    if (comment_out) {
        sb_putn(sb, text, indent);
        sb_put(sb, "# ");
        sb_put(sb, text + indent);
    } else if (yaml) {
        sb_putn(sb, text, indent);
        sb_put(sb, name);
        sb_put(sb, ": ");
        put_yaml_string(sb, value);
    } else {
        char *rewritten = conf_rewrite_assignment(text, name, value);
        sb_put(sb, rewritten ? rewritten : text);
        free(rewritten);
    }
    free(text);
}

char *upgrade_patch_text(const UpgradePlan *plan, const char *file, const char *text, bool yaml,
                         size_t *n_edits)
{
    StrBuf out = STRBUF_INIT;
    *n_edits = 0;
    const char *p = text;
    int line = 1;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        size_t body = len && p[len - 1] == '\r' ? len - 1 : len;
        const UpgradeItem *item = item_at(plan, file, line);
        if (item) {
            StrBuf one = STRBUF_INIT;
            edit_line(&one, item, p, body, yaml, plan->from, plan->to);
            sb_put(&out, sb_str(&one));
            sb_putn(&out, p + body, len - body); /* a CR stays */
            sb_free(&one);
            (*n_edits)++;
        } else {
            sb_putn(&out, p, len);
        }
        if (!nl)
            break;
        sb_putc(&out, '\n');
        p = nl + 1;
        line++;
    }
    return sb_detach(&out);
}
