"""torch-compile-missing-fake-kernel: ops torch.compile cannot run on fake
tensors.

tlp_mf: the testdata file verbatim (torch.ops.mf.*, torch.ops.mfo.*). The
Python fakes the testdata relies on (testdata/python/fake_kernels.py) are
loaded for the tests that name them.

torch-lint takes a literal `torch.ops.<ns>.<op>.<overload>` in the work tree's
Python files (this one included) as evidence that Python calls that overload;
the overloads the testdata says nobody calls are reached through getattr here.
"""

import runpy

import pytest
import torch

from proofkit import (TESTDATA, Fakes, build_and_import, byte_identical, compile_run, describe_error,
                      fake_run, full_text, same_behaviour, source, write_and_fix)

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


# pytorch_sparse's form: legacy RegisterOperators catch-all kernels that
# read raw data (lg::ind2ptr, lg::ptr2ind), registered by one chain, each
# reported on its own `.op` line.
LEGACY = {
    "ind2ptr": lambda: (torch.tensor([0, 0, 1, 2]), 3),
    "ptr2ind": lambda: (torch.tensor([0, 2, 3, 4]), 4),
}


@pytest.mark.parametrize("name", list(LEGACY))
def test_legacy_catch_all_reading_raw_data_fails_under_compile(name, mf, record):
    line = TD.line_of(f'.op("lg::{name}"')
    op = getattr(torch.ops.lg, name)
    tensor, n = LEGACY[name]()
    full = compile_run(lambda t: op(t, n) + 1, [(tensor,)], fullgraph=True)
    fake = fake_run(op, (tensor, n))
    fake_s = "runs" if fake[0] == "ok" else "raises " + describe_error(fake[1])
    record(FILE, line, f"torch.compile(lg::{name}(t, {n}) + 1, fullgraph=True); the op under "
           "FakeTensorMode", f"fullgraph: {full.summary()}; fake mode: {fake_s}",
           gb_observed=full.gbs)
    assert not full.ok, full.summary()
    assert "GB4315" in full.gbs, full.summary()
    assert fake[0] == "raise", "the kernel ran on fake tensors without failing"
    assert "data is not allocated" in full_text(fake[1]), full_text(fake[1])


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
    """Negative with a Python impl_abstract("mf::with_abstract.overload"),
    the overload the CPU kernel is registered for."""
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


# --- Overloads and mutating ops (mfo) ---------------------------------------------
# Each overload is its own operator: FakeTensor looks the fake up by
# OpOverload.name() ("mfo::op" or "mfo::op.out").


def x4():
    return torch.linspace(-2, 2, 4)


def _call(op, overload):
    """op.<overload>(x[, out=]) + 1, the overload taken with getattr."""
    fn = getattr(op, overload)
    if overload == "out":
        return lambda x: fn(x, out=torch.empty_like(x)) + 1
    return lambda x: fn(x) + 1


def _gb0090(o):
    return isinstance(o.error, torch._dynamo.exc.Unsupported) and "GB0090" in o.gbs


def _traces(o):
    return o.ok and o.graphs == 1 and not o.breaks


@pytest.mark.parametrize("name,anchor,failing,tracing,why", [
    ("fake_out", 'm.def("fake_out(', "default", "out",
     "register_fake('mfo::fake_out.out') only"),
    ("called_out", 'm.def("called_out.out(', "out", "default",
     "register_fake('mfo::called_out') only; testdata/python/callers.py calls .out"),
    ("meta_out", 'm.def("meta_out(', "default", "out", "Meta kernel for meta_out.out only"),
])
def test_a_fake_covers_its_own_overload_only(name, anchor, failing, tracing, why, mf, py_fakes, record):
    line = TD.line_of(anchor)
    op = getattr(torch.ops.mfo, name)
    bad = compile_run(_call(op, failing), [(x4(),)], fullgraph=True)
    good = compile_run(_call(op, tracing), [(x4(),)], fullgraph=True)
    record(FILE, line, f"[{why}] torch.compile(mfo::{name}.{failing}(x) + 1, fullgraph=True); "
           f"the same for mfo::{name}.{tracing}",
           f"{failing}: {bad.summary()}; {tracing}: {good.summary()}", gb_observed=bad.gbs)
    assert _gb0090(bad), bad.summary()
    assert "Operator does not support running with fake tensors" in str(bad.error)
    assert _traces(good), good.summary()


