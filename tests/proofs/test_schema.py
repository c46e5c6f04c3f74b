"""torch-compile-schema: schemas that do not parse, do not match the kernel,
or hide a mutation or an alias.

The testdata file cannot be built as it is (its `repeat` registration is a
compile error, its `broken` schema throws at load time), so:
  tlp_sc: the kernel section of the testdata (everything before
    TORCH_LIBRARY) verbatim, plus one C++ function per m.def line of the
    testdata and of the golden file that makes that registration at run time:
    the line's own `m.def(...)` (and the op's `m.impl(...)` line from the
    CPU block), each verbatim, on a torch::Library of namespace
    tlp_sc_L<line> (golden: tlp_scf_L<line>), returning the error text or "".
    These are the calls TORCH_LIBRARY makes when the library is loaded.
  tlp_sc_repeat: the kernel section plus the `repeat` def/impl lines, which
    must not compile.
  The overloads (TORCH_LIBRARY(ov, m)): one C++ function per op of the ov
    block, in the same extension, that makes the op's m.def lines (every
    overload) and then each m.impl line of the CPU block for it, verbatim, on
    a torch::Library of namespace tlp_ov_<op>, returning "\\x1eL<line>: <error>"
    for each line that throws.
"""

import copy
import re

import pytest
import torch

from proofkit import (Fakes, behaviour, byte_identical, compile_run, edge_values, probe_marker,
                      same_behaviour, show_behaviour, source)

FILE = "torch-compile-schema.cpp"
FIXED = "torch-compile-schema.fixed.cpp"
TD = source(FILE)
TDF = source(FIXED)
LIB = r"^TORCH_LIBRARY\(sc, m\)"


def _defs(src):
    """line -> (op name, the m.def call text, the m.impl call text or None)."""
    impls = {}
    in_cpu = False
    for i, l in enumerate(src.lines, 1):
        if l.startswith("TORCH_LIBRARY_IMPL(sc, CPU"):
            in_cpu = True
        elif l.startswith("}"):
            in_cpu = False
        elif in_cpu and (m := re.match(r'\s*m\.impl\("(\w+)"', l)):
            impls[m.group(1)] = src.code(i).strip()
    out = {}
    in_lib = False
    for i, l in enumerate(src.lines, 1):
        if re.match(LIB, l):
            in_lib = True
        elif l.startswith("}"):
            in_lib = False
        elif in_lib and (m := re.match(r'\s*m\.def\("([A-Za-z_]\w*)', l)):
            out[i] = (m.group(1), src.code(i).strip(), impls.get(m.group(1)))
    return out


DEFS, DEFS_FIXED = _defs(TD), _defs(TDF)


def _reg_function(src, tag, line, name, def_call, impl_call):
    ns = f"tlp_{tag}_L{line}"
    body = [f"std::string tlp_reg_{tag}_{line}() {{\n",
            "  static std::vector<std::unique_ptr<torch::Library>> keep;\n  try {\n",
            f'    keep.push_back(std::make_unique<torch::Library>(torch::Library::FRAGMENT, "{ns}", '
            "std::nullopt, __FILE__, __LINE__));\n    auto &m = *keep.back();\n",
            f'#line {line} "testdata/{src.name}"\n    {def_call}\n#line 1 "tests/proofs/probe"\n']
    if impl_call:
        body += [f'    keep.push_back(std::make_unique<torch::Library>(torch::Library::IMPL, "{ns}", '
                 "c10::DispatchKey::CPU, __FILE__, __LINE__));\n    {\n      auto &m = *keep.back();\n",
                 f"      {impl_call}\n    }}\n"]
    body.append('    return "";\n  } catch (const c10::Error &e) {\n    return e.what_without_backtrace();\n'
                "  } catch (const std::exception &e) {\n    return e.what();\n  }\n}\n")
    return "".join(body)


def _ov_ops(src):
    """op name -> ([(line, m.def code)], [(line, m.impl code)]) for the ov
    block and its CPU block; a macro line (OV_UNARY_DEF(halve)) counts for its
    argument."""
    ops: dict[str, tuple[list, list]] = {}
    block = None
    for i, l in enumerate(src.lines, 1):
        if l.startswith("TORCH_LIBRARY(ov, m)"):
            block = "def"
        elif l.startswith("TORCH_LIBRARY_IMPL(ov, CPU"):
            block = "impl"
        elif l.startswith("}"):
            block = None
        elif block and (m := re.match(r'\s*(?:m\.(?:def|impl)\("(\w+)|OV_UNARY_(?:DEF|IMPL)\((\w+)\))', l)):
            name = m.group(1) or m.group(2)
            ops.setdefault(name, ([], []))[0 if block == "def" else 1].append((i, src.code(i).strip()))
    return ops


