# Python code calling an overload of a testdata op explicitly
# (testdata/torch-compile-missing-fake-kernel.cpp): torch-lint takes it as
# evidence that mfo::called_out.out runs under torch.compile.
import torch


def gelu_into(x, out):
    return torch.ops.mfo.called_out.out(x, out=out)
