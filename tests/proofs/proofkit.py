"""Shared machinery of the runtime proofs (tests/proofs).

Reads the testdata and its `// expect:` annotations (as driver/report/Verify.cpp
does), builds testdata code into real CPU extensions with
torch.utils.cpp_extension (each once per run, in a build directory outside the
source tree), runs torch.compile / opcheck experiments, and records one
evidence row per claim for docs/compile-evidence.md.

Fake kernels are registered here only through variables: torch-lint scans the
work tree's Python files for register_fake calls whose first argument is an
"<ns>::<op>" string literal, and would then stay silent on the testdata ops.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable

import torch
import torch.utils.cpp_extension as cpp_extension

REPO = Path(__file__).resolve().parents[2]
TESTDATA = REPO / "testdata"
GB_REGISTRY = Path(torch._dynamo.__file__).parent / "graph_break_registry.json"

# --------------------------------------------------------------------------
# Testdata


@dataclasses.dataclass(frozen=True)
class Expectation:
    file: str
    line: int
    check: str
    substring: str


class SourceFile:
    """One testdata file: its lines and `// expect:` annotations."""

    MARKER = "// expect: "

    def __init__(self, name: str):
        self.name = name
        self.path = TESTDATA / name
        self.text = self.path.read_text()
        self.lines = self.text.split("\n")

    def expects(self) -> list[Expectation]:
        out = []
        for i, raw in enumerate(self.lines):
            rest = raw.rstrip("\r")
            while (pos := rest.find(self.MARKER)) != -1:
                rest = rest[pos + len(self.MARKER):]
                nxt = rest.find(self.MARKER)
                item = (rest if nxt == -1 else rest[:nxt]).strip()
                check, _, sub = item.partition(":")
                out.append(Expectation(self.name, i + 1, check.strip(), sub.strip()))
                if nxt == -1:
                    break
        return out

    def line_of(self, anchor: str) -> int:
        """The 1-based number of the one line containing `anchor`."""
        hits = [i + 1 for i, l in enumerate(self.lines) if anchor in l]
        if len(hits) != 1:  # not an AssertionError: xfail(raises=AssertionError) must not take it
            raise LookupError(f"{self.name}: anchor {anchor!r} on lines {hits}")
        return hits[0]

    def code(self, line: int) -> str:
        """Line `line` without its `// expect:` comments."""
        l = self.lines[line - 1]
        pos = l.find(self.MARKER)
        return (l if pos == -1 else l[:pos]).rstrip()

    def code_of(self, anchor: str) -> str:
        return self.code(self.line_of(anchor))

    def verbatim(self, start: int = 1, end: int | None = None) -> str:
        """Lines start..end (1-based, inclusive) under a #line directive, so
        compiler messages point into the testdata file."""
        end = len(self.lines) if end is None else end
        body = "\n".join(self.lines[start - 1:end])
        return f'#line {start} "testdata/{self.name}"\n{body}\n'

    def head(self, stop_regex: str) -> str:
        """Everything before the first line matching stop_regex, verbatim."""
        for i, l in enumerate(self.lines):
            if re.match(stop_regex, l):
                return self.verbatim(1, i)
        raise LookupError(f"{self.name}: no line matches {stop_regex!r}")

    def embed(self, anchor: str) -> str:
        """The code of the line containing `anchor`, verbatim, for a probe."""
        n = self.line_of(anchor)
        return f'#line {n} "testdata/{self.name}"\n{self.code(n)}\n#line 1 "tests/proofs/probe"\n'

    def with_namespace(self, old: str, new: str) -> str:
        """The whole file, verbatim except that TORCH_LIBRARY*(old, ...)
        registers into namespace `new` (so that the hazard file and its
        golden fix can be loaded into one process)."""
        return self.with_namespaces({old: new})

    def with_namespaces(self, renames: dict[str, str]) -> str:
        """with_namespace for each old -> new of `renames`, qualified names
        in string literals ("old::op", legacy RegisterOperators) included."""
        text = self.text
        for old, new in renames.items():
            pat = re.compile(r"(TORCH_LIBRARY(?:_IMPL|_FRAGMENT)?\(\s*)" + re.escape(old) + r"\b")
            text, n = pat.subn(r"\g<1>" + new, text)
            text, k = re.subn(r'"' + re.escape(old) + "::", '"' + new + "::", text)
            if n + k == 0:
                raise LookupError(f"{self.name}: no TORCH_LIBRARY({old}, ...)")
        return f'#line 1 "testdata/{self.name}"\n{text}\n'


@functools.cache
def source(name: str) -> SourceFile:
    return SourceFile(name)


def probe_marker(name: str) -> str:
    return f'#line 1 "tests/proofs/probe:{name}"\n'


# --------------------------------------------------------------------------
# Extensions


BUILDERS: list["Builder"] = []


class Builder:
    """Builds each extension once per run (ninja keeps it across runs when the
    build directory is kept, e.g. under the ctest binary dir)."""

    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self._done: dict[str, Any] = {}
        self.times: dict[str, float] = {}
        BUILDERS.append(self)

    def _write(self, name: str, source: str) -> Path:
        d = self.root / name
        d.mkdir(parents=True, exist_ok=True)
        src = d / f"{name}.cpp"
        if not src.exists() or src.read_text() != source:
            src.write_text(source)  # unchanged sources keep their mtime: ninja skips them
        return src

    def build(self, name: str, source: str, python_module: bool = True):
        if name in self._done:
            r = self._done[name]
            if isinstance(r, BaseException):
                raise r
            return r
        src = self._write(name, source)
        t = time.monotonic()
        try:
            mod = cpp_extension.load(
                name, [str(src)], build_directory=str(src.parent),
                is_python_module=python_module, verbose=False)
        except BaseException as e:  # noqa: BLE001 - remembered, re-raised
            self.times[name] = time.monotonic() - t
            self._done[name] = e
            raise
        self.times[name] = time.monotonic() - t
        self._done[name] = mod if python_module else True
        return self._done[name]

    def build_failure(self, name: str, source: str) -> str:
        """Builds a source that must not compile; returns the compiler output."""
        key = "fail:" + name
        if key in self._done:
            return self._done[key]
        src = self._write(name, source)
        t = time.monotonic()
        try:
            cpp_extension.load(name, [str(src)], build_directory=str(src.parent),
                               is_python_module=False, verbose=False)
        except RuntimeError as e:
            out = str(e)
        else:
            out = ""
        self.times[name] = time.monotonic() - t
        self._done[key] = out
        return out


# --------------------------------------------------------------------------
# Graph breaks and errors


@functools.cache
def gb_registry() -> dict[str, list[dict]]:
    return json.loads(GB_REGISTRY.read_text())


def gb_type(gb: str) -> str:
    entries = gb_registry().get(gb, [])
    return entries[0]["Gb_type"] if entries else "?"


_GB_URL = re.compile(r"/gb/gb(\d{4})\.html", re.I)
_GB_TAG = re.compile(r"\[(GB\d{4})\]")


def gb_ids(text: str) -> list[str]:
    """The graph-break ids torch names in a message (its gbXXXX.html links)."""
    return sorted({"GB" + m for m in _GB_URL.findall(text)})


def gb_claimed(message: str) -> str | None:
    m = _GB_TAG.search(message or "")
    return m.group(1) if m else None


def first_line(e: BaseException) -> str:
    s = str(e).strip()
    return s.splitlines()[0].strip() if s else ""


def root_cause(e: BaseException) -> BaseException:
    seen = set()
    while (e.__cause__ is not None) and id(e) not in seen:
        seen.add(id(e))
        e = e.__cause__
    return e


def describe_error(e: BaseException) -> str:
    """'Type [GBxxxx]: first line' plus the inner error Dynamo wraps."""
    s = str(e)
    gbs = gb_ids(s)
    d = f"{type(e).__name__}{' [' + ','.join(gbs) + ']' if gbs else ''}: {first_line(e)}"
    m = re.search(r"got (\w+)\((['\"])(.*?)(?:\\n|\2\))", s)
    if m:
        d += f" — got {m.group(1)}: {m.group(3)}"
    else:
        rc = root_cause(e)
        if rc is not e and first_line(rc) and first_line(rc) not in d:
            d += f" — caused by {type(rc).__name__}: {first_line(rc)}"
    return d


@dataclasses.dataclass
class Outcome:
    """What one torch.compile experiment did."""
    error: BaseException | None = None
    result: Any = None
    graphs: int = 0
    breaks: list[str] = dataclasses.field(default_factory=list)  # break messages
    log: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def gbs(self) -> list[str]:
        if self.error is not None:
            return gb_ids(str(self.error))
        return sorted({g for b in self.breaks for g in gb_ids(b)})

    def text(self) -> str:
        return str(self.error) if self.error is not None else "\n".join(self.breaks)

    def summary(self) -> str:
        if self.error is not None:
            return "raised " + describe_error(self.error)
        s = f"compiled: {self.graphs} graph(s), {len(self.breaks)} graph break(s)"
        if self.breaks:
            firsts = sorted({b.strip().splitlines()[0] for b in self.breaks})
            s += " — " + "; ".join(firsts) + (f" [{','.join(self.gbs)}]" if self.gbs else "")
        return s


def full_text(e: BaseException) -> str:
    """The exception chain with tracebacks, as text."""
    import traceback
    return "".join(traceback.format_exception(e))


def fake_run(fn: Callable, args: tuple):
    """Calls fn under a FakeTensorMode with a ShapeEnv (as Dynamo's fake
    propagation does, data_ptr() access refused as Dynamo refuses it), on
    fake copies of the tensor args. Returns ("ok", result) or ("raise", exception)."""
    import torch._functorch.config as functorch_config
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    with functorch_config.patch(fake_tensor_allow_unsafe_data_ptr_access=False):
        return _fake_run(fn, args, FakeTensorMode(shape_env=ShapeEnv()))


def _fake_run(fn, args, mode):
    # Static shapes, as Dynamo's first compile of a frame has them.
    fargs = tuple(mode.from_tensor(a, static_shapes=True) if isinstance(a, torch.Tensor) else a
                  for a in args)
    try:
        with mode:
            return ("ok", fn(*fargs))
    except Exception as e:  # noqa: BLE001 - the observation
        return ("raise", e)


def compile_run(fn: Callable, calls: list[tuple], *, fullgraph: bool, dynamic=None,
                backend: str = "eager") -> Outcome:
    """torch.compile(fn) fresh, then call it with each argument tuple. Counts
    the FX graphs handed to the backend and the graph breaks Dynamo took."""
    from torch._dynamo.utils import counters

    torch._dynamo.reset()
    counters.clear()
    out = Outcome()

    if backend == "eager":
        def be(gm, example_inputs):
            out.graphs += 1
            return gm.forward
    else:
        inner = torch._dynamo.lookup_backend(backend)

        def be(gm, example_inputs):
            out.graphs += 1
            return inner(gm, example_inputs)

    cf = torch.compile(fn, fullgraph=fullgraph, dynamic=dynamic, backend=be)
    try:
        for args in calls:
            out.result = cf(*args)
    except Exception as e:  # noqa: BLE001 - the observation
        out.error = e
    out.breaks = [k for k, v in counters["graph_break"].items() for _ in range(v)]
    torch._dynamo.reset()
    return out


# --------------------------------------------------------------------------
# Equivalence


def byte_identical(a, b) -> bool:
    """Same type, dtype, shape, strides-independent bytes (NaN payloads and
    -0.0 included); recursive over tuples/lists; None == None."""
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return (type(a) is type(b) and len(a) == len(b)
                and all(byte_identical(x, y) for x, y in zip(a, b)))
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.dtype != b.dtype or a.shape != b.shape or a.device != b.device:
            return False
        if a.device.type == "meta":
            return True
        ac, bc = a.detach().contiguous(), b.detach().contiguous()
        if ac.numel() == 0:
            return True
        return torch.equal(ac.view(torch.uint8), bc.view(torch.uint8)) if ac.dtype != torch.bool \
            else torch.equal(ac, bc)
    return a == b


def behaviour(fn: Callable, args: tuple):
    """('ok', result, args after the call) or ('raise', type, first line)."""
    import copy
    args = copy.deepcopy(args)
    try:
        r = fn(*args)
    except Exception as e:  # noqa: BLE001
        return ("raise", type(e).__name__, first_line(e))
    return ("ok", r, args)


def same_behaviour(x, y) -> bool:
    if x[0] != y[0]:
        return False
    if x[0] == "raise":
        return x[1:] == y[1:]
    return byte_identical(x[1], y[1]) and byte_identical(list(x[2]), list(y[2]))


def show_behaviour(b) -> str:
    if b[0] == "raise":
        return f"raises {b[1]}: {b[2]}"
    r = b[1]
    if isinstance(r, torch.Tensor):
        return f"tensor {r.dtype} {tuple(r.shape)}"
    return repr(type(r).__name__)


DTYPES = (torch.float32, torch.float64, torch.int64)
SHAPES = ((0,), (1,), (7,), (3, 4), (1, 1), (0, 3))


def edge_values(dtype: torch.dtype, shape: tuple, seed: int = 0) -> torch.Tensor:
    """A tensor of `shape` holding 0, negatives, large values (and for floats
    -0.0, inf, -inf, nan, tiny) in a fixed pseudo-random arrangement."""
    g = torch.Generator().manual_seed(seed)
    n = 1
    for s in shape:
        n *= s
    if dtype.is_floating_point:
        fi = torch.finfo(dtype)
        pool = torch.tensor([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, fi.max, -fi.max, fi.tiny,
                             float("inf"), float("-inf"), float("nan"), 1e6, -1e-3], dtype=dtype)
    elif dtype == torch.bool:
        pool = torch.tensor([True, False])
    else:
        ii = torch.iinfo(dtype)
        pool = torch.tensor([0, 1, -1, 2, -7, 100, ii.max // 4, ii.min // 4], dtype=dtype)
    idx = torch.randint(0, len(pool), (n,), generator=g)
    t = pool[idx].reshape(shape)
    if n >= 3:  # make sure the edges are there whatever the draw
        flat = t.view(-1)
        flat[0], flat[1], flat[2] = pool[0], pool[3 if dtype != torch.bool else 1], pool[-2 if dtype != torch.bool else 0]
    return t


def input_matrix(dtypes=DTYPES, shapes=SHAPES, nonneg: bool = False):
    """(dtype, shape, tensor) over dtypes x shapes, edge values included; with
    nonneg, absolute values (negatives then appear only through nan/-0.0)."""
    for dt in dtypes:
        for sh in shapes:
            t = edge_values(dt, sh)
            if nonneg:
                t = t.abs()
            yield dt, sh, t


# --------------------------------------------------------------------------
# Fake kernels from Python (names passed as variables: see the module doc)


class Fakes:
    """Registers fake kernels into a private Library so they can be removed."""

    def __init__(self, ns: str):
        self.ns = ns
        self.lib = torch.library.Library(ns, "FRAGMENT")

    def add(self, op: str, fn: Callable) -> None:
        qualname = self.ns + "::" + op
        torch.library.register_fake(qualname, fn, lib=self.lib)

    def close(self) -> None:
        self.lib._destroy()


# --------------------------------------------------------------------------
# Evidence


@dataclasses.dataclass
class Row:
    nodeid: str
    file: str
    line: int | str
    check: str
    claim: str
    experiment: str
    observed: str
    gb_claimed: str | None = None
    gb_observed: str | None = None
    kind: str = "finding"  # finding | fix | negative | observation


EVIDENCE: list[Row] = []


# --------------------------------------------------------------------------
# A package `torch-lint --fix` edited, built and imported


def build_and_import(work, build, package, module, sources, python_module):
    """Builds csrc/<sources> of the fixed copy `work` as `package.module`
    (sources copied to `build` only when they changed: ninja then skips an
    unchanged build) and imports `package.python_module` from the copy."""
    srcs = []
    for name in sources:
        dst, text = build / name, (work / "csrc" / name).read_text()
        if not dst.exists() or dst.read_text() != text:
            dst.write_text(text)
        srcs.append(str(dst))
    ext = cpp_extension.load(module, srcs, build_directory=str(build), verbose=False)
    sys.modules[f"{package}.{module}"] = ext
    sys.path.insert(0, str(work))
    try:
        return ext, importlib.import_module(f"{package}.{python_module}")
    finally:
        sys.path.remove(str(work))


def write_and_fix(work, package, module, files, check):
    """Writes a package at `work` (setup.py building csrc/ext.cpp as
    `package.module`, then `files`: relative path -> text) and runs
    `torch-lint --fix` of `check` on csrc/ext.cpp there, as a user would."""
    import shutil
    import subprocess
    shutil.rmtree(work, ignore_errors=True)
    (work / "csrc").mkdir(parents=True)
    (work / package).mkdir()
    (work / "setup.py").write_text(
        "from torch.utils.cpp_extension import CppExtension\n"
        f"setup(ext_modules=[CppExtension('{package}.{module}', ['csrc/ext.cpp'])])\n")
    for rel, text in files.items():
        (work / rel).write_text(text)
    binary = os.environ.get("TORCHLINT_BIN", str(Path(__file__).resolve().parents[2] / "build" / "bin" / "torch-lint"))
    p = subprocess.run([binary, "--project-root=.", "--fix", f"--checks=-*,{check}", "csrc/ext.cpp"],
                       cwd=work, env=dict(os.environ, VIRTUAL_ENV=sys.prefix),
                       capture_output=True, text=True, timeout=600)
    assert p.returncode in (0, 1), p.stdout[-2000:] + p.stderr[-2000:]

