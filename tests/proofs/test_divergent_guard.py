"""torch-compile-divergent-guard: eager and compiled code taking different
paths ("compile by exclusion").

tlp_dg: the testdata file verbatim plus probes. A probe evaluates the
guard's condition, copied verbatim from the testdata line, logs its value,
then calls the testdata function. The probes are registered where the
function would be traced: CompositeExplicitAutograd (its kernel also serves
Meta, so fake tensors run it as a Meta kernel; as the testdata registers
scale and device_test) for the Meta tests, CompositeImplicitAutograd (run on
FakeTensors, decomposed by AOTAutograd) for the dispatch-key and Python
tests; `twice` is registered as the testdata registers it (CPU kernel, Meta
kernel twice_meta).

The proof: the guard's value logged while torch.compile traces differs from
its value in the eager call; where it changes the traced computation, the
compiled output differs from the eager one. The negatives: the guard takes
the same value compiled and eager (a Meta test in a CPU kernel of an op with
a Meta kernel; a Functionalize-key test, which torch.compile's Python
functionalization never sets).
"""

import re

import pytest
import torch

from proofkit import byte_identical, compile_run, probe_marker, source

FILE = "torch-compile-divergent-guard.cpp"
TD = source(FILE)


def _cond(anchor: str) -> str:
    """The condition of the `if (...)` on the line containing `anchor`."""
    code = TD.code_of(anchor).strip()
    m = re.fullmatch(r"if \((.*)\)", code)
    if not m:
        raise LookupError(f"no if-condition on {code!r}")
    return m.group(1)


# probe name -> (anchor, testdata function, how the guard is evaluated, key)
LOGGED = {
    "is_meta": ("if (x.is_meta()) // expect", "scale", None, "CompositeExplicitAutograd"),
    "device_meta": ("c10::DeviceType::Meta) // expect", "device_test", None, "CompositeExplicitAutograd"),
    "python_key": ("DispatchKey::Python)", "key_test", None, "CompositeImplicitAutograd"),
    "functionalize_key": ("DispatchKey::Functionalize)", "functional_test", None, "CompositeImplicitAutograd"),
    "is_tracing": ("isTracing()", "traced_only", None, "CompositeImplicitAutograd"),
    "is_compiling": ("attr(\"is_compiling\")", "compiling", "py", "CompositeImplicitAutograd"),
    # negatives
    "twice_is_meta": ("if (x.device().is_meta())", "twice", None, "CPU"),
    "is_meta_implicit": ("if (x.is_meta()) // expect", "scale", None, "CompositeImplicitAutograd"),
    "is_cuda": ("if (x.is_cuda() ||", "to_cpu", None, "CompositeImplicitAutograd"),
    "needs_grad": ("return x.key_set().has(c10::DispatchKey::AutogradCPU) &&", "needs_grad", "py",
                   "CompositeImplicitAutograd"),
}


def _probe_source() -> str:
    s = [probe_marker("dg"), "#include <torch/extension.h>\n",
         "namespace tlp {\n"
         "std::vector<std::string> &log() { static std::vector<std::string> L; return L; }\n"
         "void note(const char *what, bool v) { log().push_back(std::string(what) + (v ? \"=1\" : \"=0\")); }\n"
         "std::vector<std::string> take() { auto r = log(); log().clear(); return r; }\n"
         "}\n"]
    for name, (anchor, fn, how, _) in LOGGED.items():
        line = TD.line_of(anchor)
        if how == "py":  # the testdata function calls into Python: it needs the GIL
            arg = "x" if fn == "needs_grad" else ""
            ret = "x * 2"
            s.append(f"// guard of testdata line {line}: {fn}() itself\n"
                     f"at::Tensor tlp_{name}(const at::Tensor &x) {{\n  bool v;\n"
                     f"  {{ py::gil_scoped_acquire gil; v = {fn}({arg}); }}\n"
                     f"  tlp::note(\"{name}\", v);\n  return {ret};\n}}\n")
        else:
            ret = f"{fn}(x).clone()" if fn == "to_cpu" else f"{fn}(x)"
            s.append(f"// guard of testdata line {line}, verbatim\n"
                     f"at::Tensor tlp_{name}(const at::Tensor &x) {{\n"
                     f"  tlp::note(\"{name}\", {_cond(anchor)});\n  return {ret};\n}}\n")
    s.append("TORCH_LIBRARY(tlp_dg, m) {\n")
    s += [f'  m.def("{n}(Tensor x) -> Tensor");\n' for n in LOGGED]
    s.append("}\n")
    for key in ("CompositeExplicitAutograd", "CompositeImplicitAutograd"):
        s.append(f"TORCH_LIBRARY_IMPL(tlp_dg, {key}, m) {{\n")
        s += [f'  m.impl("{n}", &tlp_{n});\n' for n, v in LOGGED.items() if v[3] == key]
        s.append("}\n")
    s.append("// twice registered as the testdata registers it: CPU kernel twice, Meta kernel twice_meta\n"
             'TORCH_LIBRARY_IMPL(tlp_dg, CPU, m) { m.impl("twice_is_meta", &tlp_twice_is_meta); }\n'
             'TORCH_LIBRARY_IMPL(tlp_dg, Meta, m) { m.impl("twice_is_meta", &twice_meta); }\n')
    s.append("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n"
             '  m.def("take_log", &tlp::take);\n'
             '  m.def("traced_only", &traced_only);\n'
             '  m.def("traced_only_logged", &tlp_is_tracing);\n}\n')
    return "".join(s)


