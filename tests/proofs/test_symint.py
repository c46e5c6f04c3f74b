"""torch-compile-symint: static sizes in traced kernels.

tlp_si: the testdata file verbatim (torch.ops.si.*) plus probes: one Meta
kernel per finding line of pool_meta (and one for the golden line), holding
that line verbatim, with the testdata's pool_cpu as CPU kernel.
tlp_sif: the golden file verbatim, its library renamed si -> tlp_sif.

Experiment: torch.compile(op(x, 2) + 1, fullgraph=True, dynamic=True) called
with three shapes; the backend counts the graphs it is given (1 = one
dynamic graph; 3 = a graph per shape, i.e. the sizes were specialized).
"""

import pytest
import torch

from proofkit import (behaviour, byte_identical, compile_run, input_matrix, probe_marker,
                      same_behaviour, show_behaviour, source)

FILE = "torch-compile-symint.cpp"
FIXED = "torch-compile-symint.fixed.cpp"
TD = source(FILE)
TDF = source(FIXED)

SHAPES = [(4, 3), (5, 3), (6, 2)]
FIX_ANCHOR = "at::empty_symint(x.sym_sizes(), x.options()); // expect"

# probe op -> (source file, anchor, what it returns after the line)
PROBES = {
    "sizes": (TD, "auto out = at::empty(x.sizes(), x.options()); // expect", "  (void)k;\n  return out;\n"),
    "size": (TD, "int64_t n = x.size(0);", "  (void)n; (void)k;\n  return at::empty_like(x);\n"),
    "numel": (TD, "int64_t total = x.numel();", "  (void)total; (void)k;\n  return at::empty_like(x);\n"),
    "strides": (TD, "auto st = x.strides();", "  (void)st; (void)k;\n  return at::empty_like(x);\n"),
    "sizes_fixed": (TDF, FIX_ANCHOR,
                    "  (void)k;\n  return out;\n"),
}


def _probe_source() -> str:
    s = [probe_marker("si")]
    for name, (src, anchor, tail) in PROBES.items():
        s.append(f"at::Tensor tlp_{name}(const at::Tensor &x, int64_t k) {{\n{src.embed(anchor)}{tail}}}\n")
    s.append("TORCH_LIBRARY(tlp_si, m) {\n")
    s += [f'  m.def("{n}(Tensor x, int k) -> Tensor");\n' for n in PROBES]
    s.append("}\nTORCH_LIBRARY_IMPL(tlp_si, Meta, m) {\n")
    s += [f'  m.impl("{n}", &tlp_{n});\n' for n in PROBES]
    s.append("}\nTORCH_LIBRARY_IMPL(tlp_si, CPU, m) {\n")
    s += [f'  m.impl("{n}", &pool_cpu);\n' for n in PROBES]
    s.append("}\n")
    return "".join(s)


@pytest.fixture(scope="module")
def si(builder):
    builder.build("tlp_si", TD.verbatim() + _probe_source(), python_module=False)
    return torch.ops.si


@pytest.fixture(scope="module")
def sif(builder):
    builder.build("tlp_sif", TDF.with_namespace("si", "tlp_sif"), python_module=False)
    return torch.ops.tlp_sif


def _calls(device="cpu"):
    return [(torch.rand(*s, device=device) if device == "cpu" else torch.empty(*s, device=device),)
            for s in SHAPES]


def _dynamic(fn, device="cpu"):
    return compile_run(fn, _calls(device), fullgraph=True, dynamic=True)


def _mark_dynamic(fn):
    x = torch.rand(*SHAPES[0])
    torch._dynamo.mark_dynamic(x, 0)
    return compile_run(fn, [(x,)], fullgraph=True)


# finding anchor -> (probe op or testdata op, the call named in the quoted error)
FINDINGS = [
    # numel() is the one static accessor that throws on symbolic sizes; the
    # others specialize (test_static_size_specializes), which is what
    # torch-lint says of them.
    pytest.param("'sym_numel()'", "tlp_si.numel", "numel()", id="numel"),
]


def _op(path):
    ns, name = path.split(".")
    op = getattr(getattr(torch.ops, ns), name)
    return (lambda x: op(x) + 1) if name in ("flatten_rows", "scan") else (lambda x: op(x, 2) + 1)


@pytest.mark.parametrize("anchor,op,call", FINDINGS)
def test_static_size_fails_on_symbolic_shapes(anchor, op, call, si, record):
    line = TD.line_of(anchor)
    out = _dynamic(_op(op))
    md = _mark_dynamic(_op(op))
    record(FILE, line, f"torch.compile(torch.ops.{op}(x...) + 1, fullgraph=True, dynamic=True) with "
           f"shapes {SHAPES}; and mark_dynamic(x, 0)",
           f"dynamic=True: {out.summary()}; mark_dynamic: {md.summary()}", gb_observed=out.gbs)
    assert not out.ok, f"compiled: {out.summary()}"
    assert f"Cannot call {call} on tensor with symbolic sizes/strides" in str(out.error), out.summary()


@pytest.mark.parametrize("anchor,op", [
    ("'sizes()' in a Meta kernel", "tlp_si.sizes"), ("use 'sym_size()'", "tlp_si.size"),
    ("'sym_strides()'", "tlp_si.strides"), ("in a CompositeImplicitAutograd kernel", "si.flatten_rows"),
    ("x.options()); // expect: torch-compile-symint: in a Meta kernel", "si.scan")],
    ids=["sizes", "size", "strides", "composite_size", "helper_registered_meta"])
