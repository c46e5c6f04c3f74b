#!/usr/bin/env python3
"""Linter speed on torch translation units (a benchmark, not a test).

Lints one realistic multi-TU project against Debian's libtorch headers with
every tool at the same -j and prints, per tool, the wall time per TU, the
ratio to `clang++-19 -fsyntax-only` and the peak RSS of one worker:

  torch-lint (cold cache, warm PCH cache, second run with the results cache, one
  changed file, --no-project cold, --no-cache, --no-fast), clang++-19 -fsyntax-only,
  clang-tidy-19 + the torchlint plugin, clang-tidy-19 --checks=performance-*.

The project: copies of the reference kernels (kernels/pairs/*_hazard.cpp), the bundled
example (examples/image_ops/csrc/*.cpp) and two testdata files: 12 TUs that
include <torch/torch.h> or <torch/extension.h>.

usage: scripts/bench_linter.py [--jobs N] [--build build] [--perf-tus K] [--md FILE]
(--perf-tus limits the slow clang-tidy performance-* run to K TUs.)
"""
import argparse
import datetime
import glob
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-std=c++17", "-isystem", "/usr/include/torch/csrc/api/include",
         "-isystem", "/usr/include/python3.11", "-DTORCH_API_INCLUDE_EXTENSION_H",
         "-DTORCH_EXTENSION_NAME=torchlint_ext", "-I" + os.path.join(ROOT, "kernels/pairs")]


def uniform_project(workdir):
    """12 extension TUs written alike: each starts with <torch/extension.h>
    (copies of the bundled example's op library under other names)."""
    src = open(os.path.join(ROOT, "examples/image_ops/csrc/ops.cpp")).read()
    files = []
    for i in range(12):
        path = os.path.join(workdir, f"op{i:02d}.cpp")
        with open(path, "w") as f:
            f.write(src.replace("image_ops", f"image_ops{i}"))
        files.append(path)
    return files


def project(workdir):
    """The mixed project, copied into a git work tree of its own (so that
    project mode sees these 12 files, not the rest of torchlint's tree)."""
    files = sorted(glob.glob(os.path.join(ROOT, "kernels/pairs/*_hazard.cpp")))
    files += sorted(glob.glob(os.path.join(ROOT, "examples/image_ops/csrc/*.cpp")))
    files += [os.path.join(ROOT, "testdata/torch-compile-schema.cpp"),
              os.path.join(ROOT, "testdata/torch-perf-redundant-copy.cpp")]
    copies = []
    for src in files[:12] + glob.glob(os.path.join(ROOT, "kernels/pairs/*.h")):
        sub = os.path.basename(os.path.dirname(src))
        os.makedirs(os.path.join(workdir, sub), exist_ok=True)
        dst = os.path.join(workdir, sub, os.path.basename(src))
        shutil.copyfile(src, dst)
        if src in files:
            copies.append(dst)
    subprocess.run(["git", "init", "-q", workdir], check=True)
    return copies


