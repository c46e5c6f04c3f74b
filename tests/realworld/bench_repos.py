#!/usr/bin/env python3
"""Lints real repositories as a new user would and summarises each run.

For every repository of repos.tsv checked out under CHECKOUTS/<owner>+<name>
(at the listed commit; see tests/realworld/README.md), runs
`torch-lint --format=json <source dirs>` from the repository's root with no
other flags and prints one Markdown row per repository: files linted, wall
time, exit status, errors by kind and findings per check.

    tests/realworld/bench_repos.py --bin build/bin/torch-lint --checkouts /tmp/rw

Errors by kind: a missing header that exists in the repository ("in repo":
inference should have found it), one that does not ("absent": generated,
a submodule not checked out, or a torch without CUDA headers), warnings of
partial analysis versus errors of files with no usable AST.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def repos(path):
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            repo, commit, dirs = line.rstrip("\n").split("\t")
            yield repo, commit, dirs.split()


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def classify(error, files):
    msg = error["message"]
    m = re.search(r"header '([^']+)' not found", msg)
    if m:
        header = m.group(1)
        inside = any(f == header or f.endswith("/" + header) for f in files)
        return "missing header (in repo)" if inside else "missing header (absent)"
    if "could not be parsed" in msg:
        return "parse error"
    return "no analysis (" + msg.split(":")[0][:40] + ")"


def lint(binary, root, dirs, extra=()):
    """Runs `torch-lint --format=json <dirs>` from root (extra: flags that do
    not change the findings, such as --cache-dir). Returns the process, the
    wall time and the parsed report (None when stdout is no JSON)."""
    start = time.monotonic()
    proc = subprocess.run([binary, "--format=json", *extra, *dirs], cwd=root,
                          capture_output=True, text=True)
    wall = time.monotonic() - start
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        report = None
    return proc, wall, report


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--checkouts", required=True)
    ap.add_argument("--repos", default=os.path.join(HERE, "repos.tsv"))
    ap.add_argument("--json", help="also write the raw summary here")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    rows, raw = [], {}
    for repo, commit, dirs in repos(args.repos):
        root = os.path.join(args.checkouts, repo.replace("/", "+"))
        if not os.path.isdir(root):
            print(f"skipped {repo}: no checkout at {root}", file=sys.stderr)
            continue
        head = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
        if head != commit:
            print(f"warning: {repo} is at {head}, not {commit}", file=sys.stderr)
        proc, wall, report = lint(binary, root, dirs)
        if report is None:
            print(f"{repo}: no JSON report (exit {proc.returncode}): "
                  f"{proc.stderr.strip()[:300]}", file=sys.stderr)
            continue
        files = tracked_files(root)
        linted = re.search(r"in (\d+) files?", proc.stderr)
        exts = (".cpp", ".cc", ".cxx", ".cu")
        in_dirs = [f for f in files if f.endswith(exts) and any(
            d == "." or f.startswith(d.rstrip("/") + "/") for d in dirs)]
        kinds = collections.Counter()
        for e in report["errors"]:
            kind = classify(e, files)
            if e.get("severity") == "warning":
                kind += " [warning]"
            kinds[kind] += 1
        checks = collections.Counter(f["check"] for f in report["findings"])
        summary = {
            "commit": head, "dirs": dirs, "exit": proc.returncode,
            "wall_s": round(wall, 1),
            "files": int(linted.group(1)) if linted else None,
            "sources_in_dirs": len(in_dirs),
            "errors": dict(kinds), "findings": dict(checks),
            "stderr": [l for l in proc.stderr.splitlines() if l.startswith("torch-lint:")],
        }
        raw[repo] = summary
        rows.append(
            f"| {repo} | {' '.join(dirs)} | {len(in_dirs)} | {summary['files']} | {summary['wall_s']} | "
            f"{proc.returncode} | "
            + ("; ".join(f"{k}: {v}" for k, v in sorted(kinds.items())) or "none")
            + " | " + (", ".join(f"{k.removeprefix('torch-')} {v}"
                                 for k, v in sorted(checks.items())) or "none") + " |")
    print("| repository | named | sources | linted | wall s | exit | errors by kind | findings |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)


if __name__ == "__main__":
    main()
