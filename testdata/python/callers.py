# Python code calling the testdata ops (testdata/torch-compile-missing-fake-kernel.cpp):
# a project's Python that runs its operators, where torch.compile may trace
# them. An overload called explicitly (mfo::called_out.out) is evidence that
# it runs under torch.compile too.
import torch


def gelu_into(x, out):
    return torch.ops.mfo.called_out.out(x, out=out)


def forward(x, ptr):
    y = torch.ops.mf.no_fake(x) + torch.ops.mf.segment_sum(x, ptr)
    y = y + torch.ops.mf.row_sum(y).sum() + torch.ops.mf.positive(y).sum()
    y = torch.ops.mfo.fake_out(y) + torch.ops.mfo.meta_out(y)
    torch.ops.mfo.check_finite(y)
    torch.ops.mfo.bump_ret_(y)
    return torch.ops.mfo.named(y, y)


# detectron2's form: a project decorator applying torch.compiler.disable.
# torch.compile never runs what it decorates on fake tensors, nor the
# backward of an autograd.Function whose forward it decorates.
def disable_compile(fn):
    return torch.compiler.disable(fn)


@disable_compile
def eager_only(x, ptr):
    torch.ops.ddn.disabled_only(x > 0)
    y = torch.ops.mfu.disabled_only(x) + torch.ops.mfu.disabled_and_traced(x)
    return y + torch.ops.mfu.reads_disabled(x, ptr)


class _Eager(torch.autograd.Function):
    @staticmethod
    @disable_compile
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return torch.ops.mfu.disabled_backward(g)


# Look-alikes: the same op also called where torch.compile traces; a
# decorator that does not keep torch.compile out.
def traced(x):
    return torch.ops.mfu.disabled_and_traced(x)


@torch.no_grad()
def inference(x):
    return torch.ops.mfu.no_grad_only(x)


# pytorch_sparse's form: SparseStorage builds its compressed rows with
# legacy catch-all ops (lg::ind2ptr, lg::ptr2ind) in model code.
def csr(row, col, m):
    rowptr = torch.ops.lg.ind2ptr(row, m)
    return rowptr, torch.ops.lg.ptr2ind(rowptr, col.numel())


# dgl graphbolt's form: a catch-all op called in plain code (ddn::called);
# ddn::never_named is never named, ddn::disabled_only only under
# disable_compile (testdata/torch-compile-data-dependent.cpp).
def select_positive(x):
    return x[torch.ops.ddn.called(x > 0)]
