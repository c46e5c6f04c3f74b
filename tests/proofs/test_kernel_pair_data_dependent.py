"""kernels/pairs/data_dependent: the reference pair behind
torch-compile-data-dependent, compiled as the op it is registered as.

The pair's files are built verbatim into one extension (their own header
inlined), so the ops are torchlint_kernels::clip_hazard and clip_fixed, both
CompositeImplicitAutograd kernels (m.def with a function). The fix is the
fastest of the routes kernels/pairs/data_dependent_routes.cpp measures
(docs/benchmarks.md); these tests show it is still what the check promises:
it traces fullgraph where the hazard breaks, keeps the validation, and gives
the hazard's bytes eagerly and compiled.
"""

import re

import pytest
import torch

from proofkit import REPO, behaviour, byte_identical, compile_run

PAIRS = REPO / "kernels" / "pairs"
FIXED = "kernels/pairs/data_dependent_fixed.cpp"


def _inline(name: str, seen: set) -> str:
    """A pair source with its quoted includes (the pair's header, routes.h)
    inlined, once each."""
    out = []
    for line in (PAIRS / name).read_text().split("\n"):
        m = re.match(r'#include "([^"]+)"', line)
        if m:
            if m.group(1) not in seen:
                seen.add(m.group(1))
                out.append(_inline(m.group(1), seen))
            continue
        out.append(line)
    return "\n".join(out)


@pytest.fixture(scope="module")
def ops(builder):
    seen: set = set()
    src = _inline("data_dependent_hazard.cpp", seen) + "\n" + _inline("data_dependent_fixed.cpp", seen)
    builder.build("tlp_kernel_pair_dd", src, python_module=False)
    return torch.ops.torchlint_kernels


def _line(anchor: str) -> int:
    lines = (PAIRS / "data_dependent_fixed.cpp").read_text().split("\n")
    return next(i + 1 for i, l in enumerate(lines) if anchor in l)


def _inputs():
    coords = torch.rand(2, 3, 8, 8) * 300
    yield (coords, 0.0, 255.0)          # clamps some
    yield (coords.clamp(0, 255), 0.0, 255.0)  # clamps none (the hazard clones)
    yield (torch.tensor([0.0, -0.0, 255.0, float("inf")]), 0.0, 255.0)
    yield (torch.randint(0, 256, (2, 3, 4, 5), dtype=torch.uint8), 16, 235)
    yield (torch.empty(0), 0.0, 1.0)


def test_fix_compiles_fullgraph_where_the_hazard_breaks(ops, record):
    x = torch.rand(2, 3, 8, 8) * 300
    fixed = compile_run(lambda t: ops.clip_fixed(t, 0.0, 255.0) + 1, [(x,)], fullgraph=True)
    hazard = compile_run(lambda t: ops.clip_hazard(t, 0.0, 255.0) + 1, [(x,)], fullgraph=True)
    record(FIXED, _line("x.min() >= 0"), "torch.compile(clip_fixed(x) + 1, fullgraph=True) vs "
           "the same with clip_hazard, the reference pair's ops built verbatim",
           f"fixed: {fixed.summary()}; hazard: {hazard.summary()}", check="torch-compile-data-dependent",
           kind="fix", claim="the pair's fix (the fastest route) traces: no .item() in the op")
    assert fixed.ok and not fixed.breaks and fixed.graphs == 1, fixed.summary()
    assert not hazard.ok


def test_fix_keeps_the_validation(ops):
    bad = torch.tensor([1.0, -1.0, 2.0])
    nan = torch.tensor([1.0, float("nan")])
    for x in (bad, nan):
        assert behaviour(lambda t: ops.clip_hazard(t, 0.0, 1.0), (x,))[0] == "raise"
        assert behaviour(lambda t: ops.clip_fixed(t, 0.0, 1.0), (x,))[0] == "raise"
        out = compile_run(lambda t: ops.clip_fixed(t, 0.0, 1.0), [(x,)], fullgraph=True)
        assert not out.ok, out.summary()


def test_fix_is_byte_identical_eager_and_compiled(ops):
    bad = []
    for x, lo, hi in _inputs():
        h = ops.clip_hazard(x, lo, hi)
        f = ops.clip_fixed(x, lo, hi)
        c = compile_run(lambda t: ops.clip_fixed(t, lo, hi), [(x,)], fullgraph=True)
        if not byte_identical(h, f):
            bad.append(f"eager {x.dtype}{tuple(x.shape)}")
        if not (c.ok and byte_identical(h, c.result)):
            bad.append(f"compiled {x.dtype}{tuple(x.shape)}: {c.summary()}")
    assert not bad, "\n".join(bad)
