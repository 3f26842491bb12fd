#include "report/report.h"

#include <string.h>

#include "cli/commands.h"

static const ReportFormat formats[] = {
    {"text", ".txt", report_text_render},
    {"json", ".json", report_json_render},
};

const ReportFormat *report_format_find(const char *name)
{
    for (size_t idx = 0; idx < sizeof(formats) / sizeof(formats[0]); idx++)
        if (!strcmp(formats[idx].name, name))
            return &formats[idx];
    return NULL;
}

const ReportFormat *report_format_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (size_t idx = 0; dot && idx < sizeof(formats) / sizeof(formats[0]); idx++)
        if (formats[idx].extension && !strcmp(formats[idx].extension, dot))
            return &formats[idx];
    return NULL;
}

const char *report_format_names(void)
{
    static char names[256];
    if (!names[0])
        for (size_t idx = 0; idx < sizeof(formats) / sizeof(formats[0]); idx++) {
            if (idx)
                strcat(names, ", ");
            strcat(names, formats[idx].name);
        }
    return names;
}

const char *report_display_path(const ReportOpts *opts, const char *path)
{
    if (!path || !opts->cwd)
        return path;
    size_t len = strlen(opts->cwd);
    if (len > 1 && !strncmp(path, opts->cwd, len) && path[len] == '/' && path[len + 1])
        return path + len + 1;
    return path;
}

int report_exit_code(const ReportInput *in)
{
    if (in->fail_on == SEV_NONE)
        return PK_EXIT_OK;
    return findings_max_severity(in->findings) >= in->fail_on ? PK_EXIT_FINDINGS : PK_EXIT_OK;
}

const char *report_redact(const char *name, const char *value)
{
    if (!value)
        return NULL;
    if ((name && (strcasestr(name, "conninfo") || strcasestr(name, "passphrase"))) ||
        strcasestr(value, "password="))
        return *value ? "<redacted>" : value;
    return value;
}
