/* Generated from reports/style.css by tests/report/gen-style.sh: do not edit. */
#ifndef PK_REPORT_STYLE_CSS_AUTO_H
#define PK_REPORT_STYLE_CSS_AUTO_H

static const char report_style_css[] =
    "/* pgknob HTML report: inlined into every page (no network, no external fonts). */\n"
    ":root { --fg: #1d2329; --muted: #5b6570; --line: #d6dbe0; --bg: #ffffff; --code: #f3f5f7;\n"
    "        --error: #b3261e; --warning: #8a5a00; --notice: #0b5c8a; --recommendation: #3d6b3a; }\n"
    "* { box-sizing: border-box; }\n"
    "body { margin: 0; background: var(--bg); color: var(--fg);\n"
    "       font: 15px/1.55 system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif; }\n"
    "main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }\n"
    "h1 { font-size: 1.7rem; margin: 0 0 1rem; }\n"
    "h2 { font-size: 1.3rem; margin: 2.2rem 0 .8rem; padding-bottom: .3rem;\n"
    "     border-bottom: 1px solid var(--line); }\n"
    "h3 { font-size: 1.08rem; margin: 2rem 0 .6rem; }\n"
    "p, ul { margin: .5rem 0 .9rem; }\n"
    "a { color: #0b5cad; }\n"
    "code { font: .9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;\n"
    "       background: var(--code); padding: .1em .3em; border-radius: 3px; }\n"
    "pre { background: var(--code); padding: .7rem .9rem; border-radius: 4px; overflow-x: auto;\n"
    "      border-left: 3px solid var(--line); }\n"
    "pre code { background: none; padding: 0; }\n"
    "/* Tables stay within the page: long values wrap, and a table that still cannot fit scrolls on\n"
    " * its own instead of widening the page. */\n"
    "table { border-collapse: collapse; margin: .6rem 0 1.2rem; font-size: .92rem; display: block;\n"
    "        max-width: 100%; overflow-x: auto; }\n"
    "th, td { border: 1px solid var(--line); padding: .35rem .55rem; vertical-align: top;\n"
    "         text-align: left; overflow-wrap: anywhere; word-break: break-word; }\n"
    "td code { white-space: pre-wrap; }\n"
    "p, li { overflow-wrap: anywhere; }\n"
    "th { background: #f7f8fa; }\n"
    "td[align=\"right\"], th[align=\"right\"] { text-align: right; }\n"
    "hr { border: 0; border-top: 1px solid var(--line); margin: 2.5rem 0 1rem; }\n"
    ".sev-error { color: var(--error); font-weight: 600; }\n"
    ".sev-warning { color: var(--warning); font-weight: 600; }\n"
    ".sev-notice { color: var(--notice); font-weight: 600; }\n"
    ".sev-recommendation { color: var(--recommendation); font-weight: 600; }\n"
    "@media print { main { max-width: none; } a { color: inherit; } }\n"
    ;

#endif
