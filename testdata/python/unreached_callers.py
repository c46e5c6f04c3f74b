# Python calling the bindings of testdata/torch-compile-opaque-binding-unreached.cpp.
import torch

from . import _ur


def quantize(coords, voxel):
    # Data preprocessing, before any model runs.
    return _ur.ur_quantize(coords, voxel)


def extract(n, x):
    grid = _ur.UrGrid(n)
    points = grid.ur_query(x)
    while points.shape[0] != 0:
        points = grid.ur_query(points[1:])
    return points


def _scaled(x):
    return _ur.ur_scale(x, 2.0)


class Scaler(torch.nn.Module):
    def forward(self, x):
        return _scaled(x)


def prep(x):
    return _ur.ur_prep(x)


prep_compiled = torch.compile(prep)
