"""torch-bugprone-write-to-copy: a write into x.contiguous() (x.to(...),
x.cpu()) of the caller's tensor reaches it when the conversion returns x
itself, and is lost when it returns a copy.

The testdata file is built verbatim with a pybind11 module appended; each
flagged function runs on a contiguous tensor and on a transposed one (the
same values): the first is written, the second is not. The look-alike that
copies its result back writes both.
"""

import pytest
import torch

from proofkit import source

FILE = "torch-bugprone-write-to-copy.cpp"
TD = source(FILE)

MODULE = """
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("sgd_step", &sgd_step);
  m.def("all_reduce_into", &all_reduce_into);
  m.def("mul_into", &mul_into);
  m.def("fill", &fill);
  m.def("fill_rows", &fill_rows);
  m.def("cumsum_rows_", &cumsum_rows_);
  m.def("zero_first", &zero_first);
  m.def("scale_back", &scale_back);
  m.def("normalized", &normalized);
  pybind11::class_<RunningMean>(m, "RunningMean")
      .def(pybind11::init<>())
      .def_readwrite("mean", &RunningMean::mean)
      .def("update", &RunningMean::update);
  pybind11::class_<SgdMomentum>(m, "SgdMomentum")
      .def(pybind11::init<float>())
      .def("step", &SgdMomentum::step);
}
"""


@pytest.fixture(scope="module")
def wc(builder):
    return builder.build("tlp_wc", TD.verbatim() + MODULE)


def _pair(kind="contiguous"):
    """The same 3x4 values twice: what the conversion returns as is, and what
    it copies. For contiguous(): a contiguous tensor and a transposed view;
    for to(at::kFloat): float32 and float64."""
    c = torch.arange(12, dtype=torch.float32).reshape(3, 4) + 1
    if kind == "to":
        return c, c.double()
    t = c.t().contiguous().t()  # same values, column-major: not contiguous
    assert torch.equal(c, t) and c.is_contiguous() and not t.is_contiguous()
    return c, t


def _mean_update(wc, x):
    r = wc.RunningMean()
    r.mean = x
    r.update(torch.ones_like(x))
    return x


CALLS = {  # anchor in the testdata -> how to call it on the tensor x
    "param.contiguous().add_": lambda wc, x: wc.sgd_step(x, torch.ones_like(x), 0.5),
    "flat.add_(o)": lambda wc, x: wc.all_reduce_into(x, [torch.ones_like(x)]),
    "at::mul_out(o, a, b)": lambda wc, x: wc.mul_into(x, torch.full_like(x, 2), torch.full_like(x, 3)),
    "fill_kernel(out.contiguous()": lambda wc, x: wc.fill(x, 7.0),
    "fill_rows_kernel<float>(out.contiguous()": lambda wc, x: wc.fill_rows(x),
    "cumsum_rows_kernel<scalar_t>(arr.contiguous()": lambda wc, x: wc.cumsum_rows_(x),
    "p[0] = 0.f;": lambda wc, x: wc.zero_first(x),
    "x.contiguous().div_(norm)": lambda wc, x: wc.normalized(x, torch.full_like(x, 2)),
    "mean.to(at::kFloat).mul_(0.9)": _mean_update,
    "this->Step_4(params_ptr": lambda wc, x: wc.SgdMomentum(0.5).step(x, torch.ones_like(x),
                                                                     torch.zeros_like(x)),
}


# Conversions by dtype (to(at::kFloat)); the others convert by layout.
BY_DTYPE = {"at::mul_out(o, a, b)", "mean.to(at::kFloat).mul_(0.9)"}


@pytest.mark.parametrize("anchor", list(CALLS))
def test_write_reaches_only_the_tensor_returned_as_is(anchor, wc, record):
    line = TD.line_of(anchor)
    kind = "to" if anchor in BY_DTYPE else "contiguous"
    before, _ = _pair(kind)
    c, t = _pair(kind)
    CALLS[anchor](wc, c)
    CALLS[anchor](wc, t)
    c_written = not torch.equal(c, before)
    t_written = not torch.equal(t, before.to(t.dtype))
    what = ("a float32 3x4 tensor and the same values as float64" if kind == "to" else
            "a contiguous 3x4 float tensor and the same values as a transposed view "
            "(t().contiguous().t())")
    record(FILE, line, f"the flagged function on {what}, torch 2.x eager",
           f"tensor the conversion returns as is written: {c_written}; "
           f"tensor it copies written: {t_written}")
    assert c_written and not t_written


def test_copied_back_reaches_both(wc, record):
    line = TD.line_of("out.copy_(c);")
    before, _ = _pair()
    c, t = _pair()
    wc.scale_back(c, 2.0)
    wc.scale_back(t, 2.0)
    record(FILE, line, "scale_back (written, then out.copy_(c)) on both tensors",
           f"both written alike: {torch.equal(c, t) and not torch.equal(c, before)}",
           kind="observation", claim="not flagged: the result is copied back")
    assert torch.equal(c, before * 2) and torch.equal(t, before * 2)
