"""torch-compile-data-dependent: reads of tensor data in kernels torch.compile
traces (Meta and composite kernels, and what they call).

tlp_dd: the testdata file verbatim (its ops are torch.ops.dd.*) plus probes:
one op per finding that is not the first hazard of its function, holding that
testdata line verbatim, registered for the dispatch key the testdata uses.
tlp_ddf: the golden file verbatim, its library renamed dd -> tlp_ddf.

Experiment per finding: a caller `op(...) + 1` under torch.compile
(backend=eager) with the default fullgraph=False (graph breaks are counted)
and with fullgraph=True. torch 2.15 turns on capture_scalar_outputs and
capture_dynamic_output_shape_ops for fullgraph=True, so the graph break the
linter names shows in the default mode.
"""

import re

import pytest
import torch

from proofkit import (behaviour, compile_run, describe_error, edge_values, fake_run, full_text, probe_marker,
                      same_behaviour, show_behaviour, source)

FILE = "torch-compile-data-dependent.cpp"
FIXED = "torch-compile-data-dependent.fixed.cpp"
TD = source(FILE)

PROBES = {
    # name: (dispatch key, schema args, body around the verbatim line)
    "accessor": ("Meta", "Tensor counts", "from_data", "'accessor()'",
                 "at::Tensor tlp_accessor(const at::Tensor &counts) {\n{LINE}"
                 "  return at::empty({acc[0]}, counts.options());\n}\n"),
    "data": ("Meta", "Tensor counts", "from_data", "counts.min().data<int64_t>()",
             "at::Tensor tlp_data(const at::Tensor &counts) {\n{LINE}"
             "  return at::empty({m}, counts.options());\n}\n"),
    "nonzero": ("CompositeImplicitAutograd", "Tensor x, Tensor y", "positives", "x.nonzero()",
                "at::Tensor tlp_nonzero(const at::Tensor &x, const at::Tensor &y) {\n{LINE}"
                "  return idx;\n}\n"),
    "masked_select": ("CompositeImplicitAutograd", "Tensor x, Tensor y", "positives",
                      "at::masked_select(x, x > 0)",
                      "at::Tensor tlp_masked_select(const at::Tensor &x, const at::Tensor &y) {\n{LINE}"
                      "  return sel;\n}\n"),
    "equal": ("CompositeImplicitAutograd", "Tensor x, Tensor y", "positives", "x.equal(y)",
              "at::Tensor tlp_equal(const at::Tensor &x, const at::Tensor &y) {\n{LINE}"
              "  return x * (same ? 1 : 2);\n}\n"),
    "is_nonzero": ("CompositeImplicitAutograd", "Tensor x, Tensor y", "positives", "y.is_nonzero()",
                   "at::Tensor tlp_is_nonzero(const at::Tensor &x, const at::Tensor &y) {\n{LINE}"
                   "  return x * (nz ? 1 : 2);\n}\n"),
}


def _probe_source() -> str:
    s = [probe_marker("dd")]
    for name, (key, args, _, anchor, body) in PROBES.items():
        s.append(body.replace("{LINE}", TD.embed(anchor)))
    s.append("TORCH_LIBRARY(tlp_dd, m) {\n")
    for name, (key, args, *_) in PROBES.items():
        s.append(f'  m.def("{name}({args}) -> Tensor");\n')
    s.append("}\n")
    for key in sorted({p[0] for p in PROBES.values()}):
        s.append(f"TORCH_LIBRARY_IMPL(tlp_dd, {key}, m) {{\n")
        for name, p in PROBES.items():
            if p[0] == key:
                s.append(f'  m.impl("{name}", &tlp_{name});\n')
        s.append("}\n")
    return "".join(s)


@pytest.fixture(scope="module")
def dd(builder):
    builder.build("tlp_dd", TD.verbatim() + _probe_source(), python_module=False)
    return torch.ops.dd


@pytest.fixture(scope="module")
def ddf(builder):
    builder.build("tlp_ddf", source(FIXED).with_namespaces({"dd": "tlp_ddf", "ddn": "tlp_ddfn"}),
                  python_module=False)
    return torch.ops.tlp_ddf


def x5():
    return torch.tensor([0.25, 0.75, 1.5, 0.0, 2.0])


