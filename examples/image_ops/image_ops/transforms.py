"""Modules built on the extension's pybind11 functions: every call is a graph
break under torch.compile until `torch-lint --fix` registers them as operators
and rewrites these calls to torch.ops.image_ops.*."""
import torch

from . import _C


class Grayscale(torch.nn.Module):
    """RGB images (N, 3, H, W) to grayscale (N, H, W)."""

    def forward(self, img):
        return _C.rgb_to_gray(img)


class HorizontalFlip(torch.nn.Module):
    def forward(self, img):
        return _C.flip_horizontal(img)