OV_OPS = _ov_ops(TD)


def _ov_function(name, defs, impls):
    ns = f"tlp_ov_{name}"
    body = [f"std::string tlp_ov_{name}() {{\n",
            "  static std::vector<std::unique_ptr<torch::Library>> keep;\n  std::string errors;\n",
            f'  keep.push_back(std::make_unique<torch::Library>(torch::Library::FRAGMENT, "{ns}", '
            "std::nullopt, __FILE__, __LINE__));\n"]
    for key, lines in (("", defs), ("CPU", impls)):
        if key:
            body.append(f'  keep.push_back(std::make_unique<torch::Library>(torch::Library::IMPL, "{ns}", '
                        "c10::DispatchKey::CPU, __FILE__, __LINE__));\n")
        for line, code in lines:
            body += ["  try {\n    auto &m = *keep.back();\n",
                     f'#line {line} "testdata/{FILE}"\n    {code}\n#line 1 "tests/proofs/probe"\n',
                     f'  }} catch (const c10::Error &e) {{\n    errors += "\\x1eL{line}: " + '
                     "std::string(e.what_without_backtrace());\n  }\n"]
    body.append("  return errors;\n}\n")
    return "".join(body)


def _sc_source():
    s = [TD.head(LIB), probe_marker("sc"), "#include <torch/extension.h>\n"]
    names = []
    for tag, src, defs in (("sc", TD, DEFS), ("scf", TDF, DEFS_FIXED)):
        for line, (name, d, i) in defs.items():
            if name == "repeat":  # a compile error: tlp_sc_repeat
                continue
            s.append(_reg_function(src, tag, line, name, d, i))
            names.append(f"reg_{tag}_{line}")
    for name, (defs, impls) in OV_OPS.items():
        s.append(_ov_function(name, defs, impls))
    s.append("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n")
    s += [f'  m.def("{n}", &tlp_{n});\n' for n in names]
    s += [f'  m.def("ov_{n}", &tlp_ov_{n});\n' for n in OV_OPS]
    s.append("}\n")
    return "".join(s)


def _line(name, defs=DEFS):
    return next(l for l, v in defs.items() if v[0] == name)


@pytest.fixture(scope="module")
def sc(builder):
    mod = builder.build("tlp_sc", _sc_source())
    msgs = {}
    for tag, defs in (("sc", DEFS), ("scf", DEFS_FIXED)):
        for line, (name, _, _) in defs.items():
            if name != "repeat":
                msgs[(tag, name)] = getattr(mod, f"reg_{tag}_{line}")()
    for name in OV_OPS:
        msgs[("ov", name)] = getattr(mod, f"ov_{name}")()
    return msgs


def _op(tag, name, defs):
    return getattr(getattr(torch.ops, f"tlp_{tag}_L{_line(name, defs)}"), name)


def _short(msg):
    return " ".join(msg.split())[:300]


def test_kernels_of_the_golden_file_are_the_testdata_kernels():
    assert TDF.head(LIB).replace(FIXED, FILE) == TD.head(LIB)


@pytest.mark.parametrize("name,must", [("broken", "int64_t"), ("unclosed", "expected )")])
def test_schema_does_not_parse(name, must, sc, record):
    line = _line(name)
    msg = sc[("sc", name)]
    record(FILE, line, f"the line's m.def(...) on a torch::Library at run time (what TORCH_LIBRARY "
           "runs at load time)", f"throws: {_short(msg)}" if msg else "registers")
    assert msg, "the schema parsed"
    assert must in msg


def test_argument_count_mismatch_fails_registration(sc, record):
    line = _line("add_scaled")
    msg = sc[("sc", "add_scaled")]
    record(FILE, line, "the line's m.def(...) and the CPU block's m.impl(\"add_scaled\", &add_scaled) on "
           "torch::Library objects at run time", f"throws: {_short(msg)}" if msg else "registers")
    assert "doesn't match the expected function schema" in msg
    assert "2 vs 3" in msg


