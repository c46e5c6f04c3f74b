// torch-compile-opaque-binding-unreached: pybind11 bindings of tensor
// functions that the project's Python (testdata/python/unreached_callers.py)
// calls only where no forward, backward or compiled function reaches: data
// preprocessing, a helper of an offline tool. A graph break only where the
// package's users compile those callers, so level2: the default run's
// torch-compile-opaque-binding reports the bindings a forward reaches.
#include <torch/extension.h>

namespace ur {

// MinkowskiEngine's quantize_th: called by a preprocessing function.
at::Tensor ur_quantize(const at::Tensor &coords, double voxel) { return (coords / voxel).floor(); }

// A method of an offline tool's object (kaolin's Mise): called in a plain
// loop.
class UrGrid {
public:
  explicit UrGrid(int64_t n) : n_(n) {}
  at::Tensor ur_query(const at::Tensor &x) const { return x.narrow(0, 0, std::min(n_, x.size(0))); }

private:
  int64_t n_;
};

// Look-alikes, the default check's: a forward reaches ur_scale through a
// helper, and ur_prep is in a function given to torch.compile.
at::Tensor ur_scale(const at::Tensor &x, double s) { return x * s; }
at::Tensor ur_prep(const at::Tensor &x) { return x.abs(); }

} // namespace ur

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("ur_quantize", &ur::ur_quantize); // expect: torch-compile-opaque-binding-unreached: pybind11 binding 'ur_quantize' takes or returns tensors and is opaque to torch.compile: a graph break where compiled code calls it, and no forward, backward or compiled function of the project does [GB0007]; register it with TORCH_LIBRARY as 'ur_quantize(Tensor coords, float voxel) -> Tensor'
  m.def("ur_scale", &ur::ur_scale);
  m.def("ur_prep", &ur::ur_prep);
  py::class_<ur::UrGrid>(m, "UrGrid", py::module_local())
      .def(py::init<int64_t>())
      .def("ur_query", &ur::UrGrid::ur_query); // expect: torch-compile-opaque-binding-unreached: pybind11 method 'UrGrid.ur_query' takes or returns tensors and is opaque to torch.compile: a graph break where compiled code calls it
}
