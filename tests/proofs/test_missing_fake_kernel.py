"""torch-compile-missing-fake-kernel: ops torch.compile cannot run on fake
tensors.

tlp_mf: the testdata file verbatim (torch.ops.mf.*). The Python fakes the
testdata relies on (testdata/python/fake_kernels.py) are loaded for the
negatives that name them.
"""

import runpy

import pytest
import torch

from proofkit import (TESTDATA, Fakes, compile_run, describe_error, fake_run, full_text,
                      same_behaviour, source)

FILE = "torch-compile-missing-fake-kernel.cpp"
TD = source(FILE)


@pytest.fixture(scope="module")
def mf(builder):
    builder.build("tlp_mf", TD.verbatim(), python_module=False)
    return torch.ops.mf


def _opcheck(op, args):
    r = torch.library.opcheck(op, args, raise_exception=False)
    return {k: "SUCCESS" if v == "SUCCESS" else f"{type(v).__name__}: {str(v).splitlines()[0][:160] if str(v) else ''}"
            for k, v in r.items()}


def _fmt(r):
    return ", ".join(f"{k} {v}" for k, v in r.items())


def x43():
    return torch.linspace(-2, 2, 12).reshape(4, 3).clone()  # not a view: no view guards


def test_no_fake_kernel(mf, record):
    line = TD.line_of('m.def("no_fake(')
    oc = _opcheck(mf.no_fake.default, (x43(),))
    full = compile_run(lambda x: mf.no_fake(x) + 1, [(x43(),)], fullgraph=True)
    default = compile_run(lambda x: mf.no_fake(x) + 1, [(x43(),)], fullgraph=False)
    record(FILE, line, "torch.library.opcheck(mf::no_fake); torch.compile(no_fake(x) + 1) "
           "fullgraph=True and default",
           f"opcheck: {_fmt(oc)}; fullgraph: {full.summary()}; default: {default.summary()}",
           gb_observed=full.gbs)
    assert oc["test_faketensor"].startswith("UnsupportedOperatorException"), oc
    assert isinstance(full.error, torch._dynamo.exc.Unsupported) and "GB0090" in full.gbs, full.summary()
    assert "Operator does not support running with fake tensors" in str(full.error)
    assert default.ok and "GB0090" in default.gbs


def test_suggested_fake_kernel_fixes_it(mf, record):
    """The message's fix: a fake kernel registered from Python."""
    line = TD.line_of('m.def("no_fake(')
    fakes = Fakes("mf")
    try:
        fakes.add("no_fake", lambda x: torch.empty_like(x))
        oc = _opcheck(mf.no_fake.default, (x43(),))
        full = compile_run(lambda x: mf.no_fake(x) + 1, [(x43(),)], fullgraph=True)
    finally:
        fakes.close()
    eager = mf.no_fake(x43()) + 1
    record(FILE, line, "register_fake for mf::no_fake returning empty_like(x); opcheck; "
           "torch.compile(fullgraph=True) vs eager",
           f"opcheck: {_fmt(oc)}; fullgraph: {full.summary()}", kind="fix",
           claim="suggested fix: @torch.library.register_fake for the op")
    assert all(v == "SUCCESS" for v in oc.values()), oc
    assert full.ok and full.graphs == 1 and not full.breaks, full.summary()
    assert same_behaviour(("ok", full.result, ()), ("ok", eager, ()))


def _segments():
    return (torch.arange(6, dtype=torch.float32), torch.tensor([0, 2, 6]))


def _segment_sum_observations(mf):
    full = compile_run(lambda s, p: mf.segment_sum(s, p) + 1, [_segments()], fullgraph=True)
    default = compile_run(lambda s, p: mf.segment_sum(s, p) + 1, [_segments()], fullgraph=False)
    fake = fake_run(mf.segment_sum, _segments())
    return full, default, fake


