"""pytest wiring of the runtime proofs: build directory, the linter's own
findings, evidence rows and the docs/compile-evidence.md writer.

Environment:
  TORCHLINT_PROOFS_BUILD_DIR  where extensions are built (default: a pytest
                              temporary directory); never the source tree
  TORCHLINT_BIN               the torch-lint binary (default build/bin/torch-lint)
  TORCHLINT_EVIDENCE_OUT      if set, the evidence markdown is written there
                              at the end of the run
  TORCHLINT_EVIDENCE_COMMAND  the command line recorded in that file
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import proofkit  # noqa: E402
from proofkit import EVIDENCE, REPO, Row, gb_claimed, source  # noqa: E402

import torch  # noqa: E402

# Errors Dynamo logs before it raises them: the tests look at the exceptions.
for _name in ("torch._subclasses.fake_tensor", "torch._dynamo", "torch.fx.experimental.symbolic_shapes"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)

CHECK_FILES = {
    "torch-compile-opaque-binding": "torch-compile-opaque-binding.cpp",
    "torch-compile-opaque-binding-unreached": "torch-compile-opaque-binding-unreached.cpp",
    "torch-compile-data-dependent": "torch-compile-data-dependent.cpp",
    "torch-compile-missing-fake-kernel": "torch-compile-missing-fake-kernel.cpp",
    "torch-compile-schema": "torch-compile-schema.cpp",
    "torch-compile-symint": "torch-compile-symint.cpp",
    "torch-compile-divergent-guard": "torch-compile-divergent-guard.cpp",
    "torch-bugprone-write-to-copy": "torch-bugprone-write-to-copy.cpp",
}

_OUTCOMES: dict[str, str] = {}
_START = time.time()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "proves(file, anchor, check=None): the test is the runtime proof of the "
        "finding annotated on the testdata line containing `anchor`")


def pytest_collection_modifyitems(session, config, items):
    # The coverage checks read the evidence the proofs recorded: run them last.
    items.sort(key=lambda i: Path(i.path).name == "test_coverage.py")


# --------------------------------------------------------------------------
# Fixtures


@pytest.fixture(scope="session")
def builder(tmp_path_factory) -> proofkit.Builder:
    root = os.environ.get("TORCHLINT_PROOFS_BUILD_DIR")
    if root:
        path = Path(root).resolve()
        # Inside the repository only under a build*/ directory (git-ignored).
        if path.is_relative_to(REPO) and not path.relative_to(REPO).parts[0].startswith("build"):
            raise RuntimeError(f"TORCHLINT_PROOFS_BUILD_DIR={path} is inside the source tree")
    else:
        path = tmp_path_factory.mktemp("extensions")
    return proofkit.Builder(path)


class Lint:
    """torch-lint's findings for the compile testdata, against the torch
    headers of this Python (the real 2.15 ones)."""

    def __init__(self):
        self.error: str | None = None
        self.findings: list[dict] = []
        self.command: list[str] = []
        binary = Path(os.environ.get("TORCHLINT_BIN", REPO / "build" / "bin" / "torch-lint"))
        if not binary.is_file():
            self.error = f"torch-lint binary not found at {binary} (set TORCHLINT_BIN)"
            return
        env = dict(os.environ, VIRTUAL_ENV=sys.prefix)
        for check, f in CHECK_FILES.items():
            # Each testdata file is a program of its own (--no-project), with
            # testdata/ as its project (as tests/TestdataTest.cpp lints it).
            cmd = [str(binary), f"--checks=-*,{check}", "--format=json", "--quiet", "--no-project",
                   "--project-root=testdata", f"testdata/{f}"]
            self.command = cmd
            p = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
            if p.returncode not in (0, 1):
                self.error = f"{' '.join(cmd)}: exit {p.returncode}\n{p.stderr[-2000:]}"
                return
            data = json.loads(p.stdout)
            if data.get("errors"):
                self.error = f"{' '.join(cmd)}: {data['errors']}"
            for x in data["findings"]:
                x["file"] = Path(x["file"]).name
                self.findings.append(x)

    def at(self, file: str, line: int, check: str | None = None) -> list[dict]:
        return [x for x in self.findings if x["file"] == file and x["line"] == line
                and (check is None or x["check"] == check)]

    def notes(self, file: str, line: int, check: str | None = None) -> list[str]:
        return [n["message"] for x in self.at(file, line, check) for n in x.get("notes", [])]

    def message(self, file: str, line: int, check: str | None = None) -> str:
        hits = self.at(file, line, check)
        if hits:
            return " | ".join(x["message"] for x in hits)
        exps = [e for e in source(file).expects() if e.line == line and (check is None or e.check == check)]
        return " | ".join(f"(annotation) {e.substring}" for e in exps) or "(no finding)"


@pytest.fixture(scope="session")
def lint() -> Lint:
    return Lint()


@pytest.fixture
def record(request, lint):
    """record(file, line, experiment, observed, check=..., kind=..., claim=...,
    gb_observed=...): one evidence row for this test."""

    def _record(file, line, experiment, observed, *, check=None, kind="finding",
                claim=None, gb_observed=None):
        if check is None:
            check = "torch-" + file.split("torch-", 1)[1].split(".")[0]
        if claim is None:
            claim = lint.message(file, line, check) if isinstance(line, int) else ""
        gbo = gb_observed
        if isinstance(gbo, (list, tuple)):
            gbo = ",".join(gbo) if gbo else "none"
        EVIDENCE.append(Row(request.node.nodeid, file, line, check, claim, experiment, observed,
                            gb_claimed(claim) if kind == "finding" else None, gbo, kind))

    return _record


# --------------------------------------------------------------------------
# Outcomes and the evidence file


def pytest_runtest_logreport(report):
    prev = _OUTCOMES.get(report.nodeid)
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        if hasattr(report, "wasxfail"):
            outcome = "XFAIL (strict)" if report.outcome == "skipped" else "XPASS"
        else:
            outcome = {"passed": "PASS", "failed": "FAIL", "skipped": "SKIP"}[report.outcome]
        _OUTCOMES[report.nodeid] = outcome
    elif report.when == "teardown" and report.outcome == "failed" and prev:
        _OUTCOMES[report.nodeid] = "FAIL"


def _cell(s) -> str:
    s = "" if s is None else str(s)
    s = s.replace("\r", " ").replace("\n", " ").replace("|", "\\|")
    return s if len(s) <= 600 else s[:597] + "..."


def _line_key(r: Row):
    return (r.file, r.line if isinstance(r.line, int) else 10**6, r.kind, r.nodeid)


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("TORCHLINT_EVIDENCE_OUT")
    if not out:
        return
    builder_times = {k: v for b in proofkit.BUILDERS for k, v in b.times.items()}
    rows = sorted(EVIDENCE, key=_line_key)
    counts: dict[str, int] = {}
    for o in _OUTCOMES.values():
        counts[o] = counts.get(o, 0) + 1
    cmd = os.environ.get("TORCHLINT_EVIDENCE_COMMAND") or " ".join(
        [Path(sys.executable).name, "-m", "pytest"] + list(session.config.invocation_params.args))
    now = datetime.datetime.now(datetime.timezone.utc)
    L = []
    L.append("# torch.compile evidence for the compile checks\n")
    L.append("<!-- Generated by tests/proofs (pytest_sessionfinish in conftest.py); "
             "do not edit by hand: rerun the command below. -->\n")
    tdir = Path(torch.__file__).parent
    tdir = tdir.relative_to(REPO) if tdir.is_relative_to(REPO) else tdir
    L.append(f"- torch: `{torch.__version__}` (`{tdir}`), "
             f"Python {platform.python_version()}, CPU only")
    L.append(f"- date: {now.strftime('%Y-%m-%d %H:%M UTC')}; wall time "
             f"{time.time() - _START:.0f} s; extension builds "
             f"{sum(builder_times.values()):.0f} s for {len(builder_times)} sources "
             "(ninja reuses unchanged builds when the build directory is kept)")
    L.append(f"- command: `{cmd}`")
    L.append(f"- pytest exit status {int(exitstatus)}; tests: "
             + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    L.append("- claims are torch-lint's messages for the line, from "
             "`torch-lint --checks=-*,<check> --format=json` against this torch's headers; "
             "GB ids observed are the gbXXXX links in torch's own messages "
             "(`torch/_dynamo/graph_break_registry.json`).")
    L.append("- result: PASS = the experiment shows the claim true; XFAIL (strict) = "
             "the claim is not true on this torch (the test asserts the claim and fails as "
             "expected; the reason is in the observed column); FAIL = a proof that did not hold.\n")

    false_rows = [r for r in rows if _OUTCOMES.get(r.nodeid, "").startswith("XFAIL")]
    failed_rows = [r for r in rows if _OUTCOMES.get(r.nodeid) in ("FAIL", "XPASS")]
    L.append("## Not true on this torch\n")
    if not false_rows:
        L.append("None.\n")
    for r in false_rows:
        L.append(f"- {r.file}:{r.line} ({r.check}, {r.kind}): {_cell(r.claim)} — observed: {_cell(r.observed)}")
    L.append("")
    if failed_rows:
        L.append("## Proofs that failed in this run\n")
        for r in failed_rows:
            L.append(f"- {r.file}:{r.line} ({r.check}): `{r.nodeid.split('::', 1)[-1]}` — {_cell(r.observed)}")
        L.append("")

    L.append("## GB ids: claimed by torch-lint vs observed\n")
    L.append("| file:line | check | claimed | observed | match |")
    L.append("|---|---|---|---|---|")
    seen = set()
    for r in rows:
        if r.kind != "finding" or not r.gb_claimed:
            continue
        key = (r.file, r.line, r.check)
        if key in seen:
            continue
        seen.add(key)
        obs = r.gb_observed or "none"
        match = "yes" if r.gb_claimed in obs.split(",") else "**no**"
        names = ", ".join(f"{g} \"{proofkit.gb_type(g)}\"" for g in obs.split(",") if g.startswith("GB"))
        L.append(f"| {r.file}:{r.line} | {r.check} | {r.gb_claimed} \"{proofkit.gb_type(r.gb_claimed)}\" "
                 f"| {_cell(names or obs)} | {match} |")
    L.append("")

    L.append("## Findings, fixes and negatives\n")
    L.append("| file:line | check | kind | claim | experiment | observed | result | test |")
    L.append("|---|---|---|---|---|---|---|---|")
    for r in rows:
        res = _OUTCOMES.get(r.nodeid, "?")
        test = r.nodeid.split("::", 1)[-1]
        L.append(f"| {r.file}:{r.line} | {r.check} | {r.kind} | {_cell(r.claim)} | {_cell(r.experiment)} "
                 f"| {_cell(r.observed)} | {res} | `{_cell(test)}` |")
    L.append("")
    unrecorded = sorted(n for n in _OUTCOMES if n not in {r.nodeid for r in rows})
    if unrecorded:
        L.append("## Other tests\n")
        for n in unrecorded:
            L.append(f"- `{n.split('::', 1)[-1]}`: {_OUTCOMES[n]}")
        L.append("")
    Path(out).write_text("\n".join(L) + "\n")
