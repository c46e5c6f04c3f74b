# Fake kernels registered from Python for testdata/torch-compile-missing-fake-kernel.cpp:
# torch-lint scans the Python files of the work tree and stays silent on these ops.
import torch


@torch.library.register_fake("mf::with_py_fake")
def _(x):
    return torch.empty_like(x)


torch.library.impl_abstract("mf::with_abstract.overload")(lambda x: torch.empty_like(x))