def test_catch_all_kernel_runs_on_fake_tensors(mf, record):
    line = TD.line_of('m.def("segment_sum(')
    full, default, fake = _segment_sum_observations(mf)
    oc = _opcheck(mf.segment_sum.default, _segments())
    fake_s = "runs" if fake[0] == "ok" else "raises " + describe_error(fake[1])
    record(FILE, line, "torch.compile(segment_sum(src, ptr) + 1) fullgraph=True and default; the "
           "op under FakeTensorMode; opcheck",
           f"fullgraph: {full.summary()}; default: {default.summary()}; fake mode: {fake_s}; "
           f"opcheck: {_fmt(oc)}", gb_observed=full.gbs or default.gbs)
    assert not full.ok, full.summary()
    assert default.ok and default.breaks, default.summary()
    # The failure comes from inside the kernel's data read (item()) on fake tensors.
    assert fake[0] == "raise", "the kernel ran on fake tensors without failing"
    assert "data-dependent" in full_text(fake[1]) or "data is not allocated" in full_text(fake[1])


def test_catch_all_error_is_what_the_message_names(mf, record):
    """item() in the catch-all kernel: a data-dependent value, GB0033."""
    line = TD.line_of('m.def("segment_sum(')
    full, default, fake = _segment_sum_observations(mf)
    record(FILE, line, "the break the message names: a data-dependent value [GB0033]",
           f"fullgraph: {full.summary()}; default: {default.summary()}", kind="finding",
           gb_observed=full.gbs or default.gbs)
    assert "GB0033" in full.gbs + default.gbs, (full.summary(), default.summary())


@pytest.fixture(scope="module")
def py_fakes(mf):
    runpy.run_path(str(TESTDATA / "python" / "fake_kernels.py"))


NEGATIVES = [
    ("with_meta", 'm.def("with_meta(', "Meta kernel gelu_meta", lambda: torch.ops.mf.with_meta),
    ("with_py_fake", 'm.def("with_py_fake(', "Python register_fake in testdata/python/fake_kernels.py",
     lambda: torch.ops.mf.with_py_fake),
    ("softplus", 'm.def("softplus(', "composite kernel of tensor ops", lambda: torch.ops.mf.softplus),
]


@pytest.mark.parametrize("name,anchor,why,op", NEGATIVES, ids=[n[0] for n in NEGATIVES])
def test_negatives_compile_fullgraph(name, anchor, why, op, mf, py_fakes, record):
    line = TD.line_of(anchor)
    fn = op()
    full = compile_run(lambda x: fn(x) + 1, [(x43(),)], fullgraph=True)
    dyn = compile_run(lambda x: fn(x) + 1, [(x43(),), (torch.ones(5, 2),), (torch.ones(7, 3),)],
                      fullgraph=True, dynamic=True)
    oc = _opcheck(fn, (x43(),))
    record(FILE, line, f"torch.compile({name}(x) + 1, fullgraph=True), also dynamic=True over 3 "
           f"shapes; opcheck [{why}]", f"static: {full.summary()}; dynamic: {dyn.summary()}; "
           f"opcheck: {_fmt(oc)}", kind="negative", claim=f"not flagged: {why}")
    assert full.ok and full.graphs == 1 and not full.breaks, full.summary()
    assert dyn.ok and dyn.graphs == 1, dyn.summary()
    assert oc["test_faketensor"] == "SUCCESS", oc


def test_with_abstract_traces(mf, py_fakes, record):
    """Negative with a Python impl_abstract. The testdata registers its CPU
    kernel as m.impl("with_abstract", ...), i.e. for the default overload, not
    for 'with_abstract.overload': the op cannot run on CPU at all, so only
    tracing (fake) is checked here, on meta inputs."""
    line = TD.line_of('m.def("with_abstract.overload(')
    fn = torch.ops.mf.with_abstract.overload
    full = compile_run(lambda x: fn(x) + 1, [(torch.empty(4, 3, device="meta"),)], fullgraph=True)
    fake = fake_run(fn, (x43(),))
    try:
        fn(x43())
        eager = "runs"
    except Exception as e:  # noqa: BLE001
        eager = "raises " + describe_error(e)
    record(FILE, line, "torch.compile(with_abstract.overload(x) + 1, fullgraph=True) on meta inputs; "
           "the op under FakeTensorMode; eager on CPU",
           f"compile: {full.summary()}; fake mode: {'runs' if fake[0] == 'ok' else describe_error(fake[1])}; "
           f"eager CPU: {eager[:200]}", kind="negative",
           claim="not flagged: Python impl_abstract in testdata/python/fake_kernels.py")
    assert full.ok and full.graphs == 1 and not full.breaks, full.summary()
    assert fake[0] == "ok"