def run(argv, env=None):
    """Runs argv; returns (wall seconds, peak RSS in MB of the process tree's
    largest process, exit code)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    return wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def parallel(commands, jobs):
    """Runs the commands `jobs` at a time (like xargs -P): wall time of the
    whole batch and the largest peak RSS of any one command."""
    start = time.monotonic()
    pending = list(commands)
    running = {}
    peak = 0.0
    while pending or running:
        while pending and len(running) < jobs:
            argv = pending.pop(0)
            p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            running[p.pid] = p
        pid, status, usage = os.wait4(-1, 0)
        if pid in running:
            del running[pid]
            peak = max(peak, usage.ru_maxrss / 1024.0)
    return time.monotonic() - start, peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--perf-tus", type=int, default=12)
    ap.add_argument("--md", default=None)
    ap.add_argument("--project", choices=["mixed", "uniform"], default="mixed",
                    help="mixed: kernels, example, testdata (3 distinct torch include "
                         "sets); uniform: 12 TUs that all start with <torch/extension.h>")
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "torch-lint")
    plugin = os.path.join(args.build, "lib", "libTorchLintTidy.so")
    tidy = "/usr/lib/llvm-19/bin/clang-tidy"
    workdir = tempfile.mkdtemp(prefix="torchlint-bench-project-")
    files = project(workdir) if args.project == "mixed" else uniform_project(workdir)
    n = len(files)
    j = args.jobs
    cache = tempfile.mkdtemp(prefix="torchlint-bench-cache-")
    rows = []

    def add(name, wall, rss, tus=n, note=""):
        rows.append((name, wall / tus, rss, note))
        print(f"{name:48s} {wall / tus:8.3f} s/TU  peak {rss:7.0f} MB  {note}", flush=True)

    common = [lint, "--quiet", "--format=json", f"-j{j}", "--checks=torch-*"] + files + ["--"] + FLAGS[-1:]
    # Cold: the cache is empty, so the run includes building the PCHs.
    wall, rss, _ = run(common[:1] + [f"--cache-dir={cache}"] + common[1:])
    entries = len(glob.glob(os.path.join(cache, "pch", "*.pch")))
    add("torch-lint, cold cache (PCH built in the run)", wall, rss / j,
        note=f"process peak {rss:.0f} MB over {j} workers; {entries} cache entries built")
    wall, rss, _ = run(common[:1] + [f"--cache-dir={cache}", "--no-result-cache"] + common[1:])
    add("torch-lint, warm PCH cache (every file parsed)", wall, rss / j,
        note=f"process peak {rss:.0f} MB over {j} workers")
    wall, rss, _ = run(common[:1] + [f"--cache-dir={cache}"] + common[1:])
    add("torch-lint, second run, nothing changed (results cache)", wall, rss / j,
        note=f"process peak {rss:.0f} MB")
    # Pre-commit: one file changed and named, the rest known from the index.
    with open(files[0], "a") as f:
        f.write("// changed\n")
    one = [lint, "--quiet", "--format=json", f"--cache-dir={cache}", "--checks=torch-*",
           files[0], "--"] + FLAGS[-1:]
    wall, rss, _ = run(one)
    add("torch-lint, one file changed, that file named", wall, rss, tus=1,
        note=f"wall {wall:.2f} s for the run")
    # Each file alone (project mode off), cold, as torch-lint 0.1 before
    # project mode: the first project-mode run's reference.
    solo = tempfile.mkdtemp(prefix="torchlint-bench-cache-")
    wall, rss, _ = run(common[:1] + [f"--cache-dir={solo}", "--no-project"] + common[1:])
    add("torch-lint --no-project, cold cache", wall, rss / j, note=f"process peak {rss:.0f} MB")
    shutil.rmtree(solo, ignore_errors=True)
    wall, rss, _ = run(common[:1] + ["--no-cache"] + common[1:])
    add("torch-lint --no-cache (skipped bodies + scope)", wall, rss / j,
        note=f"process peak {rss:.0f} MB")
    wall, rss, _ = run(common[:1] + ["--no-fast"] + common[1:])
    add("torch-lint --no-fast (every speed-up off)", wall, rss / j,
        note=f"process peak {rss:.0f} MB")
    base_wall, rss = parallel([["clang++-19", "-fsyntax-only"] + FLAGS + [f] for f in files], j)
    add("clang++-19 -fsyntax-only", base_wall, rss)
    base = base_wall / n
    if os.path.exists(plugin):
        wall, rss = parallel([[tidy, f"--load={plugin}", "--checks=-*,torch-*", "--quiet", f,
                               "--"] + FLAGS for f in files], j)
        add("clang-tidy-19 + torchlint plugin", wall, rss)
    k = min(args.perf_tus, n)
    wall, rss = parallel([[tidy, "--checks=-*,performance-*", "--quiet", f, "--"] + FLAGS
                          for f in files[:k]], j)
    add(f"clang-tidy-19 --checks=performance-* ({k} TUs)", wall, rss, tus=k)
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(workdir, ignore_errors=True)

    lines = ["| tool | wall time per TU | vs clang++ -fsyntax-only | peak RSS per worker |",
             "|---|---:|---:|---:|"]
    for name, per_tu, rss, note in rows:
        lines.append(f"| {name} | {per_tu:.3f} s | {per_tu / base:.3f}x | {rss:.0f} MB |")
    table = "\n".join(lines)
    print("\n" + table)
    if args.md:
        mode = "a" if args.project == "uniform" and os.path.exists(args.md) else "w"
        cpu = subprocess.run(["sh", "-c", "lscpu | sed -n 's/^Model name: *//p'"],
                             capture_output=True, text=True).stdout.strip()
        load = open("/proc/loadavg").read().split()[:3]
        with open(args.md, mode) as f:
            if mode == "w":
                f.write("# Linter speed on torch translation units\n\n")
                f.write("<!-- Generated by scripts/bench_linter.py (--project mixed, then "
                        "--project uniform); rerun both to update. -->\n\n")
            f.write(f"## Project: {args.project}\n\n")
            f.write(f"Command: `scripts/bench_linter.py --project {args.project} --jobs {j} "
                    f"--perf-tus {k} --md {os.path.relpath(args.md, ROOT)}`  \n")
            f.write(f"Machine: {cpu or platform.processor()}, {os.cpu_count()} cores; "
                    f"load average before the last row {' '.join(load)}; "
                    f"{datetime.datetime.utcnow().isoformat(timespec='seconds')}Z.  \n")
            what = ("copies of kernels/pairs/*_hazard.cpp, examples/image_ops/csrc/*.cpp "
                    "and two testdata files in a git work tree of their own: six "
                    "distinct sets of torch includes"
                    if args.project == "mixed" else
                    "12 copies of the bundled example's op library, each starting with "
                    "<torch/extension.h>, as the TUs of one extension usually do")
            f.write(f"Project: {n} TUs against Debian's libtorch 1.13 headers ({what}); "
                    f"every tool at -j{j}; torch-lint with every torch-* check.\n\n")
            f.write(table + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
