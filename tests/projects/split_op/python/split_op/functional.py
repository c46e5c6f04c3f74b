# The package's functions over its bindings, run where a model's forward (and torch.compile) runs.
import torch
from split_op import _C


def scale(x, s):
    return _C.scale(x, s)


def count(x):
    return _C.count(x)


def add(a, b, released=False):
    return _C.released_add(a, b) if released else _C.raw_add(a, b)


def ingroup(group, out):
    _C.ingroup(group, out)
    return out


def visible(means, view):
    return _C.mark_visible(means, view)


def fill(x, v):
    return _C.fill_cuda(x, v) if x.is_cuda else _C.prebuilt(x)


class Model(torch.nn.Module):
    """A model whose forward runs the package's functions (torch.compile
    traces it: the bindings it reaches are graph breaks)."""

    def forward(self, x, group, out, means, view):
        y = scale(x, 2.0) + count(x) + add(x, x) + add(x, x, released=True)
        ingroup(group, out)
        return fill(visible(means, view), 1.0) + y