def test_out_overload_nobody_calls(mf, py_fakes, record):
    """Not reported: no Python code names mfo::fake_default.out. Called, it
    would fail; the finding is left to evidence that it is called."""
    line = TD.line_of('m.def("fake_default.out(')
    op = torch.ops.mfo.fake_default
    default = compile_run(_call(op, "default"), [(x4(),)], fullgraph=True)
    out = compile_run(_call(op, "out"), [(x4(),)], fullgraph=True)
    record(FILE, line, "[register_fake('mfo::fake_default') only] torch.compile(fake_default(x) + 1) "
           "and, through getattr, fake_default.out(x, out=...) + 1, fullgraph=True",
           f"default: {default.summary()}; out: {out.summary()}", kind="observation",
           claim="not flagged: an out= overload no Python code names; it has no fake of its own")
    assert _traces(default), default.summary()
    assert _gb0090(out), out.summary()


def test_only_named_overloads(mf, record):
    """mfo::named has no default overload: torch.ops.mfo.named(x, y) picks
    named.Tensor or named.Scalar by the arguments; neither has a fake."""
    line = TD.line_of('m.def("named.Tensor(')
    op = torch.ops.mfo.named
    tensor = compile_run(lambda x: op(x, x) + 1, [(x4(),)], fullgraph=True)
    scalar = compile_run(lambda x: op(x, 2.0) + 1, [(x4(),)], fullgraph=True)
    record(FILE, line, "torch.compile(mfo.named(x, x) + 1) and mfo.named(x, 2.0) + 1 (the packet "
           "picks named.Tensor / named.Scalar), fullgraph=True",
           f"Tensor: {tensor.summary()}; Scalar: {scalar.summary()}", gb_observed=tensor.gbs)
    assert _gb0090(tensor), tensor.summary()
    assert _gb0090(scalar), scalar.summary()


def _bump_args():
    return (torch.arange(4.0),)


def test_mutating_op_returning_nothing_needs_no_fake(mf, record):
    """mfo::bump_(Tensor(a!) x) -> (): torch's trivial fake
    (torch._library.utils.can_generate_trivial_fake_impl)."""
    line = TD.line_of('m.def("bump_(')
    op = torch.ops.mfo.bump_
    trivial = torch._library.utils.can_generate_trivial_fake_impl(op.default)

    def f(x):
        y = x.clone()
        op(y)
        return y * 2

    full = compile_run(f, [_bump_args()], fullgraph=True, backend="aot_eager")
    fake = fake_run(op.default, _bump_args())
    oc = _opcheck(op.default, _bump_args())
    eager = f(*_bump_args())
    record(FILE, line, "can_generate_trivial_fake_impl(mfo::bump_); torch.compile(y = x.clone(); "
           "bump_(y); return y * 2, fullgraph=True, backend=aot_eager) vs eager; the op under "
           "FakeTensorMode; opcheck",
           f"trivial fake: {trivial}; compile: {full.summary()}, returns "
           f"{full.result.tolist() if full.ok else '-'} vs eager {eager.tolist()}; fake mode: "
           f"{'runs' if fake[0] == 'ok' else describe_error(fake[1])}; opcheck: {_fmt(oc)}",
           kind="negative", claim="not flagged: mutates its input and returns nothing (torch's "
           "trivial fake)")
    assert trivial
    assert _traces(full) and same_behaviour(("ok", full.result, ()), ("ok", eager, ())), full.summary()
    assert fake[0] == "ok"
    assert oc["test_faketensor"] == "SUCCESS", oc


