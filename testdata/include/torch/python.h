#pragma once
// MOCK of <torch/python.h> (torch/csrc/api/include/torch/python.h, PyTorch
// 2.x) for fast torchlint unit tests. Provides pybind11 plus the
// THPVariable_* helpers and the at::Tensor <-> Python conversion hooks that
// torch/csrc/utils/pybind.h declares.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/types.h>

#include <string>
#include <vector>

// torch/csrc/utils/pybind.h (included by the real torch/python.h)
namespace py = pybind11;

// torch/csrc/autograd/python_variable.h
TORCH_PYTHON_API PyObject* THPVariable_Wrap(at::TensorBase var);
TORCH_PYTHON_API bool THPVariable_Check(PyObject* obj);
TORCH_PYTHON_API const at::Tensor& THPVariable_Unpack(PyObject* obj);

namespace pybind11::detail {

// torch/csrc/utils/pybind.h: at::Tensor <-> torch.Tensor
template <>
struct type_caster<at::Tensor> {
 public:
  PYBIND11_TYPE_CASTER(at::Tensor, _("torch.Tensor"));

  bool load(handle src, bool);

  static handle cast(
      const at::Tensor& src,
      return_value_policy /* policy */,
      handle /* parent */);
};

} // namespace pybind11::detail