# anchor of the finding's line -> (op, how it is reached, arguments)
FINDINGS = [
    ("validate with at::_assert_async", "dd.validate", "Meta kernel validate_impl", lambda: (x5(),)),
    ("choose between tensors with at::where", "dd.clamp_if_needed", "composite kernel", lambda: (x5(),)),
    ("delete the early exit", "dd.refine", "composite kernel", lambda: (x5(),)),
    ("do not return early on tensor values", "dd.maybe_scale", "composite kernel",
     lambda: (x5(), torch.tensor(2.0))),
    ("reads tensor data, which fake tensors", "dd.from_data", "Meta kernel from_data",
     lambda: (torch.tensor([1, 2, 3]),)),
    ("'accessor()'", "tlp_dd.accessor", "probe: the line alone in a Meta kernel",
     lambda: (torch.tensor([1, 2, 3]),)),
    ("counts.min().data<int64_t>()", "tlp_dd.data", "probe: the line alone in a Meta kernel",
     lambda: (torch.tensor([1, 2, 3]),)),
    ("x.nonzero()", "tlp_dd.nonzero", "probe: the line alone in a composite kernel",
     lambda: (x5() - 0.5, torch.tensor([1.0]))),
    ("at::masked_select(x, x > 0)", "tlp_dd.masked_select", "probe: the line alone in a composite kernel",
     lambda: (x5() - 0.5, torch.tensor([1.0]))),
    ("x.equal(y)", "tlp_dd.equal", "probe: the line alone in a composite kernel",
     lambda: (x5(), torch.tensor([1.0]))),
    ("y.is_nonzero()", "tlp_dd.is_nonzero", "probe: the line alone in a composite kernel",
     lambda: (x5(), torch.tensor([1.0]))),
    ("return s.item<double>()", "dd.composite_op", "catch-all kernel composite_op -> scale_of",
     lambda: (x5(), torch.tensor(2.0))),
    ("x.sum().item<float>()", "dd.lambda_op", "composite lambda kernel", lambda: (x5(),)),
    ("return at::nonzero(mask).squeeze(1); // expect", "ddn.called",
     "catch-all kernel ddn_called (dgl graphbolt's form)", lambda: (x5() > 0.5,)),
]

# What the failure or break must be about: a data read, a data-dependent
# value or shape (the names torch 2.15 uses for them).
DATA_RELATED = re.compile(
    r"Data dependent operator|data-dependent|Dynamic shape operator|data is not allocated|"
    r"_local_scalar_dense|aten\.equal|aten\.nonzero|aten\.masked_select|"
    r"item\(\) cannot be called on meta tensors")


def _op(path):
    ns, name = path.split(".")
    return getattr(getattr(torch.ops, ns), name)


@pytest.mark.parametrize("anchor,op,how,args", FINDINGS, ids=[f[1] for f in FINDINGS])
def test_finding_breaks_tracing(anchor, op, how, args, dd, record, lint):
    line = TD.line_of(anchor)
    fn = _op(op)

    def caller(*a):
        return fn(*a) + 1

    default = compile_run(caller, [args()], fullgraph=False)
    full = compile_run(caller, [args()], fullgraph=True)
    fake = fake_run(fn, args())
    gbs = default.gbs or full.gbs
    fake_s = "runs" if fake[0] == "ok" else "raises " + describe_error(fake[1])
    record(FILE, line, f"torch.compile(lambda *a: torch.ops.{op}(*a) + 1, backend=eager) [{how}]; "
           "default and fullgraph=True; and the op alone under FakeTensorMode(ShapeEnv())",
           f"default: {default.summary()}; fullgraph: {full.summary()}; fake mode: {fake_s}",
           gb_observed=gbs)
    broke = (not default.ok) or len(default.breaks) > 0
    assert broke, f"no graph break and no error: {default.summary()}"
    evidence = (full_text(default.error) if default.error else default.text()) + (
        "" if fake[0] == "ok" else full_text(fake[1]))
    assert DATA_RELATED.search(evidence), f"the break is not about tensor data: {default.summary()}"
    # The graph-break id torch-lint names is one torch reports for it.
    claimed = re.findall(r"\[(GB\d{4})\]", lint.message(FILE, line, "torch-compile-data-dependent"))
    assert claimed, "torch-lint names no graph-break id here"
    assert set(claimed) & set(gbs), f"torch-lint says {claimed}, torch reports {gbs}"


def test_eager_cpu_kernel_is_not_traced(ddf, record):
    """Negative: validate_cpu reads data with item() and data_ptr(), but it is
    the CPU kernel: with a traceable Meta kernel the op compiles fullgraph and
    the CPU kernel only runs on real tensors."""
    line = TD.line_of("at::Tensor validate_cpu(")
    out = compile_run(lambda x: ddf.validate(x) + 1, [(x5(),)], fullgraph=True)
    record(FILE, line, "torch.compile(lambda x: validate(x) + 1, fullgraph=True) with the golden "
           "Meta kernel and the testdata's CPU kernel validate_cpu", out.summary(), kind="negative",
           claim="not flagged: item()/data_ptr() in an eager CPU kernel is a sync, not a graph break")
    assert out.ok and not out.breaks and out.graphs == 1, out.summary()
    assert torch.equal(out.result, ddf.validate(x5()) + 1)


