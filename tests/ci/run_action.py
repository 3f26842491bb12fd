#!/usr/bin/env python3
"""Runs a composite GitHub Action's steps the way the runner does, for tests/ci/t-action.sh.

It reads action.yml, substitutes ${{ inputs.X }} and ${{ steps.ID.outputs.X }}, evaluates the
`if:` conditions this action uses (always(), comparisons of step outputs), runs each `run:` step
with bash (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY set as the
runner sets them) and collects what each step wrote to GITHUB_OUTPUT. A `uses:` step is not
run (it is GitHub's code); its resolved `with:` is recorded so the test can check what it
would receive. Prints a JSON record of the run on stdout.
usage: run_action.py ACTION_DIR WORKSPACE name=value...
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def resolve(expr, inputs, steps):
    expr = expr.strip()
    m = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        return inputs.get(m.group(1), "")
    m = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        return steps.get(m.group(1), {}).get(m.group(2), "")
    raise SystemExit(f"run_action: unsupported expression {expr!r}")


def substitute(text, inputs, steps):
    return EXPR.sub(lambda m: str(resolve(m.group(1), inputs, steps)), str(text))


def condition(text, inputs, steps, failed):
    """The subset of GitHub's expression language action.yml uses: &&, always(), ==, !=."""
    if text is None:
        return not failed
    text = EXPR.sub(lambda m: m.group(1), str(text))
    result = True
    saw_status = False
    for part in [p.strip() for p in text.split("&&")]:
        if part == "always()":
            saw_status = True
            continue
        m = re.fullmatch(r"(.+?)\s*(==|!=)\s*'(.*)'", part)
        if not m:
            raise SystemExit(f"run_action: unsupported condition {part!r}")
        value = resolve(m.group(1), inputs, steps)
        result = result and ((value == m.group(3)) == (m.group(2) == "=="))
    return result and (saw_status or not failed)


def main():
    action_dir, workspace = sys.argv[1], sys.argv[2]
    given = dict(arg.split("=", 1) for arg in sys.argv[3:])
    with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as fh:
        action = yaml.safe_load(fh)
    assert action["runs"]["using"] == "composite", "not a composite action"
    inputs = {}
    for name, spec in action.get("inputs", {}).items():
        if spec.get("required") and name not in given:
            raise SystemExit(f"run_action: required input {name} missing")
        inputs[name] = given.get(name, spec.get("default", ""))
    steps, record, failed = {}, [], False
    summary = tempfile.NamedTemporaryFile(delete=False, suffix=".md")
    summary.close()
    for idx, step in enumerate(action["runs"]["steps"]):
        entry = {"name": step.get("name", f"step {idx}"), "id": step.get("id")}
        if not condition(step.get("if"), inputs, steps, failed):
            entry["skipped"] = True
            record.append(entry)
            continue
        if "uses" in step:
            entry["uses"] = step["uses"]
            entry["with"] = {k: substitute(v, inputs, steps) for k, v in step.get("with", {}).items()}
            record.append(entry)
            continue
        assert step.get("shell") == "bash", "every run step names its shell"
        outfile = tempfile.NamedTemporaryFile(delete=False)
        outfile.close()
        env = dict(os.environ)
        env.update({k: substitute(v, inputs, steps) for k, v in step.get("env", {}).items()})
        env.update({"GITHUB_ACTION_PATH": action_dir, "GITHUB_WORKSPACE": workspace,
                    "GITHUB_OUTPUT": outfile.name, "GITHUB_STEP_SUMMARY": summary.name,
                    "CI": "true", "GITHUB_ACTIONS": "true"})
        proc = subprocess.run(["bash", "-e", "-c", substitute(step["run"], inputs, steps)],
                              cwd=workspace, env=env, capture_output=True, text=True)
        outputs = {}
        with open(outfile.name, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    outputs[key] = value
        os.unlink(outfile.name)
        if step.get("id"):
            steps[step["id"]] = outputs
        entry.update({"exit": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr,
                      "outputs": outputs})
        failed = failed or proc.returncode != 0
        record.append(entry)
    with open(summary.name, encoding="utf-8") as fh:
        summary_text = fh.read()
    os.unlink(summary.name)
    outputs = {name: substitute(spec["value"], inputs, steps)
               for name, spec in action.get("outputs", {}).items()}
    json.dump({"steps": record, "failed": failed, "outputs": outputs, "summary": summary_text},
              sys.stdout, indent=1)


if __name__ == "__main__":
    main()
