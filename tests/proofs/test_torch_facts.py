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
