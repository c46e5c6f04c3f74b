"""torch-compile-opaque-binding: pybind11 bindings of tensor functions are
opaque to Dynamo; the golden fix registers them as TORCH_LIBRARY ops.

Both testdata files are built verbatim as Python extensions: the hazard file
as module tlp_ob, the golden file as module tlp_obf (its
TORCH_LIBRARY_FRAGMENT(TORCH_EXTENSION_NAME) ops are torch.ops.tlp_obf.*).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from proofkit import (Fakes, behaviour, build_and_import, byte_identical, compile_run, edge_values,
                      input_matrix, same_behaviour, show_behaviour, source, write_and_fix)

FILE = "torch-compile-opaque-binding.cpp"
FIXED = "torch-compile-opaque-binding.fixed.cpp"
TD = source(FILE)


@pytest.fixture(scope="module")
def ob(builder):
    return builder.build("tlp_ob", TD.verbatim())


@pytest.fixture(scope="module")
def obf(builder):
    return builder.build("tlp_obf", source(FIXED).verbatim())


def _x(*shape, dtype=torch.float32):
    return edge_values(dtype, shape).nan_to_num(0.0, 3.0, -3.0) if dtype.is_floating_point else edge_values(dtype, shape)


# name -> (example arguments, fake kernel computing the output's metadata)
BINDINGS = {
    "scale": (lambda: (_x(4, 3), 2.0), lambda x, s: x * s),
    "split_sign": (lambda: (_x(5),), lambda x: (x.clamp_min(0), x.clamp_max(0))),
    "add_into": (lambda: (_x(3), torch.zeros(3)), lambda a, out: None),
    "cube": (lambda: (_x(4, 3),), lambda x: x.pow(3)),
    "gather_rows": (lambda: (_x(4, 2), [0, 3, 3], torch.full((2,), 0.5)),
                    lambda x, rows, weight: (lambda g: g if weight is None else g * weight)(
                        x.new_empty((len(rows),) + tuple(x.shape[1:])))),
    "row_max": (lambda: (_x(3, 4),), lambda x: x.new_empty(x.shape[:1])),
    "clip_any": (lambda: (_x(5), 0.5), lambda x, hi: torch.empty_like(x, memory_format=torch.contiguous_format)),
    "bad_types": (lambda: (_x(3), 3), None),
    "within_radius": (lambda: (_x(6), 2, 0.5),
                      lambda x, k, r: (x.new_empty((x.shape[0], k), dtype=torch.int64),
                                       x.new_empty((x.shape[0], k)))),
    "shift_any": (lambda: (_x(4, 3), 2),
                  lambda x, k: torch.empty_like(x, memory_format=torch.contiguous_format)),
    "repeat_n": (lambda: (_x(3), 2), None),
    "count_into": (lambda: (_x(3), 1), None),
    "masked_scale": (lambda: (_x(3), _x(3)), None),
    "fill_from": (lambda: (_x(4), torch.zeros(4)), lambda a, out: None),
    "fill_grad": (lambda: (_x(3), torch.zeros(3)), None),
    "reverse_cumsum": (lambda: (_x(5),), None),
    "three_nn": (lambda: (_x(4), torch.zeros(4)), lambda a, out: None),
    "copy_into": (lambda: (_x(4), torch.zeros(4)), None),
    "total": (lambda: (_x(4),), lambda a: a.new_empty((1,), dtype=torch.float64)),
    "stacked": (lambda: (_x(3), _x(5)), None),
    "aggregate_rows": (lambda: (_x(4, 3), torch.tensor([0, 1, 1, 0]), torch.zeros(2, 3), torch.zeros(4, 3),
                                torch.zeros(4, 3)),
                       lambda x, g, y, z, w: None),
    "halve": (lambda: (_x(4, 3),), None),
    "center_rows": (lambda: (_x(3, 4), _x(2, 3)), lambda x, y: None),
    "bumped": (lambda: (_x(4),), lambda x: x * 2),
}
# The fix registers these five as CompositeImplicitAutograd (they only call
# tensor ops), the others for CPU (row_max; fill_from, whose launcher writes
# `out` through a params struct: Tensor(b!)) or CPU and CUDA (gather_rows
# makes a tensor from host memory; clip_any tests the device; shift_any
# tests it and makes a CUDA call in one arm). fill_grad is
# not migrated (its c10::optional<at::Tensor>& cannot be a kernel's), nor are
# reverse_cumsum and copy_into (whether the code they hand their tensors' data
# to writes it cannot be told); total (CPU) hands its input's data through a
# template to overloads that all take a pointer to const.
# bad_types (int n) and within_radius (int k, float radius, a std::pair
# returned) are registered through the lambda that takes the schema's types.
# center_rows writes x through the view a helper returns of it and y through
# one it makes (Tensor(a!) x, Tensor(b!) y); bumped writes only the new
# tensor a helper makes from x.
COMPOSITE = ["scale", "split_sign", "add_into", "cube", "stacked", "bad_types", "center_rows",
             "bumped"]
# aggregate_rows (CPU) writes y through a pointer made from another, z
# through an accessor a helper is handed and w through the address of an
# accessor's element: Tensor(c!) y, Tensor(d!) z, Tensor(e!) w. halve is
# left out: a macro it expands is defined otherwise for another build.
MIGRATED = COMPOSITE + ["gather_rows", "row_max", "clip_any", "fill_from", "total",
                        "within_radius", "shift_any", "aggregate_rows"]


def _caller(fn):
    def f(*args):
        r = fn(*args)
        return args[-1] if r is None else r  # add_into: the mutated `out`
    return f


@pytest.mark.parametrize("name", list(BINDINGS))
def test_binding_is_a_graph_break(name, ob, record):
    line = TD.line_of(f'm.def("{name}"')
    fn = getattr(ob, name)
    args = BINDINGS[name][0]()
    full = compile_run(_caller(fn), [args], fullgraph=True)
    part = compile_run(_caller(fn), [BINDINGS[name][0]()], fullgraph=False)
    eager = behaviour(_caller(fn), BINDINGS[name][0]())
    record(FILE, line,
           f"torch.compile(caller of tlp_ob.{name}, fullgraph=True, backend=eager); then fullgraph=False",
           f"fullgraph: {full.summary()}; default: {part.summary()}",
           gb_observed=full.gbs or part.gbs)
    assert isinstance(full.error, torch._dynamo.exc.Unsupported), full.summary()
    assert "Attempted to call function marked as skipped" in str(full.error)
    assert "GB0007" in full.gbs
    assert part.ok and any("GB0007" in g for g in part.gbs), part.summary()
    assert same_behaviour(("ok", part.result, ()), ("ok", eager[1], ()))


# Bindings named by strings no operator can have: graph breaks like the
# others, and never migrated (the golden file registers no op of the name).
UNNAMEABLE = {"scale-v2": 'm.def("scale-v2"', 'scale")\nimport os  #': 'm.def("scale\\")'}


@pytest.mark.parametrize("name", list(UNNAMEABLE))
def test_unnameable_binding_is_a_graph_break_and_not_migrated(name, ob, obf, record):
    line = TD.line_of(UNNAMEABLE[name])
    fn = getattr(ob, name)
    full = compile_run(lambda x: fn(x, 2.0) + 1, [(_x(4, 3),)], fullgraph=True)
    try:
        getattr(torch.ops.tlp_obf, name)
        registered = True
    except Exception:
        registered = False
    record(FILE, line, f"torch.compile(caller of getattr(tlp_ob, {name!r}), fullgraph=True); "
           f"torch.ops.tlp_obf looked up for {name!r}",
           f"fullgraph: {full.summary()}; an op of that name in the golden module: {registered}",
           gb_observed=full.gbs)
    assert "GB0007" in full.gbs, full.summary()
    assert not registered


# Methods of a py::class_ object (ext::Scaler): the caller as real code
# writes it, on an instance made in eager code.
METHODS = {"fwd": lambda obj: (lambda x: obj.fwd(x) + 1),
           "fork": lambda obj: (lambda x: obj.fork(x)[1] + 1)}


@pytest.mark.parametrize("name", list(METHODS))
def test_method_is_a_graph_break(name, ob, record):
    line = TD.line_of(f'.def("{name}"')
    obj = ob.Scaler(3.0)
    caller = METHODS[name](obj)
    full = compile_run(caller, [(_x(4),)], fullgraph=True)
    part = compile_run(caller, [(_x(4),)], fullgraph=False)
    eager = behaviour(caller, (_x(4),))
    record(FILE, line,
           f"torch.compile(caller of tlp_ob.Scaler(3.0).{name}, fullgraph=True, backend=eager); "
           "then fullgraph=False",
           f"fullgraph: {full.summary()}; default: {part.summary()}",
           gb_observed=full.gbs or part.gbs)
    assert isinstance(full.error, torch._dynamo.exc.Unsupported), full.summary()
    assert "Unsupported method call" in str(full.error)
    assert "GB0156" in full.gbs
    assert part.ok and any("GB0156" in g for g in part.gbs), part.summary()
    assert same_behaviour(("ok", part.result, ()), ("ok", eager[1], ()))


@pytest.mark.parametrize("name", ["add_ints", "passthrough"])
def test_non_tensor_bindings(name, ob, record):
    """Negatives: not flagged ('Not tensors: nothing to trace'). No runtime
    claim is made; recorded: a call from compiled code is still GB0007."""
    line = TD.line_of(f'm.def("{name}"')
    fn = getattr(ob, name)
    args = (2, 3) if name == "add_ints" else ("o",)

    def f(x):
        return x + (fn(*args) if name == "add_ints" else len(fn(*args)))

    full = compile_run(f, [(torch.ones(2),)], fullgraph=True)
    record(FILE, line, f"torch.compile(x + tlp_ob.{name}(...), fullgraph=True)", full.summary(),
           kind="observation", claim="not flagged (no tensors: 'nothing to trace'); no runtime claim "
           "— recorded: a call from compiled code is still a graph break", gb_observed=full.gbs)
    assert "GB0007" in full.gbs, full.summary()


# A CompositeImplicitAutograd kernel runs on fake tensors as it is (its tensor
# ops have fake kernels), and torch makes the fake of an op that mutates its
# inputs and returns nothing (fill_from; torch-lint gives it no fake note):
# those ops trace fullgraph with no fake kernel. The golden file registers a
# Meta kernel for the others whose outputs their code allocates (row_max,
# total: metaKernelOf, with symbolic sizes).
META = ["row_max", "total", "within_radius"]
NO_FAKE_NEEDED = COMPOSITE + ["fill_from", "aggregate_rows"] + META


@pytest.mark.parametrize("name", MIGRATED)
def test_migration_compiles_fullgraph(name, obf, record, lint):
    """The golden file as is. Ops that need no fake, or get the Meta kernel
    the fix-it writes, trace fullgraph. For the others (gather_rows, whose
    output shape follows the weight's broadcast; clip_any, one kernel per
    device) torch-lint writes no fake: its note asks for one ("give the op a
    fake kernel for torch.compile") and torch-compile-missing-fake-kernel
    reports the golden file's op (GB0090). That is what runs: GB0090 until the
    fake is registered (test_migration_with_fake_kernel_compiles_fullgraph)."""
    line = source(FIXED).line_of(f'm.def("{name}(')
    op = getattr(torch.ops.tlp_obf, name)
    out = compile_run(_caller(op), [BINDINGS[name][0]()], fullgraph=True)
    if name in NO_FAKE_NEEDED:
        claim = f"golden fix: '{name}' registered with TORCH_LIBRARY so that torch.compile can trace calls"
    else:
        claim = (f"golden fix of '{name}' as is: registered, its fake kernel left to the note that asks "
                 "for one, so torch.compile stops at it with GB0090 until one is registered "
                 "(torch-compile-missing-fake-kernel on the golden file)")
    record(FIXED, line, f"torch.compile(caller of torch.ops.tlp_obf.{name}, fullgraph=True), "
           "golden file as is", out.summary(), kind="fix", claim=claim, gb_observed=out.gbs)
    if name in NO_FAKE_NEEDED:
        assert out.ok, out.summary()
    else:
        assert not out.ok and "GB0090" in out.gbs, out.summary()
        notes = lint.notes(FILE, TD.line_of(f'm.def("{name}"'), "torch-compile-opaque-binding")
        assert any("give the op a fake kernel for torch.compile" in n for n in notes), notes


@pytest.fixture(scope="module")
def obf_fakes(obf):
    fakes = Fakes("tlp_obf")
    # torch refuses a fake for a CompositeImplicitAutograd op ("do not need a
    # fake impl"): it traces through the kernel.
    for name in MIGRATED:
        if name not in NO_FAKE_NEEDED:
            fakes.add(name, BINDINGS[name][1])
    yield fakes
    fakes.close()


@pytest.mark.parametrize("name", MIGRATED)
def test_migration_with_fake_kernel_compiles_fullgraph(name, ob, obf, obf_fakes, record):
    line = source(FIXED).line_of(f'm.def("{name}(')
    op = getattr(torch.ops.tlp_obf, name)
    out = compile_run(_caller(op), [BINDINGS[name][0]()], fullgraph=True)
    eager = behaviour(_caller(getattr(ob, name)), BINDINGS[name][0]())
    record(FIXED, line, (f"golden file (its Meta kernel) for tlp_obf::{name}; " if name in META
                         else f"golden file (no fake kernel needed) for tlp_obf::{name}; "
                         if name in NO_FAKE_NEEDED else
                         f"golden file + a Python fake kernel (register_fake) for tlp_obf::{name}; ")
           + "torch.compile(caller, fullgraph=True); result vs eager pybind11 binding",
           f"{out.summary()}; byte-identical to eager: "
           f"{out.ok and same_behaviour(('ok', out.result, ()), ('ok', eager[1], ()))}",
           kind="fix", claim=f"golden fix completed with a fake kernel: '{name}' traces fullgraph")
    assert out.ok, out.summary()
    assert out.graphs == 1 and not out.breaks
    assert same_behaviour(("ok", out.result, ()), ("ok", eager[1], ()))


def _impl_line(name, meta):
    """The golden file's line registering a lambda for `name`: its Meta
    kernel (symbolic sizes), or the adapter of its CPU/CUDA kernel."""
    hits = [i for i, l in enumerate(source(FIXED).lines, 1)
            if f'm.impl("{name}", [](' in l and ("_symint(" in l) == meta]
    assert len(hits) == 1, hits
    return hits[0]


@pytest.mark.parametrize("name", META)
def test_meta_kernel_passes_opcheck(name, obf, record):
    line = _impl_line(name, meta=True)
    op = getattr(torch.ops.tlp_obf, name).default
    result = torch.library.opcheck(op, BINDINGS[name][0](), raise_exception=False)
    dynamic = compile_run(_caller(getattr(torch.ops.tlp_obf, name)), [BINDINGS[name][0]()],
                          fullgraph=True, dynamic=True)
    record(FIXED, line, f"torch.library.opcheck(tlp_obf::{name}) with the golden file's Meta "
           "kernel; torch.compile(caller, fullgraph=True, dynamic=True)",
           f"opcheck: {result}; dynamic: {dynamic.summary()}", kind="fix",
           claim=f"golden fix: the Meta kernel the fix-it writes for '{name}' is a right fake "
                 "(opcheck) and traces with symbolic shapes")
    assert all(v == "SUCCESS" for v in result.values()), result
    assert dynamic.ok, dynamic.summary()


def _matrix(name):
    """Argument tuples over dtypes x shapes x edge values for one binding."""
    if name == "scale":
        for dt, sh, x in input_matrix():
            for s in (-1.5, 0.0):
                yield (x, s)
    elif name == "split_sign":
        for dt, sh, x in input_matrix():
            yield (x,)
    elif name == "add_into":
        for dt, sh, a in input_matrix():
            yield (a, edge_values(dt, sh, seed=1))
        yield (torch.ones(3), torch.zeros(2))  # shape mismatch: both must raise alike
    elif name == "row_max":  # 2-D float only; the rest must raise alike
        for dt, sh, x in input_matrix():
            yield (x,)
        yield (edge_values(torch.float32, (3, 0)),)
    elif name == "clip_any":
        for dt, sh, x in input_matrix():
            for hi in (0.5, -1.0):
                yield (x, hi)
        yield (edge_values(torch.float32, (4, 3)).t(), 0.0)  # not contiguous
    elif name == "fill_from":  # contiguous float32 of one size; the rest must raise alike
        for dt, sh, x in input_matrix():
            yield (x, torch.zeros_like(x))
        yield (torch.ones(3), torch.zeros(2))
        yield (edge_values(torch.float32, (4, 3)).t(), torch.zeros(3, 4))  # not contiguous
    elif name == "aggregate_rows":  # 2-d float32, indices in range; the rest must raise alike
        for dt, sh, x in input_matrix():
            n = x.shape[0] if x.dim() else 0
            yield (x, torch.arange(n) % 2, torch.zeros((2,) + tuple(x.shape[1:]), dtype=x.dtype),
                   torch.zeros_like(x), torch.zeros_like(x))
    elif name == "bad_types":
        for dt, sh, x in input_matrix():
            for n in (3, -2, 0):
                yield (x, n)
    elif name == "within_radius":  # 1-d float32 and k >= 0; the rest must raise alike
        for dt, sh, x in input_matrix():
            for k, radius in ((0, 0.5), (2, 0.5), (3, 1e30), (-1, 0.5)):
                yield (x, k, radius)
    elif name == "shift_any":  # float32 only; the rest must raise alike
        for dt, sh, x in input_matrix():
            for k in (2, -3):
                yield (x, k)
    elif name == "gather_rows":
        for dt in (torch.float32, torch.float64, torch.int64):
            for shape, rows in (((3, 4), [0, 2, 2]), ((1, 1), [0]), ((0, 3), []), ((3, 4), []),
                                ((3, 4), [5])):
                x = edge_values(dt, shape)
                yield (x, rows, None)
                yield (x, rows, edge_values(dt, (shape[1],), seed=2))


@pytest.mark.parametrize("name", MIGRATED)
def test_fix_is_byte_identical(name, ob, obf, obf_fakes, record):
    """Golden fix vs hazard: eager op, compiled op (with fake) and eager pybind11
    binding behave identically (bytes, dtype, shape, mutated args, or the same
    error) over the input matrix."""
    line = source(FIXED).line_of(f'm.def("{name}(')
    hazard = _caller(getattr(ob, name))
    fixed = _caller(getattr(torch.ops.tlp_obf, name))
    n, bad = 0, []
    for args in _matrix(name):
        h = behaviour(hazard, args)
        f = behaviour(fixed, args)
        c = compile_run(fixed, [behaviour_args(args)], fullgraph=True)
        cb = ("ok", c.result, ()) if c.ok else ("raise", type(c.error).__name__, str(c.error).splitlines()[0])
        n += 1
        if not same_behaviour(h, f):
            bad.append(f"eager {args!r:.80}: {show_behaviour(h)} vs {show_behaviour(f)}")
        if h[0] == "ok" and not same_behaviour(("ok", h[1], ()), ("ok", cb[1] if cb[0] == "ok" else None, ())):
            bad.append(f"compiled {args!r:.80}: {show_behaviour(h)} vs {c.summary()}")
    record(FIXED, line, f"{n} inputs (float32/float64/int64; shapes incl. empty and size-1; 0, -0.0, "
           "negative, max, inf, nan): hazard pybind11 vs fixed op eager vs fixed op compiled fullgraph",
           "all byte-identical" if not bad else f"{len(bad)} differences: " + "; ".join(bad[:3]),
           kind="fix", claim=f"the golden fix does not change what '{name}' computes")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name,args", [("bad_types", (_x(3), 2**31)),
                                       ("bad_types", (_x(3), -2**31 - 1)),
                                       ("within_radius", (_x(4), 2**40, 0.5))])
def test_adapter_refuses_what_pybind11_refuses(name, args, ob, obf, record):
    """The lambda the fix-it registers narrows an int64_t to the function's
    int only where it fits: a Python int pybind11 refuses (out of the range
    of int), the operator refuses too, before the function runs."""
    line = _impl_line(name, meta=False)
    hazard = behaviour(_caller(getattr(ob, name)), args)
    fixed = behaviour(_caller(getattr(torch.ops.tlp_obf, name)), args)
    record(FIXED, line, f"tlp_ob.{name} (pybind11) and torch.ops.tlp_obf.{name} (the fix-it's "
           f"lambda) with an int out of the range of C++ int ({args[1]})",
           f"pybind11: {show_behaviour(hazard)}; operator: {show_behaviour(fixed)}", kind="fix",
           claim=f"the adapter of '{name}' refuses an integer out of range, as pybind11 does")
    assert hazard[0] == "raise" and hazard[1] == "TypeError", show_behaviour(hazard)
    assert fixed[0] == "raise" and "is out of the range of 'int'" in fixed[2], show_behaviour(fixed)


def behaviour_args(args):
    import copy
    return copy.deepcopy(args)


# torch-compile-opaque-binding-unreached: the same opacity, for bindings the
# project's Python calls only where no forward reaches (its testdata file,
# built as module tlp_obu). The claim is the graph break where compiled
# code calls them.
UNREACHED = "torch-compile-opaque-binding-unreached.cpp"
TDU = source(UNREACHED)


@pytest.fixture(scope="module")
def obu(builder):
    return builder.build("tlp_obu", TDU.verbatim())


def _unreached_binding_breaks(caller, line, how, record):
    full = compile_run(caller, [(_x(4, 3),)], fullgraph=True)
    part = compile_run(caller, [(_x(4, 3),)], fullgraph=False)
    eager = behaviour(caller, (_x(4, 3),))
    record(UNREACHED, line, how, f"fullgraph: {full.summary()}; default: {part.summary()}",
           check="torch-compile-opaque-binding-unreached", gb_observed=full.gbs or part.gbs)
    assert isinstance(full.error, torch._dynamo.exc.Unsupported), full.summary()
    assert "GB0007" in full.gbs
    assert part.ok and any("GB0007" in g for g in part.gbs), part.summary()
    assert same_behaviour(("ok", part.result, ()), ("ok", eager[1], ()))


def test_unreached_binding_is_a_graph_break(obu, record):
    _unreached_binding_breaks(lambda c: obu.ur_quantize(c, 0.5) + 1,
                              TDU.line_of('m.def("ur_quantize"'),
                              "torch.compile(caller of tlp_obu.ur_quantize, fullgraph=True, "
                              "backend=eager); then fullgraph=False", record)


def test_unreached_method_is_a_graph_break(obu, record):
    line = TDU.line_of('.def("ur_query"')
    grid = obu.UrGrid(2)
    caller = lambda x: grid.ur_query(x) + 1
    full = compile_run(caller, [(_x(4),)], fullgraph=True)
    part = compile_run(caller, [(_x(4),)], fullgraph=False)
    eager = behaviour(caller, (_x(4),))
    record(UNREACHED, line,
           "torch.compile(caller of tlp_obu.UrGrid(2).ur_query, fullgraph=True, backend=eager); "
           "then fullgraph=False",
           f"fullgraph: {full.summary()}; default: {part.summary()}",
           check="torch-compile-opaque-binding-unreached", gb_observed=full.gbs or part.gbs)
    assert isinstance(full.error, torch._dynamo.exc.Unsupported), full.summary()
    assert "GB0156" in full.gbs
    assert part.ok and any("GB0156" in g for g in part.gbs), part.summary()
    assert same_behaviour(("ok", part.result, ()), ("ok", eager[1], ()))


# The note on masked_scale's `mask`: "type 'c10::optional<const at::Tensor>'
# has no schema type; use 'c10::optional<at::Tensor>' instead". The
# migration's kernel with each type, registered for 'Tensor? mask'.
_OPTIONAL_KERNEL = """#include <torch/library.h>
#include <ATen/ATen.h>
at::Tensor masked_scale(const at::Tensor &x, {T} mask) {{
  return mask.has_value() ? x * mask.value() : x * 2;
}}
TORCH_LIBRARY({ns}, m) {{ m.def("masked_scale(Tensor x, Tensor? mask) -> Tensor"); }}
TORCH_LIBRARY_IMPL({ns}, CPU, m) {{ m.impl("masked_scale", &masked_scale); }}
"""


def test_optional_of_a_const_tensor_is_no_kernel_type(builder, lint, record):
    line = TD.line_of('m.def("masked_scale"')
    notes = [n for n in lint.notes(FILE, line, "torch-compile-opaque-binding")
             if "has no schema type" in n]
    bad = builder.build_failure("tlp_ob_optc", _OPTIONAL_KERNEL.format(
        T="c10::optional<const at::Tensor>", ns="tlp_ob_optc"))
    builder.build("tlp_ob_opt", _OPTIONAL_KERNEL.format(T="c10::optional<at::Tensor>", ns="tlp_ob_opt"),
                  python_module=False)
    x, m = _x(3), _x(3)
    got = (torch.ops.tlp_ob_opt.masked_scale(x, m), torch.ops.tlp_ob_opt.masked_scale(x, None))
    record(FILE, line, "build masked_scale as a kernel of 'masked_scale(Tensor x, Tensor? mask) -> Tensor' "
           "(m.impl, CPU) with the parameter as written, then with the type the note names",
           ("as written: does not compile (" + ("no type named 'element_type'" if "element_type" in bad
                                                 else bad[-200:]) + "); " if bad else "as written: compiles; ")
           + "c10::optional<at::Tensor>: compiles, registers, and computes x * mask / x * 2",
           claim=notes[0] if notes else None)
    assert notes and "use 'c10::optional<at::Tensor>' instead" in notes[0], notes
    assert bad, "optional<const at::Tensor> compiled as a kernel parameter"
    assert torch.equal(got[0], x * m) and torch.equal(got[1], x * 2)


# --------------------------------------------------------------------------
# The example extension after `torch-lint --fix`: the C++ registration and
# the Python callers the same fix rewrites (issue #31).

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "image_ops"


@pytest.fixture(scope="module")
def fixed_example(builder):
    """examples/image_ops copied, `torch-lint --fix csrc/bindings.cpp` run in
    the copy (its own project), built with cpp_extension as image_ops._C, and
    its Python package imported from the copy."""
    work = builder.root / "image_ops_fixed"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(EXAMPLE, work, ignore=shutil.ignore_patterns("build", "*.so", "__pycache__"))
    binary = os.environ.get("TORCHLINT_BIN", str(Path(__file__).resolve().parents[2] / "build" / "bin" / "torch-lint"))
    p = subprocess.run([binary, "--project-root=.", "--fix", "csrc/bindings.cpp"], cwd=work,
                       env=dict(os.environ, VIRTUAL_ENV=sys.prefix), capture_output=True, text=True,
                       timeout=600)
    assert p.returncode in (0, 1), p.stdout[-2000:] + p.stderr[-2000:]
    build = builder.root / "image_ops_fixed_build"
    build.mkdir(exist_ok=True)
    # Sources copied to the build directory only when they changed: ninja
    # then skips an unchanged build.
    ext, transforms = build_and_import(work, build, "image_ops", "_C", ("ops.cpp", "bindings.cpp"),
                                        "transforms")
    return work, p.stderr, ext, transforms


def test_example_fix_migrates_the_python_callers(fixed_example, record):
    work, err, ext, transforms = fixed_example
    text = (work / "image_ops" / "transforms.py").read_text()
    imgs = [(_x(2, 3, 4, 5),), (_x(1, 3, 7, 3),)]
    results = []
    for module, binding in ((transforms.Grayscale(), ext.rgb_to_gray),
                            (transforms.HorizontalFlip(), ext.flip_horizontal)):
        for backend in ("eager", "aot_eager"):
            for dynamic in (False, True):
                out = compile_run(module, imgs, fullgraph=True, dynamic=dynamic, backend=backend)
                same = out.ok and byte_identical(out.result, binding(*imgs[-1]))
                results.append((type(module).__name__, backend, dynamic, out.ok, out.graphs, same))
        eager = all(byte_identical(module(*a), binding(*a)) for a in imgs)
        results.append((type(module).__name__, "no compile", None, True, 0, eager))
    record("examples/image_ops/csrc/bindings.cpp", 23,
           "copy examples/image_ops, `torch-lint --fix csrc/bindings.cpp`, build with cpp_extension, "
           "then compile image_ops.transforms' modules fullgraph (eager and aot_eager, static and "
           "dynamic shapes) and compare with the pybind11 binding (torch.equal of the bytes)",
           "; ".join(f"{m} {b}{'' if d is None else ' dynamic' if d else ' static'}: "
                     f"{'ok' if ok else 'FAILED'}, {g} graph(s), {'same bytes' if s else 'DIFFERENT'}"
                     for m, b, d, ok, g, s in results),
           check="torch-compile-opaque-binding", kind="fix",
           claim="fix-it: registers rgb_to_gray and flip_horizontal with TORCH_LIBRARY and rewrites "
                 "the Python calls to torch.ops.image_ops.*")
    assert "torch.ops.image_ops.rgb_to_gray(img)" in text, text
    assert "torch.ops.image_ops.flip_horizontal(img)" in text, text
    assert "_C.rgb_to_gray" not in text and "from . import _C" in text, text
    assert "applied 2 fix-its to image_ops/transforms.py" in err, err
    assert all(ok and s for _, _, _, ok, _, s in results), results


# A package whose binding's output size comes from the data (no Meta kernel
# can say it) and whose Python module imports no `torch`: the fix writes the
# Python fake after the module's import and imports torch once.
FAKE_PKG_CPP = r'''#include <torch/extension.h>

at::Tensor repeat_rows(const at::Tensor &x, int k) {
  TORCH_CHECK(x.scalar_type() == at::kLong && x.dim() == 1, "repeat_rows: a 1-d int64 tensor");
  at::Tensor out = at::empty({x.sum().item<int64_t>()}, x.options().dtype(at::kFloat));
  float *p = out.data_ptr<float>();
  for (int64_t i = 0; i < out.numel(); ++i)
    p[i] = static_cast<float>(k * i);
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("repeat_rows", &repeat_rows); }
'''
FAKE_PKG_PY = '''from __future__ import annotations
from torch import nn
from . import _fk


class Rows(nn.Module):
    def forward(self, x):
        return _fk.repeat_rows(x, 3) * 2
'''


def test_fix_writes_the_python_fake_into_the_package(builder, record):
    work = builder.root / "fake_pkg"
    write_and_fix(work, "fkpkg", "_fk", {"csrc/ext.cpp": FAKE_PKG_CPP, "fkpkg/__init__.py": "", "fkpkg/ops.py": FAKE_PKG_PY}, "torch-compile-opaque-binding")
    text = (work / "fkpkg" / "ops.py").read_text()
    build = builder.root / "fake_pkg_build"
    build.mkdir(exist_ok=True)
    ext, ops = build_and_import(work, build, "fkpkg", "_fk", ("ext.cpp",), "ops")
    x = torch.tensor([2, 0, 3])
    eager = ext.repeat_rows(x, 3) * 2
    results = []
    for backend in ("eager", "aot_eager"):
        for dynamic in (False, True):
            out = compile_run(ops.Rows(), [(x,)], fullgraph=True, dynamic=dynamic, backend=backend)
            results.append((backend, dynamic, out.ok, out.ok and byte_identical(out.result, eager)))
    oc = torch.library.opcheck(torch.ops._fk.repeat_rows.default, (x, 3), raise_exception=False)
    record("fake_pkg/csrc/ext.cpp (written by the test)", 12,
           "a package (csrc/ext.cpp: an output sized by x.sum().item(); fkpkg/ops.py: no `import torch`), "
           "`torch-lint --fix csrc/ext.cpp`, built with cpp_extension; its module compiled fullgraph "
           "(eager and aot_eager, static and dynamic) vs the pybind11 binding; opcheck(_fk::repeat_rows)",
           "; ".join(f"{b}{' dynamic' if d else ' static'}: {'ok' if ok else 'FAILED'}, "
                     f"{'same bytes' if s else 'DIFFERENT'}" for b, d, ok, s in results)
           + f"; opcheck: {oc}",
           check="torch-compile-opaque-binding", kind="fix",
           claim="fix-it: writes the Python fake (a dynamic size) after the module's import, "
                 "imports torch once, and rewrites the call to torch.ops._fk.repeat_rows")
    assert text.count("import torch\n") == 1 and text.startswith("from __future__"), text
    assert '@torch.library.register_fake("_fk::repeat_rows")' in text, text
    assert "torch.library.get_ctx().new_dynamic_size()" in text, text
    assert text.index("from . import _fk") < text.index("register_fake"), text
    assert "torch.ops._fk.repeat_rows(x, 3)" in text, text
    assert all(ok and s for _, _, ok, s in results), results
    assert all(v == "SUCCESS" for v in oc.values()), oc
