// Testdata for torch-binding-array-copy.
#include <torch/extension.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <vector>

namespace py = pybind11;

// --- Positives ---------------------------------------------------------------

at::Tensor from_numpy(py::array_t<float> a) { // expect: torch-binding-array-copy: converting copy
  auto buf = a.request();
  return torch::from_blob(buf.ptr, {buf.shape[0]}, torch::kFloat).clone();
}

at::Tensor from_nested(const std::vector<std::vector<float>> &rows) { // expect: torch-binding-array-copy: nested std::vector
  return at::zeros({static_cast<int64_t>(rows.size())});
}

std::vector<float> to_vector(const at::Tensor &t) {
  std::vector<float> out;
  for (int64_t i = 0; i < t.numel(); ++i)
    out.push_back(t.data_ptr<float>()[i]); // expect: torch-binding-array-copy: element by element
  return out;
}

// --- Negatives ---------------------------------------------------------------

at::Tensor takes_tensor(const at::Tensor &t) { return t * 2; }
at::Tensor no_cast(py::array_t<float, py::array::c_style> a) {
  auto buf = a.request();
  return torch::from_blob(buf.ptr, {buf.shape[0]}, torch::kFloat).clone();
}
std::vector<int64_t> shape_of(const at::Tensor &t) { return t.sizes().vec(); }

// Multi-tensor apply (apex, DeepSpeed): lists of tensor lists are converted
// per tensor (a reference each), not per element; one pointer pushed per
// tensor copies no data.
int64_t multi_tensor_count(const std::vector<std::vector<at::Tensor>> &lists) {
  std::vector<void *> ptrs;
  for (const auto &list : lists)
    for (const at::Tensor &t : list)
      ptrs.push_back(t.data_ptr());
  return static_cast<int64_t>(ptrs.size());
}

// py::class_ methods convert their arguments and results the same way.
struct PointCloud {
  at::Tensor points;
  void set_rows(const std::vector<std::vector<double>> &rows) { // expect: torch-binding-array-copy: nested std::vector
    points = at::zeros({static_cast<int64_t>(rows.size()), 3});
  }
  std::vector<float> xs() const {
    std::vector<float> out;
    auto p = points.contiguous();
    for (int64_t i = 0; i < p.size(0); ++i)
      out.push_back(p.data_ptr<float>()[i * 3]); // expect: torch-binding-array-copy: element by element
    return out;
  }
  // Look-alikes: a tensor in and out, a list of tensor lists, sizes only.
  at::Tensor scaled(const at::Tensor &s) const { return points * s; }
  void set_chunks(const std::vector<std::vector<at::Tensor>> &chunks) {
    points = at::cat(chunks.front());
  }
  std::vector<int64_t> shape() const { return points.sizes().vec(); }
};

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  py::class_<PointCloud>(m, "PointCloud")
      .def(py::init<>())
      .def("set_rows", &PointCloud::set_rows)
      .def("xs", &PointCloud::xs)
      .def("scaled", &PointCloud::scaled)
      .def("set_chunks", &PointCloud::set_chunks)
      .def("shape", &PointCloud::shape);
  m.def("from_numpy", &from_numpy);
  m.def("from_nested", &from_nested);
  m.def("to_vector", &to_vector);
  m.def("takes_tensor", &takes_tensor);
  m.def("no_cast", &no_cast);
  m.def("shape_of", &shape_of);
  m.def("multi_tensor_count", &multi_tensor_count);
}