@pytest.fixture(scope="module")
def dg(builder):
    return builder.build("tlp_dg", TD.verbatim() + _probe_source())


def x3():
    return torch.tensor([-1.5, 0.0, 2.0])


def _eager_and_compiled(dg, op, backend):
    dg.take_log()
    eager = op(x3())
    eager_log = dg.take_log()
    out = compile_run(lambda x: op(x), [(x3(),)], fullgraph=True, backend=backend)
    compiled_log = dg.take_log()
    return eager, eager_log, out, compiled_log


POSITIVES = [
    ("is_meta", "eager"), ("device_meta", "eager"), ("python_key", "eager"), ("python_key", "aot_eager"),
    ("is_compiling", "eager"),
]


@pytest.mark.parametrize("name,backend", POSITIVES, ids=[f"{n}-{b}" for n, b in POSITIVES])
def test_guard_differs_when_compiled(name, backend, dg, record):
    anchor, fn, _, key = LOGGED[name]
    line = TD.line_of(anchor)
    op = getattr(torch.ops.tlp_dg, name)
    eager, elog, out, clog = _eager_and_compiled(dg, op, backend)
    same_out = out.ok and byte_identical(eager, out.result)
    record(FILE, line, f"{fn} behind probe op tlp_dg::{name} ({key}); guard logged in eager, then "
           f"under torch.compile(fullgraph=True, backend={backend}) (trace + run); outputs compared",
           f"eager guard {elog}, output {eager.tolist()}; compiled guard {clog} "
           f"({out.summary()}), output {out.result.tolist() if out.ok else '-'}"
           f"{'' if same_out else ' — compiled output DIFFERS from eager'}")
    assert out.ok, out.summary()
    # While compiling, the guard took a value it never has in eager.
    assert set(clog) - set(elog), (elog, clog)


@pytest.mark.parametrize("name", ["python_key"])
def test_compiled_output_differs(name, dg, record):
    """Where the guarded path is what AOTAutograd traces, the compiled
    function computes something else than eager."""
    anchor, fn, _, key = LOGGED[name]
    line = TD.line_of(anchor)
    op = getattr(torch.ops.tlp_dg, name)
    eager, elog, out, clog = _eager_and_compiled(dg, op, "aot_eager")
    record(FILE, line, f"torch.compile({fn} via tlp_dg::{name}, fullgraph=True, backend=aot_eager) "
           f"on {x3().tolist()} vs eager", f"eager {eager.tolist()}; compiled "
           f"{out.result.tolist() if out.ok else out.summary()}")
    assert out.ok, out.summary()
    assert not byte_identical(eager, out.result)


def test_is_tracing_differs_under_jit_trace(dg, record):
    line = TD.line_of("isTracing()")
    dg.take_log()
    eager = dg.traced_only_logged(x3())
    elog = dg.take_log()
    traced = torch.jit.trace(lambda x: dg.traced_only_logged(x), (torch.ones(3),))
    tlog = dg.take_log()
    got = traced(x3())
    comp = compile_run(lambda x: torch.ops.tlp_dg.is_tracing(x), [(x3(),)], fullgraph=True)
    clog = dg.take_log()
    record(FILE, line, "traced_only under torch.jit.trace (the TorchScript tracer) vs eager; and "
           "under torch.compile (probe op, CompositeImplicitAutograd)",
           f"eager guard {elog}, output {eager.tolist()}; jit.trace guard {tlog}, traced graph output "
           f"{got.tolist()}; torch.compile guard {clog} ({comp.summary()}): torch.compile does not "
           "set the JIT tracing state")
    # jit.trace runs the function again to check the trace: only the tracing run sees 1
    assert elog == ["is_tracing=0"] and "is_tracing=1" in tlog, (elog, tlog)
    assert not byte_identical(eager, got)


