# Fake kernels registered in loops under names built from a module constant,
# as vLLM and xformers do (torch.library.register_fake(f"{_LIB}::{name}")),
# for testdata/torch-compile-missing-fake-kernel.cpp. torch-lint resolves each
# name, and a resolved name is the fake of that one overload: these are
# look-alikes of ops the testdata reports, which keep their findings.
import torch

_LIB = "mfo"
_MF: str = "mf"
_OUT_OVERLOADS = ["meta_out", "fake_out"]


def _fake_out(x, *, out):
    return out


# The out= overloads only: mfo::meta_out and mfo::fake_out (the default
# overloads) are still reported.
for _name in _OUT_OVERLOADS:
    torch.library.register_fake(f"{_LIB}::{_name}.out")(_fake_out)

# Names that differ from reported ops by an overload or a suffix.
for _name, _fn in [("check_finite_", torch.empty_like), ("bump_ret", torch.empty_like)]:
    torch.library.register_fake("%s::%s" % (_LIB, _name))(_fn)
for _op in ("no_fake.Scalar", "no_fake_"):
    torch.library.register_fake(_MF + "::" + _op)(torch.empty_like)


def register_elsewhere(names):
    # Called from other files: the names are unknown, and the namespace
    # "mfx" (no op of the testdata) is unresolved; mf and mfo are not.
    for name in names:
        torch.library.register_fake(f"mfx::{name}")(torch.empty_like)
