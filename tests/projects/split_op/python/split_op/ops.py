import torch


@torch.library.register_fake("split_op::clamp_rows")
def _(x, limit):
    return torch.empty_like(x)