def test_functionalize_guard_under_cpp_functionalization(dg, record):
    line = TD.line_of(LOGGED["functionalize_key"][0])
    op = torch.ops.tlp_dg.functionalize_key
    dg.take_log()
    eager = op(x3())
    elog = dg.take_log()
    y = torch._to_functional_tensor(x3())
    torch._enable_functionalization(reapply_views=True)
    try:
        r = op(y)
    finally:
        torch._disable_functionalization()
    flog = dg.take_log()
    got = torch._from_functional_tensor(r)
    record(FILE, line, "functional_test via tlp_dg::functionalize_key under C++ functionalization "
           "(torch._to_functional_tensor + torch._enable_functionalization) vs eager",
           f"eager guard {elog}, output {eager.tolist()}; functionalized guard {flog}, output "
           f"{got.tolist()}", kind="observation",
           claim="where the guard does take the other path: C++ functionalization")
    assert elog == ["functionalize_key=0"] and flog == ["functionalize_key=1"], (elog, flog)
    assert not byte_identical(eager, got)


NEGATIVES = [("is_cuda", "eager"), ("is_cuda", "aot_eager"), ("needs_grad", "eager"),
             ("needs_grad", "aot_eager"), ("twice_is_meta", "eager"), ("twice_is_meta", "aot_eager"),
             ("functionalize_key", "aot_eager"), ("is_meta_implicit", "eager"),
             ("is_meta_implicit", "aot_eager")]

NOT_FLAGGED = {
    "to_cpu": "a device test not about tracing",
    "needs_grad": "a dispatch key and a Python attribute that say nothing about tracing",
    "twice": "a Meta test in the CPU kernel of an op with a Meta kernel: fake tensors run the Meta "
             "kernel, this one sees CPU tensors compiled or not (dead, not divergent)",
    "scale": "a Meta test in a catch-all (CompositeImplicitAutograd) kernel: traced on fake "
             "tensors, which report their real device",
    "functional_test": "a Functionalize-key test: torch.compile functionalizes in Python "
                       "(FunctionalTensorMode) and the traced kernel sees no Functionalize key, as in eager",
}


@pytest.mark.parametrize("name,backend", NEGATIVES, ids=[f"{n}-{b}" for n, b in NEGATIVES])
def test_negative_guards_agree(name, backend, dg, record):
    anchor, fn, _, key = LOGGED[name]
    line = TD.line_of(anchor)
    op = getattr(torch.ops.tlp_dg, name)
    eager, elog, out, clog = _eager_and_compiled(dg, op, backend)
    record(FILE, line, f"{fn} behind tlp_dg::{name} ({key}); guard in eager vs under "
           f"torch.compile(fullgraph=True, backend={backend})",
           f"eager guard {elog}; compiled guard {clog} ({out.summary()})",
           # scale's guard under another registration than the file's: what it would be
           kind="observation" if name == "is_meta_implicit" else "negative",
           claim=f"not flagged: {NOT_FLAGGED[fn]}")
    assert out.ok, out.summary()
    assert set(elog) == set(clog), (elog, clog)
    assert byte_identical(eager, out.result)


def test_functionalize_guard_under_torch_func_functionalize(dg, record):
    anchor, fn, _, key = LOGGED["functionalize_key"]
    line = TD.line_of(anchor)
    op = torch.ops.tlp_dg.functionalize_key
    dg.take_log()
    eager = op(x3())
    elog = dg.take_log()
    ff = torch.func.functionalize(lambda t: op(t))(x3())
    flog = dg.take_log()
    record(FILE, line, f"{fn} behind tlp_dg::functionalize_key ({key}); guard in eager vs under "
           "torch.func.functionalize", f"eager guard {elog}; torch.func.functionalize guard {flog}, "
           f"output {ff.tolist()}", kind="negative", claim=f"not flagged: {NOT_FLAGGED[fn]}")
    assert elog == flog == ["functionalize_key=0"], (elog, flog)
    assert byte_identical(eager, ff)


def test_meta_kernel_may_test_for_meta(dg, record):
    line = TD.line_of('TORCH_CHECK(x.is_meta(), "twice_meta is the Meta kernel")')
    out = compile_run(lambda x: torch.ops.dg.twice(x), [(x3(),)], fullgraph=True)
    eager = torch.ops.dg.twice(x3())
    record(FILE, line, "torch.compile(dg.twice, fullgraph=True): fake tensors run twice_meta, whose "
           "TORCH_CHECK(x.is_meta()) holds", f"{out.summary()}; output equals eager: "
           f"{out.ok and byte_identical(eager, out.result)}", kind="negative",
           claim="not flagged: a Meta kernel may test for Meta")
    assert out.ok and not out.breaks, out.summary()
    assert byte_identical(eager, out.result)