@pytest.fixture(scope="module")
def repeat_build(builder):
    line = _line("repeat")
    _, d, i = DEFS[line]
    impl_line = TD.line_of('m.impl("repeat", &repeat)')
    src = (TD.head(LIB) + probe_marker("sc_repeat") + "TORCH_LIBRARY(tlp_sc_repeat, m) {\n"
           + f'#line {line} "testdata/{FILE}"\n  {d}\n#line 2 "tests/proofs/probe"\n}}\n'
           + "TORCH_LIBRARY_IMPL(tlp_sc_repeat, CPU, m) {\n"
           + f'#line {impl_line} "testdata/{FILE}"\n  {i}\n}}\n')
    return builder.build_failure("tlp_sc_repeat", src)


@pytest.mark.parametrize("arg,cxx,must", [
    ("times", "int", "unsupported integral input type"),
    ("scale", "float", "unsupported input type: float. Please use double instead")])
def test_kernel_type_is_not_a_schema_type(arg, cxx, must, repeat_build, record, lint):
    line = _line("repeat")
    asserts = sorted({m.strip() for m in re.findall(r"static assertion failed: ([^\n]*)", repeat_build)})
    mine = [x["message"] for x in lint.at(FILE, line, "torch-compile-schema") if f"'{arg}'" in x["message"]]
    record(FILE, line, "build the testdata kernels with the repeat def/impl lines as an extension",
           "does not compile: " + " | ".join(asserts) if repeat_build else "compiles",
           claim=mine[0] if mine else None)
    assert repeat_build, "the registration compiled"
    assert any(must in a for a in asserts), asserts


# --- mutation and aliasing -----------------------------------------------------

MUTATING = {
    # name: (arguments, index of the argument written)
    "fill_out": (lambda: (torch.arange(4.0), torch.zeros(4)), 1),
    "zero_first": (lambda: (torch.arange(1.0, 5.0),), 0),
    "sum_into": (lambda: (torch.arange(4.0), torch.ones(4), torch.zeros(4)), 2),
    "double_alias": (lambda: (torch.arange(1.0, 5.0),), 0),  # through `at::Tensor y = x`
    # a const input and a `Tensor&` output handed to a launcher torch-lint
    # does not see the body of
    "scale_into": (lambda: (torch.arange(4.0), torch.zeros(4)), 1),
    # a `Tensor?` written through its value's data (pytorch_scatter's optional_out)
    "fill_opt": (lambda: (torch.arange(4.0), torch.zeros(4)), 1),
    # the same through a handle one arm assigns
    "scale_opt": (lambda: (torch.arange(4.0), torch.zeros(4)), 1),
}


def _schema_check(op, args):
    r = torch.library.opcheck(op, args, test_utils=("test_schema",), raise_exception=False)
    v = r["test_schema"]
    return "SUCCESS" if v == "SUCCESS" else f"{type(v).__name__}: {str(v).splitlines()[0]}"


def _writes(op, written):
    def f(*a):
        op(*a)
        return a[written] + 0
    return f


@pytest.fixture(scope="module")
def sc_fakes(sc):
    """Fake kernels for the unannotated ops (they need one to be compiled at
    all; the annotated ones get torch's trivial fake for mutating ops that
    return nothing)."""
    fakes = []
    for name in MUTATING:
        f = Fakes(f"tlp_sc_L{_line(name)}")
        f.add(name, lambda *a: None)
        fakes.append(f)
    yield
    for f in fakes:
        f.close()


@pytest.mark.parametrize("name", list(MUTATING))
def test_undeclared_mutation(name, sc, sc_fakes, record):
    line = _line(name)
    assert sc[("sc", name)] == "", sc[("sc", name)]
    op = _op("sc", name, DEFS)
    args, w = MUTATING[name]
    check = _schema_check(op, args())
    eager_args = args()
    op(*eager_args)
    comp_args = args()
    out = compile_run(_writes(op, w), [comp_args], fullgraph=True, backend="aot_eager")
    dropped = out.ok and not byte_identical(out.result, eager_args[w])
    record(FILE, line, f"opcheck(test_schema) of tlp_sc_L{line}::{name}; and with a fake kernel, "
           f"torch.compile(op(...); return written + 0, fullgraph=True, backend=aot_eager) vs eager",
           f"opcheck: {check}; compiled returns {out.result.tolist() if out.ok else out.summary()} "
           f"vs eager {eager_args[w].tolist()}; input after the compiled call "
           f"{comp_args[w].tolist()}{' — the write was dropped' if dropped else ''}")
    assert check.startswith("RuntimeError") and "is not defined as mutable but was mutated" in check, check
    assert dropped, out.summary()


