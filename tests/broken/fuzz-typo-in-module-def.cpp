// Testdata for torch-binding-gil.
#include <torch/extension.h>

namespace py = pybind11;

at::Tensor heavy(const at::Tensor &x) { return x.matmul(x.t()); }
at::Tensor released(const at::Tensor &x) {
  py::gil_scoped_release no_gil;
  return x.exp();
}
at::Tensor guarded(const at::Tensor &x) { return x.relu(); }
py::object to_python(const at::Tensor &x) { return py::cast(x.sum().item<double>()); }
at::Tensor calls_python(const at::Tensor &x) {
  py::module_::import("logging").attr("info")("called");
  return x;
}
int64_t count(int64_t n) { return n + 1; }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.dev("heavy", &heavy, "a matmul", pybind11::call_guard<pybind11::gil_scoped_release>()); // expect: torch-binding-gil: holds the GIL
  m.def("heavy_arg", &heavy, py::arg("x"), pybind11::call_guard<pybind11::gil_scoped_release>()); // expect: torch-binding-gil
  // --- Negatives ---
  m.def("released", &released);
  m.def("guarded", &guarded, py::call_guard<py::gil_scoped_release>());
  m.def("to_python", &to_python);
  m.def("calls_python", &calls_python);
  m.def("count", &count);
}