@pytest.mark.parametrize("name,call", [
    ("check_finite", lambda op: (lambda x: (op(x), x + 1)[1])),
    ("bump_ret_", lambda op: (lambda x: op(x.clone()) + 1)),
])
def test_look_alikes_of_mutating_ops_need_a_fake(name, call, mf, record):
    """(Tensor x) -> (): returns nothing but mutates nothing;
    (Tensor(a!) x) -> Tensor(a!): mutates but returns a tensor."""
    line = TD.line_of(f'm.def("{name}(')
    op = getattr(torch.ops.mfo, name)
    trivial = torch._library.utils.can_generate_trivial_fake_impl(op.default)
    full = compile_run(call(op), [(x4(),)], fullgraph=True, backend="aot_eager")
    oc = _opcheck(op.default, (x4(),))
    record(FILE, line, f"can_generate_trivial_fake_impl(mfo::{name}); torch.compile(..., "
           "fullgraph=True, backend=aot_eager); opcheck",
           f"trivial fake: {trivial}; compile: {full.summary()}; opcheck: {_fmt(oc)}",
           gb_observed=full.gbs)
    assert not trivial
    assert _gb0090(full), full.summary()
    assert oc["test_faketensor"].startswith("UnsupportedOperatorException"), oc


MFO_NEGATIVES = [
    ("fake_default", 'm.def("fake_default(', "Python register_fake('mfo::fake_default')"),
    ("meta_both", 'm.def("meta_both(', "Meta kernels for both overloads"),
    ("macro_op", "MF_OP_WITH_OUT(macro_op)", "Python register_fake('mfo::macro_op'), defs from a macro"),
]


@pytest.mark.parametrize("name,anchor,why", MFO_NEGATIVES, ids=[n[0] for n in MFO_NEGATIVES])
def test_overload_negatives_compile_fullgraph(name, anchor, why, mf, py_fakes, record):
    line = TD.line_of(anchor)
    op = getattr(torch.ops.mfo, name)
    full = compile_run(_call(op, "default"), [(x4(),)], fullgraph=True)
    oc = _opcheck(op.default, (x4(),))
    record(FILE, line, f"torch.compile({name}(x) + 1, fullgraph=True); opcheck [{why}]",
           f"{full.summary()}; opcheck: {_fmt(oc)}", kind="negative", claim=f"not flagged: {why}")
    assert _traces(full), full.summary()
    assert oc["test_faketensor"] == "SUCCESS", oc


# --- Ops torch.compile never runs here (mfu, testdata/python/callers.py) ----------
# The callers the testdata's project has: ops used only in functions a project
# decorator keeps out of torch.compile (torch.compiler.disable), or in the
# backward of an autograd.Function whose forward it decorates, need no fake;
# the same op also called where torch.compile traces, or an op called under
# @torch.no_grad(), does.


@pytest.fixture(scope="module")
def callers(mf):
    return runpy.run_path(str(TESTDATA / "python" / "callers.py"))


def _ptr():
    return torch.tensor([0, 1, 2, 4])


@pytest.mark.parametrize("name,fn", [
    ("disabled_and_traced", lambda c: c["traced"]),
    ("no_grad_only", lambda c: c["inference"]),
])
def test_ops_called_where_compile_traces_need_a_fake(name, fn, callers, record):
    line = TD.line_of(f'm.def("{name}(')
    f = fn(callers)
    full = compile_run(lambda x: f(x) + 1, [(x43(),)], fullgraph=True)
    record(FILE, line, f"torch.compile(<the callers.py function calling mfu::{name}>(x) + 1, "
           "fullgraph=True)", f"fullgraph: {full.summary()}", gb_observed=full.gbs)
    assert _gb0090(full), full.summary()


