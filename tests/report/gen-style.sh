#!/bin/sh
# Writes reports/style.css as a C string for the HTML report (src/report/style_css.auto.h).
# `make` runs it when the stylesheet changes; tests/report/t-examples.sh checks it is current.
set -eu
css="${1:-reports/style.css}"
printf '/* Generated from reports/style.css by tests/report/gen-style.sh: do not edit. */\n'
printf '#ifndef PK_REPORT_STYLE_CSS_AUTO_H\n#define PK_REPORT_STYLE_CSS_AUTO_H\n\n'
printf 'static const char report_style_css[] =\n'
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/' "$css"
printf '    ;\n\n#endif\n'
