/* libFuzzer target: the major a header comment's words name (input/major_evidence.c,
 * major_in_comment: keywords, versions, ranges and bounds, fullwidth and Arabic-Indic digits) on
 * arbitrary bytes, each line as a comment. A label it returns is a major as written: "9.6", "17".
 * The README's version lists (major_version_list) on each line too. Seeds: the configuration
 * reader's cases, whose headers are such comments. */
// fuzz-sources: src/input/major_evidence.c src/common/*.c
// fuzz-libs: -linih -lm
// fuzz-seeds: tests/conf/cases/*/postgresql.conf
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/major_evidence.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    for (size_t start = 0; start <= size;) {
        const char *nl = memchr(text + start, '\n', size - start);
        size_t len = nl ? (size_t)(nl - (text + start)) : size - start;
        char label[16];
        int major = -1;
        if (major_in_comment(text + start, len, label, &major)) {
            size_t label_len = strnlen(label, sizeof(label));
            if (label_len == 0 || label_len >= sizeof(label) || (major && atoi(label) != major) ||
                (!major && !strchr(label, '.')))
                abort(); /* a label that is not the major it names */
        }
        char *line = strndup(text + start, len);
        char labels[8][16];
        size_t n = line ? major_version_list(line, labels, 8) : 0;
        for (size_t idx = 0; idx < n; idx++)
            if (!labels[idx][0] || !memchr(labels[idx], '\0', 16) ||
                (atoi(labels[idx]) < 10 && !strchr(labels[idx], '.')))
                abort(); /* a list item that is not a version */
        if (n > 8)
            abort();
        free(line);
        start += len + 1;
    }
    return 0;
}