def test_ops_called_only_under_compile_disable_run_eagerly(callers, record):
    """disabled_only, reads_disabled (a catch-all kernel that reads data):
    called in callers.eager_only, which disable_compile wraps with
    torch.compiler.disable. A compiled caller runs it eagerly: no fake tensor
    reaches the ops, no GB0090 or data-dependent failure."""
    eager_only = callers["eager_only"]
    x, p = x43(), _ptr()
    out = compile_run(lambda x, p: eager_only(x, p) * 2, [(x, p)], fullgraph=False)
    want = eager_only(x, p) * 2
    for name in ("disabled_only", "reads_disabled"):
        record(FILE, TD.line_of(f'm.def("{name}('), "torch.compile(eager_only(x, ptr) * 2) "
               "(default), eager_only decorated with callers.py's disable_compile "
               "(torch.compiler.disable)", f"compile: {out.summary()}; equal to eager: "
               f"{out.ok and torch.equal(out.result, want)}", kind="negative",
               claim="not flagged: its only Python caller is kept out of torch.compile",
               gb_observed=out.gbs)
    assert out.ok and torch.equal(out.result, want), out.summary()
    assert "GB0090" not in out.gbs and "GB0033" not in out.gbs, out.summary()


def test_backward_of_a_disabled_forward_runs_eagerly(callers, record):
    """disabled_backward: called in _Eager.backward, whose forward is
    decorated with disable_compile: the Function runs eagerly under a
    compiled caller, its backward with it."""
    fn = callers["_Eager"].apply
    x = x43().requires_grad_()
    cf = torch.compile(lambda x: fn(x) * 3, backend="aot_eager")
    torch._dynamo.reset()
    try:
        cf(x).sum().backward()
        got, err = x.grad.clone(), None
    except Exception as e:  # noqa: BLE001 - the observation
        got, err = None, e
    torch._dynamo.reset()
    xe = x43().requires_grad_()
    (fn(xe) * 3).sum().backward()
    record(FILE, TD.line_of('m.def("disabled_backward('), "torch.compile(_Eager.apply(x) * 3, "
           "backend=aot_eager), then .sum().backward()",
           f"backward: {'ran' if err is None else describe_error(err)}; grad equal to eager: "
           f"{err is None and torch.equal(got, xe.grad)}", kind="negative",
           claim="not flagged: called only in the backward of a Function whose forward is "
                 "kept out of torch.compile")
    assert err is None, describe_error(err)
    assert torch.equal(got, xe.grad)


# --- The fake, written (issue #31) ------------------------------------------------
# row_sum's kernels allocate their output from the input's sizes: the golden
# file registers, beside its def, the Meta kernel the fix-it writes from the
# CPU kernel's body (symbolic sizes). positive sizes its output by the data:
# no Meta kernel can say it, no fix-it; both fail fullgraph as they are.

FIXED = "torch-compile-missing-fake-kernel.fixed.cpp"


@pytest.mark.parametrize("name", ["row_sum", "positive"])
def test_allocating_kernels_without_a_fake_fail_fullgraph(name, mf, record):
    line = TD.line_of(f'm.def("{name}(')
    op = getattr(torch.ops.mf, name)
    full = compile_run(lambda x: op(x) + 1, [(x43(),)], fullgraph=True)
    record(FILE, line, f"torch.compile(mf::{name}(x) + 1, fullgraph=True)",
           f"fullgraph: {full.summary()}", gb_observed=full.gbs)
    assert _gb0090(full), full.summary()


@pytest.fixture(scope="module")
def mff(builder, mf):
    # Its namespaces renamed: the hazard file (mf, mfo, mfu, lg) is loaded too.
    builder.build("tlp_mff", source(FIXED).with_namespaces(
        {"mf": "mff", "mfo": "mffo", "mfu": "mffu", "lg": "mffl"}), python_module=False)
    return torch.ops.mff


def _rows():
    return [(x43(),), (torch.linspace(-1, 1, 10).reshape(5, 2).clone(),),
            (torch.linspace(-3, 3, 21).reshape(7, 3).clone(),)]