@pytest.mark.parametrize("mode", [1, 0])
def test_scalar_branch_traces(mode, dd, record):
    """Negative: a branch on C++ scalars in a Meta kernel (the op has only a
    Meta kernel, so it is run on meta tensors)."""
    line = TD.line_of("if (mode == 1 && eps > 0)")
    out = compile_run(lambda x: dd.scalar_branch(x, mode, 0.5), [(torch.empty(5, device="meta"),)],
                      fullgraph=True)
    record(FILE, line, f"torch.compile(scalar_branch(x, mode={mode}, eps=0.5), fullgraph=True) on "
           "meta inputs", out.summary(), kind="negative",
           claim="not flagged: a branch on a plain C++ scalar")
    assert out.ok and not out.breaks, out.summary()


# --- the golden fix ---------------------------------------------------------

FIX_ANCHOR = "at::_assert_async((x >= 0).all()"


def test_fix_compiles_fullgraph(dd, ddf, record):
    line = source(FIXED).line_of(FIX_ANCHOR)
    out = compile_run(lambda x: ddf.validate(x), [(x5(),)], fullgraph=True)
    hazard = compile_run(lambda x: dd.validate(x), [(x5(),)], fullgraph=True)
    record(FIXED, line, "torch.compile(validate, fullgraph=True): golden Meta kernel "
           "(at::_assert_async) vs the hazard's (TORCH_CHECK(...item()))",
           f"fixed: {out.summary()}; hazard: {hazard.summary()}", kind="fix",
           claim="fix-it: validate with at::_assert_async; the op then traces")
    assert out.ok and not out.breaks and out.graphs == 1, out.summary()
    assert not hazard.ok
    assert torch.equal(out.result, dd.validate(x5()))


def test_fix_keeps_the_check(dd, ddf, record):
    line = source(FIXED).line_of(FIX_ANCHOR)
    bad = torch.tensor([1.0, -1.0])
    eager = behaviour(dd.validate, (bad,))
    out = compile_run(lambda x: ddf.validate(x), [(bad,)], fullgraph=True)
    record(FIXED, line, "negative input: eager hazard vs compiled golden fix", f"eager: "
           f"{show_behaviour(eager)}; compiled fix: {out.summary()}", kind="fix",
           claim="the check stays on both paths")
    assert eager[0] == "raise" and "x must be non-negative" in eager[2]
    assert not out.ok and "x must be non-negative" in str(out.error)


def _matrix():
    # validate_cpu reads element 0 through data_ptr<float>(): empty inputs
    # are out of bounds there (in the hazard and the fix alike) and left out.
    for dt in (torch.float32, torch.float64, torch.int64):
        for sh in ((1,), (7,), (3, 4), (1, 1)):
            t = edge_values(dt, sh)
            yield (t,)
            yield (t.abs(),)


def test_fix_is_byte_identical(dd, ddf, record):
    line = source(FIXED).line_of(FIX_ANCHOR)
    n, bad = 0, []
    for args in _matrix():
        n += 1
        h = behaviour(dd.validate, args)
        f = behaviour(ddf.validate, args)
        c = compile_run(lambda x: ddf.validate(x), [args], fullgraph=True)
        cb = ("ok", c.result, args) if c.ok else ("raise", type(c.error).__name__, str(c.error).splitlines()[0])
        if not same_behaviour(h, f):
            bad.append(f"eager {show_behaviour(h)} vs {show_behaviour(f)}")
        if h[0] == "ok" and not (cb[0] == "ok" and same_behaviour(h, cb)):
            bad.append(f"compiled: {show_behaviour(h)} vs {c.summary()}")
        if h[0] == "raise" and not (cb[0] == "raise" and h[2] in str(c.error)):
            bad.append(f"compiled: {show_behaviour(h)} vs {c.summary()}")
    record(FIXED, line, f"{n} inputs (float32/float64/int64, shapes (1,),(7,),(3,4),(1,1); 0, -0.0, "
           "negative, max, inf, nan, and their abs): hazard eager vs fix eager vs fix compiled "
           "fullgraph (empty inputs left out: validate_cpu reads element 0)",
           "all identical (results byte-identical, errors the same)" if not bad
           else f"{len(bad)} differences: " + "; ".join(bad[:3]), kind="fix",
           claim="the golden fix does not change what validate computes")
    assert not bad, "\n".join(bad)
