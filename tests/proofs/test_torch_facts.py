"""Torch facts the model states, checked at run time on the project's torch 2.x.

ops::channelsLastInputRank (checks/model/TorchApi.cpp) names the ops whose
input rank torch-perf-memory-format takes as evidence that a `.contiguous()`
copy of their input converts channels_last to NCHW for nothing: each must
return channels_last input in channels_last, with the values of the NCHW
route. The lists are read from the source, so an op added there is checked.
"""

import re

import pytest
import torch

from proofkit import REPO

SOURCE = (REPO / "checks" / "model" / "TorchApi.cpp").read_text()


def _ops_of_rank(rank):
    body = SOURCE[SOURCE.index("unsigned channelsLastInputRank("):]
    body = body[:body.index("\n}\n")]
    ops = []
    for block, returned in re.findall(r"inSet\(Name, \{(.*?)\}\)\)\s*return (\d);", body, re.S):
        if int(returned) == rank:
            ops += re.findall(r'"(\w+)"', block)
    return ops


def _call(name, x):
    A = torch.ops.aten
    rank = x.dim()
    spatial = [2] * (rank - 2)
    weight = torch.randn([8, 8] + [3] * (rank - 2), generator=torch.Generator().manual_seed(1))
    if name.startswith("conv"):
        return getattr(A, name)(x, weight)
    if "adaptive" in name:
        y = getattr(A, name)(x, [4] * (rank - 2))
    elif "pool" in name:
        y = getattr(A, name)(x, spatial)
    elif name in ("upsample_nearest2d", "upsample_nearest3d"):
        y = getattr(A, name)(x, [s * 2 for s in x.shape[2:]])
    else:  # linear, bicubic, trilinear upsampling
        y = getattr(A, name)(x, [s * 2 for s in x.shape[2:]], False)
    return y[0] if isinstance(y, tuple) else y


@pytest.mark.parametrize("rank", [4, 5])
def test_the_lists_are_read(rank):
    assert len(_ops_of_rank(rank)) >= 5


@pytest.mark.parametrize("name,rank", [(n, 4) for n in _ops_of_rank(4)] + [(n, 5) for n in _ops_of_rank(5)])
def test_channels_last_input_stays_channels_last(name, rank):
    torch.manual_seed(0)
    fmt = torch.channels_last if rank == 4 else torch.channels_last_3d
    shape = [2, 8] + [8] * (rank - 2)
    x = torch.randn(shape).contiguous(memory_format=fmt)
    y = _call(name, x)
    assert y.is_contiguous(memory_format=fmt), f"{name} returned strides {y.stride()}"
    assert torch.allclose(y, _call(name, x.contiguous()), atol=1e-4)


# torch-perf-temporary's in-place fix-it (checks/perf/TemporaryCheck.cpp):
# `x.copy_(x op c)` -> `x.op_(c)` (and `c op x` for add and mul). The op in
# place computes in the same promoted dtype and casts into x as copy_ does, so
# it is byte-identical wherever it runs; where the promoted dtype cannot be
# cast into x (an integer x with a floating c, or `/` on integers) it raises
# instead of truncating: the docs page's caveat.
_X = {
    "float32": torch.randn(64, 33, generator=torch.Generator().manual_seed(2)),
    "float16": torch.randn(64, 33, generator=torch.Generator().manual_seed(3)).half(),
    "int64": torch.randint(-50, 50, (64, 33), generator=torch.Generator().manual_seed(4)),
}
_C = {
    "float32 row": torch.rand(33, generator=torch.Generator().manual_seed(5)) + 0.5,
    "float64 row": torch.rand(33, generator=torch.Generator().manual_seed(6)).double() + 0.5,
    "int64 row": torch.randint(1, 9, (33,), generator=torch.Generator().manual_seed(7)),
    "float64 0-dim": torch.tensor(2.5, dtype=torch.float64),
    "same shape": torch.rand(64, 33, generator=torch.Generator().manual_seed(8)) + 0.5,
}


@pytest.mark.parametrize("op,dst_second", [("add", False), ("sub", False), ("mul", False),
                                            ("div", False), ("add", True), ("mul", True)])
@pytest.mark.parametrize("xk", sorted(_X))
@pytest.mark.parametrize("ck", sorted(_C))
def test_copy_of_an_op_on_dst_is_the_op_in_place(op, dst_second, xk, ck):
    x, c = _X[xk], _C[ck]
    fn = getattr(torch, op)
    copied = x.clone()
    copied.copy_(fn(c, copied) if dst_second else fn(copied, c))
    in_place = x.clone()
    result_type = torch.result_type(x, c) if op != "div" or x.is_floating_point() or c.is_floating_point() \
        else torch.get_default_dtype()
    if not torch.can_cast(result_type, x.dtype):
        with pytest.raises(RuntimeError, match="can't be cast to the desired output type"):
            getattr(in_place, op + "_")(c)
        return
    getattr(in_place, op + "_")(c)
    assert torch.equal(copied, in_place)


def test_an_in_place_op_refuses_a_view_of_its_output():
    """Why the fix-it is not offered when c may be a view of x."""
    x = torch.randn(4, 5)
    copied = x.clone()
    copied.copy_(copied - copied[0])
    with pytest.raises(RuntimeError, match="refer to a single memory location"):
        x.sub_(x[0])