def test_written_meta_kernel_is_a_right_fake(mff, mf, record):
    line = source(FIXED).line_of('m.impl("row_sum", torch::dispatch(')
    oc = _opcheck(mff.row_sum.default, (x43(),))
    static = [compile_run(lambda x: mff.row_sum(x) + 1, [a], fullgraph=True) for a in _rows()]
    dynamic = compile_run(lambda x: mff.row_sum(x) + 1, _rows(), fullgraph=True, dynamic=True)
    # Eager, byte-identical to the op before the fix (the hazard file's).
    same = all(o.ok and torch.equal(o.result, mf.row_sum(*a) + 1) for o, a in zip(static, _rows()))
    same = same and dynamic.ok and torch.equal(dynamic.result, mf.row_sum(*_rows()[-1]) + 1)
    record(FIXED, line, "torch.library.opcheck(row_sum) with the golden file's Meta kernel; "
           "torch.compile(row_sum(x) + 1, fullgraph=True) static over 3 shapes and dynamic=True; "
           "results vs the unfixed op in eager (torch.equal)",
           f"opcheck: {_fmt(oc)}; static: {'; '.join(o.summary() for o in static)}; dynamic: "
           f"{dynamic.summary()}; byte-identical: {same}", kind="fix",
           claim="golden fix: the Meta kernel the fix-it writes for 'mf::row_sum' is a right fake "
                 "(opcheck) and traces fullgraph, static and dynamic")
    assert all(v == "SUCCESS" for v in oc.values()), oc
    assert all(_traces(o) for o in static), [o.summary() for o in static]
    assert dynamic.ok and dynamic.graphs == 1 and not dynamic.breaks, dynamic.summary()
    assert same


def test_no_meta_kernel_for_a_size_from_data(mff, record):
    line = source(FIXED).line_of('m.def("positive(')
    full = compile_run(lambda x: mff.positive(x) + 1, [(x43(),)], fullgraph=True)
    record(FIXED, line, "torch.compile(positive(x) + 1, fullgraph=True), golden file as is",
           f"fullgraph: {full.summary()}", kind="negative",
           claim="no fix-it: the output's size comes from the data (no Meta kernel can say it)")
    assert _gb0090(full), full.summary()


def test_python_fake_the_note_writes_for_a_size_from_data(mf, lint, record):
    """positive: no Meta kernel (its output's size is read from the data);
    the note's Python fake, as written there, with new_dynamic_size()."""
    line = TD.line_of('m.def("positive(')
    note = next(n for n in lint.notes(FILE, line, "torch-compile-missing-fake-kernel")
                if "register_fake" in n)
    code = note[note.index("@torch.library.register_fake"):]
    decorator, body = code.split(" def _(", 1)
    args, ret = body.split("): return ", 1)
    scope = {"torch": torch}
    exec(f"def _({args}):\n    return {ret}\n", scope)  # noqa: S102 - the note's own text
    fakes = Fakes("mf")
    try:
        fakes.add("positive", scope["_"])
        oc = _opcheck(mf.positive.default, (x43(),))
        full = compile_run(lambda x: mf.positive(x) + 1, [(x43(),)], fullgraph=True)
    finally:
        fakes.close()
    eager = mf.positive(x43()) + 1
    same = full.ok and torch.equal(full.result, eager)
    record(FILE, line, f"the note's Python fake ({code}) registered; opcheck(mf::positive); "
           "torch.compile(positive(x) + 1, fullgraph=True) vs eager (torch.equal)",
           f"opcheck: {_fmt(oc)}; fullgraph: {full.summary()}; byte-identical: {same}",
           kind="fix", claim="the note's Python fake for 'mf::positive' (a data-dependent size)")
    assert decorator == '@torch.library.register_fake("mf::positive")', decorator
    assert all(v == "SUCCESS" for v in oc.values()), oc
    assert _traces(full), full.summary()
    assert same


