// Testdata for torch-compile-opaque-binding: pybind11 bindings of tensor
// functions are opaque to Dynamo.
#include <torch/extension.h>

#include <tuple>
#include <vector>

namespace py = pybind11;

namespace ext {

at::Tensor scale(const at::Tensor &x, double s) { return x * s; }

std::tuple<at::Tensor, at::Tensor> split_sign(const at::Tensor &x) {
  return std::make_tuple(x.clamp_min(0), x.clamp_max(0));
}

void add_into(const at::Tensor &a, at::Tensor out) { out.add_(a); }

at::Tensor gather_rows(const at::Tensor &x, const std::vector<int64_t> &rows,
                       const c10::optional<at::Tensor> &weight) {
  at::Tensor idx = at::tensor(rows, x.options().dtype(at::kLong));
  at::Tensor g = x.index_select(0, idx);
  return weight ? g * *weight : g;
}

// A parameter no schema type can express.
at::Tensor bad_types(const at::Tensor &x, int n) { return x * n; }

// Not tensors: nothing to trace.
int64_t add_ints(int64_t a, int64_t b) { return a + b; }
py::object passthrough(py::object o) { return o; }

} // namespace ext

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &ext::scale, "scale a tensor"); // expect: torch-compile-opaque-binding: pybind11 binding 'scale' takes or returns tensors and is opaque to torch.compile
  m.def("split_sign", &ext::split_sign); // expect: torch-compile-opaque-binding: 'split_sign(Tensor x) -> (Tensor, Tensor)'
  m.def("add_into", &ext::add_into); // expect: torch-compile-opaque-binding: 'add_into(Tensor a, Tensor(b!) out) -> ()'
  m.def("gather_rows", &ext::gather_rows); // expect: torch-compile-opaque-binding: 'gather_rows(Tensor x, int[] rows, Tensor? weight) -> Tensor'
  m.def("bad_types", &ext::bad_types); // expect: torch-compile-opaque-binding: 'bad_types'
  m.def("add_ints", &ext::add_ints);
  m.def("passthrough", &ext::passthrough);
}

// Registered as custom ops so torch.compile can trace through calls (torch.ops.<extension name>.<name>).
TORCH_LIBRARY_FRAGMENT(TORCH_EXTENSION_NAME, m) {
  m.def("scale(Tensor x, float s) -> Tensor");
  m.def("split_sign(Tensor x) -> (Tensor, Tensor)");
  m.def("add_into(Tensor a, Tensor(b!) out) -> ()");
  m.def("gather_rows(Tensor x, int[] rows, Tensor? weight) -> Tensor");
}

TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, CPU, m) {
  m.impl("scale", &ext::scale);
  m.impl("split_sign", &ext::split_sign);
  m.impl("add_into", &ext::add_into);
  m.impl("gather_rows", &ext::gather_rows);
}

TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, CUDA, m) {
  m.impl("scale", &ext::scale);
  m.impl("split_sign", &ext::split_sign);
  m.impl("add_into", &ext::add_into);
  m.impl("gather_rows", &ext::gather_rows);
}
