#!/usr/bin/python3
"""action.yml's steps, run here with the inputs workflows pass (runner.py).

The scenarios of docs/guide/ci.md: a push (full SARIF, uploaded, the PCH
cache saved), the next push (cache restored, unchanged, not saved again), a
pull request from a fork (annotations on the changed lines, no upload) and
from the repository itself (upload), a lint step that fails (the cache is
still saved), install-only with `wheel: pypi`, fail-on-findings: false.
torchlint comes from dist/ (`wheel: <dir>`): the wheel scripts/build-wheel.sh
built; without it the test is skipped (exit 77), in CI it fails. The runner
has no compiler use: the wheel's torch-lint runs with /usr/lib/llvm-19
hidden where that can be done (root, unshare), as on a runner without LLVM.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from runner import Run, Store  # noqa: E402

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VERSION = re.search(r"project\(torchlint VERSION ([0-9.]+)",
                    open(os.path.join(SRC, "CMakeLists.txt")).read()).group(1)
DIST = os.environ.get("TORCHLINT_DIST", os.path.join(SRC, "dist"))
MOCK = os.path.join(SRC, "testdata", "include")

HAZARD = ("#include <torch/torch.h>\n"
          "at::Tensor f(const at::Tensor &x) {\n"
          "  return x.sigmoid().clone();\n"
          "}\n")
CLEAN = ("#include <torch/torch.h>\n"
         "at::Tensor g(const at::Tensor &x) {\n"
         "  return x.sigmoid();\n"
         "}\n")

failures = []


def check(what, cond, run=None):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if run is not None:
            print(run.dump())


def git(ws, *args):
    return subprocess.run(["git", "-C", ws, *args], check=True, stdout=subprocess.PIPE,
                          text=True).stdout.strip()


def workspace(tmp, name):
    """A checked-out repository: csrc/clean.cpp committed (the base), then
    csrc/ops.cpp with a hazard (the head)."""
    ws = os.path.join(tmp, name)
    os.makedirs(os.path.join(ws, "csrc"))
    git(ws, "init", "-q")
    with open(os.path.join(ws, "csrc", "clean.cpp"), "w") as f:
        f.write(HAZARD.replace("f(", "old("))
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "base")
    base = git(ws, "rev-parse", "HEAD")
    with open(os.path.join(ws, "csrc", "ops.cpp"), "w") as f:
        f.write(HAZARD)
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "head")
    return ws, base


def main():
    wheels = glob.glob(os.path.join(DIST, f"torchlint-{VERSION}-*.whl"))
    if len(wheels) != 1:
        msg = (f"expected one wheel {DIST}/torchlint-{VERSION}-*.whl, found {len(wheels)} "
               "(scripts/build-wheel.sh builds it)")
        if os.environ.get("CI") == "true":
            print("FAIL: " + msg)
            return 1
        print("SKIP: " + msg)
        return 77
    tmp = tempfile.mkdtemp(prefix="torchlint-action-test-")
    try:
        return scenarios(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def scenarios(tmp):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update({"HOME": os.path.join(tmp, "home"), "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
                "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_CACHE_DIR": "1",
                "PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": os.path.join(tmp, "nothing")})
    for k in ("TORCH_INCLUDE", "TORCH_LINT", "XDG_CACHE_HOME"):
        env.pop(k, None)
    os.makedirs(env["HOME"])
    # The wheel's directory as a find-links `wheel:` input, and as "the
    # package index" of `wheel: pypi`.
    store = Store(os.path.join(tmp, "cache-store"))
    os.makedirs(store.root)
    common = {"paths": "csrc", "torch-include": MOCK, "wheel": DIST}
    ws, base = workspace(tmp, "ws")

    wrap = []
    hide = ["unshare", "-m", "sh", "-c", 'mount -t tmpfs none /usr/lib/llvm-19 && exec "$@"', "sh"]
    if subprocess.run(hide + ["test", "!", "-e", "/usr/lib/llvm-19/lib"]).returncode == 0:
        wrap = hide
        print("the steps run with /usr/lib/llvm-19 hidden")
    elif os.environ.get("CI") == "true":
        print("FAIL: cannot hide /usr/lib/llvm-19 (unshare -m as root) in CI")
        return 1

    def run(**kw):
        start = time.time()
        r = Run(SRC, kw.pop("ws", ws), store, env=kw.pop("env", env), wrap=wrap,
                temp=os.path.join(tmp, "_temp"), **kw).run()
        print(f"  ({time.time() - start:.1f} s)")
        return r

    print("push to main, first run:")
    r = run(inputs=common)
    check("torchlint installed from the wheel (no build)", r.outcome("install") == "success"
          and f"torch-lint {VERSION} (clang-tidy engine, LLVM 19." in r.output("install"), r)
    check("no cache to restore yet", r.outcome("restore") == "success"
          and r.steps["restore"]["outputs"]["cache-matched-key"] == "", r)
    check("lint: exit 1 (findings)", r.steps["lint"]["outputs"].get("exit-code") == "1", r)
    sarif = json.load(open(os.path.join(ws, "torch-lint.sarif")))
    results = sarif["runs"][0]["results"]
    check("SARIF: the full results (both files)", sorted(
        x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for x in results)
        == ["csrc/clean.cpp", "csrc/ops.cpp"], r)
    check("SARIF driver version is the wheel's", sarif["runs"][0]["tool"]["driver"]["version"] == VERSION, r)
    check("no annotations on a push", "::warning" not in r.output("lint"), r)
    check("cache saved", r.outcome("Save the torch-lint cache") == "success"
          and len(store.entries) == 1 and store.entries[0][0].startswith(
              f"torchlint-pch-Linux-{os.uname().machine}-{VERSION}-"), r)
    check("SARIF uploaded", r.uploads == [("torch-lint.sarif", "torch-lint")], r)
    check("the job fails on findings", r.outcome("Outcome") == "failure" and r.failed, r)

    print("push, second run (warm cache):")
    r = run(inputs=common)
    check("cache restored", r.steps["restore"]["outputs"]["cache-matched-key"] == store.entries[0][0], r)
    check("unchanged cache not saved again", r.outcome("Save the torch-lint cache") == "skipped"
          and "unchanged" in r.output("cache-key") and len(store.entries) == 1, r)
    check("same findings", r.steps["lint"]["outputs"].get("exit-code") == "1", r)

    fork_pr = {"pull_request": {"base": {"sha": base},
                                "head": {"repo": {"full_name": "someone/fork"}}}}
    print("pull request from a fork:")
    r = run(inputs=common, event_name="pull_request", event=fork_pr)
    lint = r.output("lint")
    check("annotations for the changed file", "::warning title=torch-perf-redundant-copy,file=csrc/ops.cpp,line=3" in lint, r)
    check("no annotations for unchanged files", "file=csrc/clean.cpp" not in lint, r)
    check("no upload from a fork (read-only token)", r.outcome("Upload SARIF to code scanning") == "skipped"
          and r.uploads == [], r)
    check("the job fails on the annotated findings", r.outcome("Outcome") == "failure", r)

    same_pr = {"pull_request": {"base": {"sha": base},
                                "head": {"repo": {"full_name": "org/repo"}}}}
    print("pull request from the repository:")
    r = run(inputs=common, event_name="pull_request", event=same_pr)
    check("uploaded", r.uploads == [("torch-lint.sarif", "torch-lint")], r)
    print("pull request by Dependabot:")
    r = run(inputs=common, event_name="pull_request", event=same_pr, actor="dependabot[bot]")
    check("no upload (read-only token)", r.uploads == [], r)

    print("a lint step that fails, fresh cache store:")
    store.entries.clear()
    r = run(inputs=common, fail_steps={"lint"})
    check("the lint step failed", r.outcome("lint") == "failure", r)
    check("the cache is saved all the same", r.outcome("Save the torch-lint cache") == "success"
          and len(store.entries) == 1, r)
    check("no upload, no outcome step", r.outcome("Upload SARIF to code scanning") == "skipped"
          and r.outcome("Outcome") == "skipped" and r.failed, r)

    print("fail-on-findings: false, cache: false, clean tree:")
    ws2, _ = workspace(tmp, "ws2")
    os.remove(os.path.join(ws2, "csrc", "ops.cpp"))
    with open(os.path.join(ws2, "csrc", "clean.cpp"), "w") as f:
        f.write(CLEAN)
    saved = len(store.entries)
    r = run(ws=ws2, inputs={**common, "fail-on-findings": "false", "cache": "false"})
    check("exit 0, the job passes", r.steps["lint"]["outputs"].get("exit-code") == "0" and not r.failed, r)
    check("no cache steps", r.outcome("restore") == "skipped" and len(store.entries) == saved, r)

    print("a pull request that commits torch-lint.sarif as a symlink:")
    ws3, base3 = workspace(tmp, "ws3")
    victim = os.path.join(tmp, "victim.txt")
    with open(victim, "w") as f:
        f.write("the runner user's file\n")
    os.symlink(victim, os.path.join(ws3, "torch-lint.sarif"))
    os.symlink(tmp, os.path.join(ws3, "out"))
    r = run(ws=ws3, inputs=common, event_name="pull_request", event=fork_pr)
    check("the symlink's target is not written", open(victim).read() == "the runner user's file\n", r)
    check("the step says why and reports exit 2", r.steps["lint"]["outputs"].get("exit-code") == "2"
          and "sarif-file: not written" in r.output("lint"), r)
    r = run(ws=ws3, inputs={**common, "sarif-file": "out/report.sarif"})
    check("a directory symlinked out of the workspace is refused",
          not os.path.exists(os.path.join(tmp, "report.sarif"))
          and r.steps["lint"]["outputs"].get("exit-code") == "2", r)
    r = run(ws=ws3, inputs={**common, "sarif-file": "reports.sarif"})
    check("a new file in the workspace is written", json.load(open(os.path.join(ws3, "reports.sarif")))
          ["runs"][0]["results"] != [] and not [n for n in os.listdir(ws3) if n.startswith(".torch-lint-sarif")], r)

    print("install-only, wheel: pypi (the index: dist/):")
    pypi_env = {**env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": DIST}
    r = run(inputs={"install-only": "true", "wheel": "pypi"}, env=pypi_env)
    check("installed torchlint==version", f"pip install torchlint=={VERSION}" in r.output("install")
          and r.outcome("install") == "success", r)
    exe = r.steps["install"]["outputs"].get("torch-lint", "")
    check("output torch-lint is the executable", exe.endswith("/bin/torch-lint") and os.access(exe, os.X_OK), r)
    check("nothing linted", r.outcome("lint") == "skipped" and not r.failed, r)

    print("wheel: release names the release asset:")
    # (Not fetched here: no network but the package registries.)
    step = next(s for s in Run(SRC, ws, store, env=env).spec["runs"]["steps"] if s.get("id") == "install")
    script = step["run"].split('venv="$RUNNER_TEMP/torchlint-venv"')[0] + 'printf "%s\\n" "${spec[@]}"\n'
    out = subprocess.run(["bash", "-eo", "pipefail", "-c", script], text=True, stdout=subprocess.PIPE,
                         env={**env, "IN_WHEEL": "release", "IN_RELEASE_REPOSITORY": "torchlint/torchlint",
                              "GITHUB_ACTION_PATH": SRC, "GITHUB_SERVER_URL": "https://github.com"}).stdout
    check("release asset URL", out.strip() == f"https://github.com/torchlint/torchlint/releases/download/"
          f"v{VERSION}/torchlint-{VERSION}-py3-none-manylinux_2_17_{os.uname().machine}"
          f".musllinux_1_1_{os.uname().machine}.whl")

    print(f"{len(failures)} failed" if failures else "PASS: the action's steps")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