@pytest.mark.parametrize("name", ["identity", "first_row", "identity_local", "flat_local"])
def test_undeclared_alias(name, sc, record):
    line = _line(name)
    assert sc[("sc", name)] == "", sc[("sc", name)]
    op = _op("sc", name, DEFS)
    x = torch.rand(3, 2)
    check = _schema_check(op, (x,))
    record(FILE, line, f"opcheck(test_schema) of tlp_sc_L{line}::{name}", f"opcheck: {check}")
    assert "is not defined to alias output but was aliasing" in check, check


# quantize_into fills two buffers and gives them back in a tuple (qutlass's
# fusedQuantizeMx*). The hazard hides both writes; the fix-its' schema (one
# alias set per written argument, the same on the return that gives it
# back) passes; what the fix-its wrote before round 22 (one set for both
# arguments, plain returns) is registered from Python over the same kernel
# and fails: torch sees outputs aliasing inputs the schema does not tie.
def _quantize_args():
    return (torch.tensor([0.4, 1.6, -2.5]), torch.zeros(3), torch.zeros(1))


def test_written_arguments_given_back_need_their_own_alias_sets(sc, record):
    hazard = _op("sc", "quantize_into", DEFS)
    fixed = _op("scf", "quantize_into", DEFS_FIXED)
    old_fix = "quantize_into(Tensor x, Tensor(a!) q, Tensor(a!) scales) -> (Tensor, Tensor)"
    lib = torch.library.Library("tlp_sc_oldfix", "FRAGMENT")
    lib.define(old_fix)
    lib.impl("quantize_into", lambda x, q, s: hazard(x, q, s), "CPU")
    checks = {"hazard": _schema_check(hazard, _quantize_args()),
              "fix-its": _schema_check(fixed, _quantize_args()),
              "before": _schema_check(torch.ops.tlp_sc_oldfix.quantize_into, _quantize_args())}
    eager, out = _quantize_args(), _quantize_args()
    r_eager, r_fixed = hazard(*eager), fixed(*out)
    record(FILE, _line("quantize_into"), "opcheck(test_schema) of the hazard's schema, of the fix-its' "
           f"(golden file), and of '{old_fix}' (the fix-its before, registered from Python over the "
           "same kernel); the golden op's results and buffers vs the hazard's",
           "; ".join(f"{k}: {v}" for k, v in checks.items()))
    lib._destroy()
    assert ("is not defined as mutable but was mutated" in checks["hazard"]
            or "is not defined to alias output but was aliasing" in checks["hazard"]), checks
    assert checks["fix-its"] == "SUCCESS", checks
    assert "is not defined to alias output but was aliasing" in checks["before"], checks
    assert all(torch.equal(a, b) for a, b in zip(r_eager, r_fixed))
    assert r_fixed[0].data_ptr() == out[1].data_ptr() and r_fixed[1].data_ptr() == out[2].data_ptr()
    assert torch.equal(eager[1], out[1]) and torch.equal(eager[2], out[2])


# --- the golden fix --------------------------------------------------------------

@pytest.mark.parametrize("name", list(MUTATING))
def test_fixed_schema_declares_the_mutation(name, sc, record):
    line = _line(name, DEFS_FIXED)
    assert sc[("scf", name)] == "", sc[("scf", name)]
    op = _op("scf", name, DEFS_FIXED)
    args, w = MUTATING[name]
    check = _schema_check(op, args())
    eager_args = args()
    op(*eager_args)
    comp_args = args()
    out = compile_run(_writes(op, w), [comp_args], fullgraph=True, backend="aot_eager")
    record(FIXED, line, f"opcheck(test_schema) of tlp_scf_L{line}::{name} (golden schema, no fake "
           "kernel registered); torch.compile(op(...); return written + 0, fullgraph=True, "
           "backend=aot_eager) vs eager",
           f"opcheck: {check}; compiled: {out.summary()}, returns "
           f"{out.result.tolist() if out.ok else '-'} vs eager {eager_args[w].tolist()}; input after "
           f"the compiled call {comp_args[w].tolist()}", kind="fix",
           claim=f"fix-it: annotate the written argument 'Tensor(a!)' in the schema of {name}")
    assert check == "SUCCESS", check
    assert out.ok and out.graphs == 1 and not out.breaks, out.summary()
    assert byte_identical(out.result, eager_args[w]) and byte_identical(comp_args[w], eager_args[w])


