#!/usr/bin/env python3
"""Renders a lab chart.svg in headless Chromium and checks what the browser laid out.

Usage: chart-check.py CHART.SVG [PNG]

The SVG is inlined into a page whose script reads the geometry Chromium computed for every
mark (getBoundingClientRect) and writes it into the DOM, which --dump-dom prints. Checked:
- linear axis: bars only, all standing on one baseline, each bar's height proportional to its
  value (within 1.5 px);
- log axis: dots only (never a log-scaled bar), their heights linear in log10(value);
- whiskers span low..high in the right direction, and enclose their stage's mark;
- the legend names whiskers and "nothing completed" markers only when some are drawn;
- the per-second panels are labelled as linear axes from 0 (no log-axis wording).
With PNG, a screenshot is written there too, for a person to look at.
Prints one line per failed check; exit status 1 when any failed.
"""
import html
import json
import os
import re
import subprocess
import sys
import tempfile

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
%s
<pre id="out"></pre>
<script>
const pos = e => e.getBoundingClientRect();
const res = {axis: null, bars: [], dots: [], bounds: [], whiskers: [], texts: []};
const g = document.querySelector('g.summary');
res.axis = g ? g.getAttribute('data-axis') : null;
document.querySelectorAll('.bar').forEach(e => { const r = pos(e);
  res.bars.push({v: +e.getAttribute('data-value'), h: r.height, bottom: r.bottom, x: r.x + r.width / 2}); });
document.querySelectorAll('.dot').forEach(e => { const r = pos(e);
  res.dots.push({v: +e.getAttribute('data-value'), cy: r.y + r.height / 2, x: r.x + r.width / 2}); });
document.querySelectorAll('.bound').forEach(e => { const r = pos(e);
  res.bounds.push({v: +e.getAttribute('data-value'), top: r.y, x: r.x + r.width / 2}); });
document.querySelectorAll('.whisker').forEach(e => { const r = pos(e);
  res.whiskers.push({low: +e.getAttribute('data-low'), high: +e.getAttribute('data-high'),
                     top: r.y, bottom: r.y + r.height, x: r.x + r.width / 2,
                     y_low: +e.querySelector('line').getAttribute('y1'),
                     y_high: +e.querySelector('line').getAttribute('y2')}); });
document.querySelectorAll('text').forEach(e => res.texts.push(e.textContent));
document.getElementById('out').textContent = JSON.stringify(res);
</script></body></html>"""


def chromium(args):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-dev-shm-usage", "--hide-scrollbars"] + args,
                          capture_output=True, text=True, timeout=120)


def main():
    svg_path = sys.argv[1]
    png = sys.argv[2] if len(sys.argv) > 2 else None
    svg = open(svg_path, encoding="utf-8").read()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as fp:
            fp.write(PAGE % svg)
        run = chromium(["--virtual-time-budget=3000", "--dump-dom", "file://" + page])
        found = re.search(r'<pre id="out">(.*?)</pre>', run.stdout, re.S)
        if not found or not found.group(1).strip():
            print("chromium rendered nothing: " + run.stderr[-400:])
            return 1
        res = json.loads(html.unescape(found.group(1)))
        if png:
            m = re.search(r'height="(\d+)"', svg)
            height = int(m.group(1)) if m else 900
            shot = chromium(["--screenshot=" + png, "--window-size=960,%d" % height,
                             "file://" + os.path.abspath(svg_path)])
            if shot.returncode != 0 or not os.path.getsize(png):
                failures.append("no screenshot: " + shot.stderr[-300:])
    texts = " | ".join(res["texts"])
    if res["axis"] == "linear":
        if res["dots"]:
            failures.append("dots on a linear axis")
        bars = [b for b in res["bars"] if b["v"] > 0]
        if not bars:
            failures.append("linear axis without bars")
        else:
            bottoms = {round(b["bottom"], 1) for b in res["bars"]}
            if max(bottoms) - min(bottoms) > 1:
                failures.append("bars do not share a baseline: %s" % sorted(bottoms))
            scale = max(b["h"] / b["v"] for b in bars)
            for b in bars:
                if abs(b["h"] - b["v"] * scale) > 1.5:
                    failures.append("bar of %g is %.1f px, %.1f px expected (proportional)"
                                    % (b["v"], b["h"], b["v"] * scale))
    elif res["axis"] == "log":
        if res["bars"]:
            failures.append("bars on a log axis (a log-scaled bar's length means nothing)")
        dots = sorted(res["dots"], key=lambda d: d["v"])
        import math
        if len(dots) >= 2 and dots[-1]["v"] > dots[0]["v"]:
            lo, hi = dots[0], dots[-1]
            per_decade = (lo["cy"] - hi["cy"]) / (math.log10(hi["v"]) - math.log10(lo["v"]))
            if per_decade <= 0:
                failures.append("a larger value is drawn lower on the log axis")
            for d in dots:
                want = lo["cy"] - per_decade * (math.log10(d["v"]) - math.log10(lo["v"]))
                if abs(d["cy"] - want) > 1.5:
                    failures.append("dot of %g at y %.1f, %.1f expected on the log axis"
                                    % (d["v"], d["cy"], want))
    else:
        failures.append("no summary panel with a data-axis")
    for w in res["whiskers"]:
        # The stem runs from the low end to the high end: the low end is drawn lower (larger y),
        # by at least a pixel (the renderer leaves out spreads it cannot show).
        if not (w["low"] < w["high"] and w["y_low"] - w["y_high"] >= 1.0 and w["top"] < w["bottom"]):
            failures.append("whisker %g..%g drawn upside down" % (w["low"], w["high"]))
        marks = [m for m in res["bars"] + res["dots"] if abs(m["x"] - w["x"]) < 2]
        for m in marks:
            if not (w["low"] - 1e-9 <= m["v"] <= w["high"] + 1e-9):
                failures.append("median %g outside its whisker %g..%g" % (m["v"], w["low"], w["high"]))
    if ("whisker" in texts) != bool(res["whiskers"]):
        failures.append("the legend's whisker entry does not match what is drawn")
    if ("nothing completed" in texts) != bool(res["bounds"]):
        failures.append("the legend's 'nothing completed' entry does not match what is drawn")
    if "linear axis from 0" not in texts:
        failures.append("the per-second panels are not captioned as linear axes from 0")
    if res["axis"] == "linear" and "log" in texts.lower():
        failures.append("a linear chart speaks of a log axis")
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