# The fix writes the Python fake into the package (issue #31): an op whose
# output is sized by a value read from the data gets no Meta kernel; `--fix`
# writes its register_fake into the package file that imports the extension
# module, after that import (which registers the op).
MF_PKG_CPP = r"""#include <torch/extension.h>
// x[i] copies of each i, as float: the output's length is read from the data.
at::Tensor repeat_index(const at::Tensor &x, int64_t k) {
  TORCH_CHECK(x.dim() == 1 && x.scalar_type() == at::kLong, "x: a 1-d int64 tensor");
  int64_t n = x.sum().item<int64_t>() * k;
  at::Tensor out = at::empty({n}, x.options().dtype(at::kFloat));
  float *p = out.data_ptr<float>();
  const int64_t *c = x.data_ptr<int64_t>();
  int64_t at = 0;
  for (int64_t r = 0; r < k; ++r)
    for (int64_t i = 0; i < x.numel(); ++i)
      for (int64_t j = 0; j < c[i]; ++j)
        p[at++] = static_cast<float>(i);
  return out;
}
TORCH_LIBRARY(mfpkg, m) { m.def("repeat_index(Tensor x, int k) -> Tensor"); }
TORCH_LIBRARY_IMPL(mfpkg, CPU, m) { m.impl("repeat_index", &repeat_index); }
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}
"""
MF_PKG_INIT = """from . import _mf
"""
MF_PKG_OPS = """import torch


class Repeat(torch.nn.Module):
    def forward(self, x):
        return torch.ops.mfpkg.repeat_index(x, 2) + 1
"""


def test_fix_writes_the_python_fake_after_the_module_import(builder, record):
    work = builder.root / "mf_pkg"
    write_and_fix(work, "mfpkg", "_mf", {"csrc/ext.cpp": MF_PKG_CPP, "mfpkg/__init__.py": MF_PKG_INIT, "mfpkg/ops.py": MF_PKG_OPS}, "torch-compile-missing-fake-kernel")
    init = (work / "mfpkg" / "__init__.py").read_text()
    build = builder.root / "mf_pkg_build"
    build.mkdir(exist_ok=True)
    ext, ops = build_and_import(work, build, "mfpkg", "_mf", ("ext.cpp",), "ops")
    xs = [torch.tensor([2, 0, 3]), torch.tensor([1, 4])]
    op = torch.ops.mfpkg.repeat_index
    results = []
    for backend in ("eager", "aot_eager"):
        for dynamic in (False, True):
            out = compile_run(ops.Repeat(), [(x,) for x in xs], fullgraph=True, dynamic=dynamic,
                              backend=backend)
            same = out.ok and byte_identical(out.result, op(xs[-1], 2) + 1)
            results.append((backend, dynamic, out.ok, same))
    oc = torch.library.opcheck(op.default, (xs[0], 2), raise_exception=False)
    record("mf_pkg/csrc/ext.cpp (written by the test)", 16,
           "a package (csrc/ext.cpp: an op's output sized by x.sum().item(); mfpkg/__init__.py: "
           "`from . import _mf`), `torch-lint --fix csrc/ext.cpp`, built with cpp_extension; "
           "mfpkg.ops.Repeat compiled fullgraph (eager and aot_eager, static and dynamic) vs the op "
           "in eager; opcheck(mfpkg::repeat_index)",
           "; ".join(f"{b}{' dynamic' if d else ' static'}: {'ok' if ok else 'FAILED'}, "
                     f"{'same bytes' if s else 'DIFFERENT'}" for b, d, ok, s in results)
           + f"; opcheck: {oc}",
           check="torch-compile-missing-fake-kernel", kind="fix",
           claim="fix-it: writes the Python fake (a dynamic size) after the package's import of "
                 "the extension module")
    assert init.startswith(MF_PKG_INIT) and '@torch.library.register_fake("mfpkg::repeat_index")' in init, init
    assert all(ok and same for _, _, ok, same in results), results
    assert all(v == "SUCCESS" for v in oc.values()), oc

