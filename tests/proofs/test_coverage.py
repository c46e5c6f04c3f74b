"""The proofs cover the annotations, and the claims are the linter's own
messages. Runs after the proof modules (conftest orders it last)."""

from pathlib import Path

import pytest

from conftest import CHECK_FILES
from proofkit import EVIDENCE, source

PROOF_MODULES = {"test_opaque_binding.py", "test_data_dependent.py", "test_missing_fake_kernel.py",
                 "test_schema.py", "test_symint.py", "test_divergent_guard.py",
                 "test_write_to_copy.py"}


def test_linter_runs(lint):
    assert lint.error is None, lint.error
    assert lint.findings


@pytest.mark.parametrize("check,file", sorted(CHECK_FILES.items()))
def test_linter_reports_every_annotation(check, file, lint):
    """torch-lint, against the real torch headers, reports each `// expect:`
    of the file's check (so the claims tested are what users see)."""
    assert lint.error is None, lint.error
    missing = []
    for e in source(file).expects():
        if e.check != check:
            continue
        if not any(e.substring in x["message"] for x in lint.at(file, e.line, check)):
            missing.append(f"{file}:{e.line}: {e.check}: {e.substring}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("check,file", sorted(CHECK_FILES.items()))
def test_every_annotation_has_a_proof(check, file, request):
    ran = {Path(i.path).name for i in request.session.items}
    if not PROOF_MODULES <= ran:
        pytest.fail(f"run the whole suite: proof modules not collected: {sorted(PROOF_MODULES - ran)}")
    proved = {(r.file, r.line, r.check) for r in EVIDENCE if r.kind == "finding"}
    missing = [f"{file}:{e.line}: {e.check}: {e.substring}" for e in source(file).expects()
               if e.check == check and (file, e.line, check) not in proved]
    assert not missing, "no runtime proof for:\n" + "\n".join(missing)
