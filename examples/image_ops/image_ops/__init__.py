"""Python side of image_ops: loads the extension and registers fake kernels."""
import torch

from . import _C  # noqa: F401  (registers torch.ops.image_ops.*)


@torch.library.register_fake("image_ops::adjust_contrast")
def _(img, factor):
    return torch.empty_like(img)
