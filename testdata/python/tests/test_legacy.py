# A test of an op the package's own Python never runs (pytorch_sparse's
# neighbor_sample, the data loaders' sampler): only tests call it, and they
# compile nothing.
import torch


def test_sample_in_tests():
    rowptr = torch.tensor([0, 2, 3])
    assert torch.ops.lg.sample_in_tests(rowptr, 1).numel() == 2