TWO_ARGS = ("fill_out", "scale_into", "fill_opt", "scale_opt")


def _matrix(name):
    if name == "zero_first":
        # data_ptr<float>()[0]: float32 only, and never empty (out of bounds in
        # both versions); other dtypes raise in both.
        for dt in (torch.float32, torch.float64, torch.int64):
            for sh in ((1,), (7,), (3, 4), (1, 1)):
                yield (edge_values(dt, sh),)
        return
    if name == "double_alias":
        for dt in (torch.float32, torch.float64, torch.int64):
            for sh in ((0,), (1,), (7,), (3, 4), (1, 1), (0, 3)):
                yield (edge_values(dt, sh),)
        return
    for dt in (torch.float32, torch.float64, torch.int64):
        for sh in ((0,), (1,), (7,), (3, 4), (1, 1), (0, 3)):
            a, b = edge_values(dt, sh), edge_values(dt, sh, seed=1)
            yield (a, b) if name in TWO_ARGS else (a, b, edge_values(dt, sh, seed=2))
    yield (torch.ones(3), torch.zeros(2)) if name in TWO_ARGS else (torch.ones(3), torch.ones(2),
                                                                       torch.zeros(3))


@pytest.mark.parametrize("name", list(MUTATING))
def test_fix_is_byte_identical(name, sc, sc_fakes, record):
    line = _line(name, DEFS_FIXED)
    hazard, fixed = _op("sc", name, DEFS), _op("scf", name, DEFS_FIXED)
    w = MUTATING[name][1]
    n, bad = 0, []
    for args in _matrix(name):
        n += 1
        h, f = behaviour(hazard, args), behaviour(fixed, args)
        if not same_behaviour(h, f):
            bad.append(f"eager {show_behaviour(h)} vs {show_behaviour(f)}")
            continue
        if h[0] == "ok":
            cargs = copy.deepcopy(args)
            c = compile_run(_writes(fixed, w), [cargs], fullgraph=True, backend="aot_eager")
            if not (c.ok and byte_identical(c.result, h[2][w]) and byte_identical(cargs[w], h[2][w])):
                bad.append(f"compiled {[tuple(a.shape) for a in args]}: {c.summary()}")
    shapes = ("shapes (1,),(7,),(3,4),(1,1) — never empty: the kernel writes element 0 through "
              "data_ptr<float>()" if name == "zero_first" else "shapes incl. empty and size-1"
              + ("" if name == "double_alias" else ", a shape mismatch"))
    record(FIXED, line, f"{n} inputs (float32/float64/int64, {shapes}, edge values): hazard vs golden "
           "eager (written argument compared), golden compiled fullgraph (aot_eager)",
           "all identical" if not bad else f"{len(bad)} differences: " + "; ".join(bad[:3]),
           kind="fix", claim=f"the golden fix does not change what {name} computes")
    assert not bad, "\n".join(bad)


# --- negatives ----------------------------------------------------------------

NEG_ARGS = {
    "scale_": lambda: (torch.rand(3), 2.0),
    "as_view": lambda: (torch.rand(2, 3),),
    "good_out": lambda: (torch.rand(3), torch.zeros(3)),
    "copy_local": lambda: (torch.rand(2, 3),),
    "scale_copy": lambda: (torch.rand(2, 3),),
    "silu_and_mul": lambda: (torch.zeros(3), torch.rand(3)),
    "gmm": lambda: (torch.rand(3), torch.rand(3), torch.zeros(3)),
    "row_scale": lambda: (torch.rand(2, 3), torch.rand(2)),
    "quantize_fresh": lambda: (torch.rand(2, 3),),
    "add_bias": lambda: (torch.rand(3), torch.rand(3)),
    "shifted_bias": lambda: (torch.rand(3), torch.rand(3)),
    "scaled_by_opt": lambda: (torch.rand(3), torch.rand(3)),
}


@pytest.mark.parametrize("name", ["scale_", "as_view", "good_out", "aten_style", "copy_local",
                                  "scale_copy", "sum_dict", "merge", "silu_and_mul", "gmm",
                                  "row_scale", "quantize_fresh", "prefill_entry", "add_bias",
                                  "shifted_bias", "scaled_by_opt"])
