# Fake kernels registered from Python for testdata/torch-compile-missing-fake-kernel.cpp:
# torch-lint scans the Python files of the work tree and stays silent on these ops.
import torch


@torch.library.register_fake("mf::with_py_fake")
def _(x):
    return torch.empty_like(x)


torch.library.impl_abstract("mf::with_abstract.overload")(lambda x: torch.empty_like(x))


# Overloads (mfo): a fake is for exactly the overload it names.
@torch.library.register_fake("mfo::fake_default")
def _(x):
    return torch.empty_like(x)


@torch.library.register_fake("mfo::fake_out.out")
def _(x, *, out):
    return out


@torch.library.register_fake("mfo::called_out")
def _(x):
    return torch.empty_like(x)


@torch.library.register_fake("mfo::macro_op")
def _(x):
    return torch.empty_like(x)