def test_static_size_specializes(anchor, op, si, record):
    """The claim: the static calls specialise the graph, one compile per shape."""
    line = TD.line_of(anchor)
    out = _dynamic(_op(op))
    sym = _dynamic(_op("tlp_si.sizes_fixed"))
    distinct = len({s for s in SHAPES}) if op != "tlp_si.strides" else len(
        {torch.empty(*s).stride() for s in SHAPES})
    record(FILE, line, f"graphs compiled for torch.ops.{op} under dynamic=True over shapes {SHAPES}, "
           "vs the sym_sizes() version", f"{op}: {out.summary()}; sym_sizes(): {sym.summary()}")
    assert out.ok and out.graphs == distinct, out.summary()
    assert sym.ok and sym.graphs == 1, sym.summary()


def test_pool_as_written_fails_at_numel(si, record):
    line = TD.line_of("at::Tensor pool_meta(")
    out = _dynamic(_op("si.pool"))
    record(FILE, line, f"torch.compile(si.pool(x, 2) + 1, fullgraph=True, dynamic=True), shapes {SHAPES}",
           out.summary(), kind="observation", claim="pool_meta as written (lines 8-11 together)")
    assert not out.ok and "Cannot call numel()" in str(out.error), out.summary()


# --- negatives ----------------------------------------------------------------

def test_sym_kernel_is_dynamic(si, record):
    line = TD.line_of("auto out = at::empty_symint(x.sym_sizes(), x.options());")
    op = torch.ops.si.pool_sym
    out = _dynamic(lambda x: op(x) + 1, device="meta")
    record(FILE, line, f"torch.compile(si.pool_sym(x) + 1, fullgraph=True, dynamic=True), meta inputs "
           f"of shapes {SHAPES} (the op has only a Meta kernel)", out.summary(), kind="negative",
           claim="not flagged: already symbolic (sym_sizes, empty_symint), dim() is not a size")
    assert out.ok and out.graphs == 1 and not out.breaks, out.summary()


def test_cpu_kernel_runs_on_concrete_sizes(si, record):
    line = TD.line_of("at::Tensor pool_cpu(")  # its x.sizes() is not flagged
    out = compile_run(lambda x: torch.ops.si.pool(x, 2) + 1, [(torch.rand(4, 3),)], fullgraph=True)
    record(FILE, line, "torch.compile(si.pool(x, 2) + 1, fullgraph=True), static shapes: pool_cpu's "
           "x.sizes() runs on the real tensor", out.summary(), kind="negative",
           claim="not flagged: eager kernels run on real tensors with concrete sizes")
    assert out.ok and not out.breaks, out.summary()


# --- the golden fix -------------------------------------------------------------

def test_fixed_line_is_dynamic(si, record):
    line = TDF.line_of(FIX_ANCHOR)
    out = _dynamic(_op("tlp_si.sizes_fixed"))
    record(FIXED, line, f"the golden line alone in a Meta kernel: dynamic=True over shapes {SHAPES}",
           out.summary(), kind="fix", claim="fix-it: at::empty_symint(x.sym_sizes(), ...)")
    assert out.ok and out.graphs == 1 and not out.breaks, out.summary()


def test_fixed_file_still_has_the_unfixed_lines(sif, record):
    line = TDF.line_of(FIX_ANCHOR)
    out = _dynamic(lambda x: sif.pool(x, 2) + 1)
    static = compile_run(lambda x: sif.pool(x, 2) + 1, [(torch.rand(4, 3),)], fullgraph=True)
    record(FIXED, line, f"golden file's pool: dynamic=True over {SHAPES}; and static fullgraph",
           f"dynamic: {out.summary()}; static: {static.summary()}", kind="fix",
           claim="golden file: line 8 fixed, lines 9-11 still annotated (size(0), numel(), strides())")
    assert static.ok and not static.breaks, static.summary()
    assert not out.ok and "Cannot call numel()" in str(out.error), out.summary()


def test_fix_is_byte_identical(si, sif, record):
    line = TDF.line_of(FIX_ANCHOR)
    n, bad = 0, []
    for dt, sh, x in input_matrix(dtypes=(torch.float32, torch.float64, torch.int64, torch.bool)):
        n += 1
        h = behaviour(lambda t: si.pool(t, 2), (x,))
        f = behaviour(lambda t: sif.pool(t, 2), (x,))
        c = compile_run(lambda t: sif.pool(t, 2), [(x.clone(),)], fullgraph=True)
        if not same_behaviour(h, f):
            bad.append(f"eager {dt} {sh}: {show_behaviour(h)} vs {show_behaviour(f)}")
        if not (c.ok and h[0] == "ok" and byte_identical(h[1], c.result)):
            bad.append(f"compiled {dt} {sh}: {show_behaviour(h)} vs {c.summary()}")
        m = torch.empty(sh, dtype=dt, device="meta")
        hm, fm = si.pool(m, 2), sif.pool(m, 2)
        if (hm.shape, hm.dtype, hm.stride()) != (fm.shape, fm.dtype, fm.stride()):
            bad.append(f"meta {dt} {sh}: {hm.shape}/{hm.stride()} vs {fm.shape}/{fm.stride()}")
    record(FIXED, line, f"{n} inputs (float32/float64/int64/bool; shapes incl. empty and size-1; edge "
           "values): hazard vs fix eager (CPU kernel), fix compiled fullgraph, and both Meta kernels "
           "on meta tensors (shape, dtype, strides)",
           "all identical" if not bad else f"{len(bad)} differences: " + "; ".join(bad[:3]),
           kind="fix", claim="the golden fix does not change what pool computes")
    assert not bad, "\n".join(bad)