def test_negatives_register_and_pass_the_schema_check(name, sc, record):
    line = _line(name)
    msg = sc[("sc", name)]
    check = _schema_check(_op("sc", name, DEFS), NEG_ARGS[name]()) if name in NEG_ARGS and not msg else "-"
    record(FILE, line, "register the line (and its m.impl) at run time; opcheck(test_schema)",
           f"registration: {'ok' if not msg else _short(msg)}; opcheck: {check}", kind="negative",
           claim="not flagged: the same done right")
    assert msg == "", msg
    assert check in ("SUCCESS", "-"), check


@pytest.mark.parametrize("name", ["int_keys", "flat"])
def test_container_kernel_type_mismatch_fails_registration(name, sc, record):
    """Dict(str, Tensor) with a c10::Dict<int64_t, at::Tensor> kernel, int[][]
    with a std::vector<int64_t> one: torch infers the kernel's schema from its
    C++ types and refuses the registration."""
    line = _line(name)
    msg = sc[("sc", name)]
    record(FILE, line, f"the line's m.def(...) and the CPU block's m.impl(\"{name}\", &{name}) on "
           "torch::Library objects at run time", f"throws: {_short(msg)}" if msg else "registers")
    assert "doesn't match the expected function schema" in msg, msg


def test_name_only_throws_at_load(sc, record):
    """m.def("name_only") with no kernel: torch parses the text as a whole
    schema and throws, so the TORCH_LIBRARY block fails when it loads (the
    look-alike m.def("inferred", &copy_local) registers: torch infers the
    schema from the kernel's C++ types)."""
    line = _line("name_only")
    msg = sc[("sc", "name_only")]
    record(FILE, line, "register the line at run time", f"throws: {_short(msg)}" if msg else "registers",
           claim="flagged: a name with no schema and no kernel throws when the library loads")
    assert "only the operator name was given" in msg, msg
    assert sc[("sc", "inferred")] == "", sc[("sc", "inferred")]


# --- overloads ------------------------------------------------------------------
# "op" and "op.out" are two operators with two schemas; m.impl("op.out", &k)
# registers k for the second only. torch checks a kernel against the schema of
# the overload it is registered for, when the library loads.

def _errors_by_line(msg):
    """line -> error, from "\\x1eL<line>: <error>..." (errors span lines)."""
    return {int(e.split(":", 1)[0][1:]): e.split(":", 1)[1].strip() for e in msg.split("\x1e") if e}


@pytest.mark.parametrize("name,anchor,must", [
    ("swapped", 'm.def("swapped.out(', "doesn't match the expected function schema"),
    ("crossed", 'm.def("crossed.Scalar(', "doesn't match the expected function schema")])
def test_kernel_registered_for_the_wrong_overload(name, anchor, must, sc, record):
    line = TD.line_of(anchor)
    defs, impls = OV_OPS[name]
    errors = _errors_by_line(sc[("ov", name)])
    # The failing line: the m.impl for the overload the finding names.
    overload = TD.code(line).split('"')[1].split("(")[0]
    bad = [l for l, code in impls if f'"{overload}"' in code]
    record(FILE, line, f"the ov block's m.def lines for {name} (every overload) and the CPU block's "
           f"m.impl lines for it, each on a torch::Library at run time",
           "; ".join(f"line {l}: " + (_short(errors[l]) if l in errors else "registers")
                     for l, _ in defs + impls))
    assert len(bad) == 1, impls
    assert bad[0] in errors and must in errors[bad[0]], errors
    # The sibling overload's registration, with the kernel that matches it, succeeds.
    assert set(errors) == {bad[0]}, errors


@pytest.mark.parametrize("name", ["twice", "scale", "fused", "halve"])
def test_each_overload_with_its_own_kernel_registers(name, sc, record):
    defs, impls = OV_OPS[name]
    msg = sc[("ov", name)]
    record(FILE, defs[0][0], f"the ov block's {len(defs)} m.def line(s) for {name}"
           f"{' (a macro defining two overloads)' if name == 'halve' else ''} and the CPU block's "
           f"{len(impls)} m.impl line(s) for it, each on a torch::Library at run time",
           "all register" if not msg else _short(msg), kind="negative",
           claim="not flagged: each overload's kernel matches its own schema")
    assert msg == "", msg
