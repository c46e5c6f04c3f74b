// Testdata for torch-binding-gil.
#include <torch/extension.h>
#include <map>

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
// CPython's own release around the host loop (exllamav2's samplers).
void penalize(at::Tensor logits, double penalty) {
  float *p = logits.data_ptr<float>();
  int64_t n = logits.numel();
  Py_BEGIN_ALLOW_THREADS
  for (int64_t i = 0; i < n; ++i)
    p[i] /= static_cast<float>(penalty);
  Py_END_ALLOW_THREADS
}

// Another build configuration's code (mmcv's `#ifdef MMCV_WITH_DIOPI`, which
// setup.py leaves undefined by default): there the function, or a vendor
// function it calls, releases the GIL itself, so a call_guard would release
// it twice in that build. Not flagged.
#ifdef VENDOR_WITH_NPU
at::Tensor nms_vendor(const at::Tensor &boxes) {
  py::gil_scoped_release no_gil;
  return boxes.sigmoid();
}
#endif
at::Tensor nms_any(const at::Tensor &boxes) {
#ifdef VENDOR_WITH_NPU
  return nms_vendor(boxes);
#else
  return boxes.sigmoid();
#endif
}
at::Tensor sort_any(const at::Tensor &x) {
#if defined(VENDOR_WITH_NPU)
  Py_BEGIN_ALLOW_THREADS
#endif
  return std::get<0>(x.sort(0));
}
// Look-alikes: the other configuration's function holds the GIL too, or the
// release is in the arm this build compiles (then it is this build's own).
#ifdef VENDOR_WITH_NPU
at::Tensor scale_vendor(const at::Tensor &x) { return x * 2; }
#endif
at::Tensor scale_any(const at::Tensor &x) {
#ifdef VENDOR_WITH_NPU
  return scale_vendor(x);
#else
  return x * x.max().item<float>();
#endif
}
// What another configuration's code only says in a comment or a string is
// not a release: these hold the GIL in every build.
#ifdef VENDOR_WITH_NPU
at::Tensor blend_vendor(const at::Tensor &x) {
  // no gil_scoped_release here: the vendor runtime calls back into Python
  TORCH_CHECK(x.defined(), "PyEval_SaveThread is not called on this path");
  return x * 3;
}
#endif
at::Tensor blend_any(const at::Tensor &x) {
#ifdef VENDOR_WITH_NPU
  return blend_vendor(x);
#else
  return x.matmul(x.t()) / x.norm().item<double>();
#endif
}
at::Tensor mix_any(const at::Tensor &x) {
#ifdef VENDOR_WITH_NPU
  // TODO: py::gil_scoped_release once the NPU path is thread safe
  /* see nms_vendor(x) for the form */
#endif
  return x.matmul(x.t()) / x.norm().item<double>();
}

// A class whose methods take tensors, bound as tiny-cuda-nn binds its Module.
class Runner {
public:
  at::Tensor fwd(const at::Tensor &x) { return x.matmul(x.t()) / x.norm().item<double>(); }
  at::Tensor fwd_released(const at::Tensor &x) {
    py::gil_scoped_release no_gil;
    return x.exp();
  }
  at::Tensor fwd_guarded(const at::Tensor &x) { return x.relu(); }
  py::object stats(const at::Tensor &x) { return py::cast(x.mean().item<double>()); }
  int64_t calls() const { return Calls; }
  // MinkowskiEngine's get_field_to_sparse_map: a lookup of kept tensors runs
  // no tensor op. Look-alike: one that runs an op on what it finds.
  std::pair<at::Tensor, at::Tensor> cached(int64_t key) const {
    auto it = Maps.find(key);
    TORCH_CHECK(it != Maps.end(), "no map for ", key);
    return it->second;
  }
  at::Tensor cached_rows(int64_t key, const at::Tensor &rows) const {
    auto it = Maps.find(key);
    TORCH_CHECK(it != Maps.end(), "no map for ", key);
    return it->second.first.index_select(0, rows);
  }

private:
  int64_t Calls = 0;
  std::map<int64_t, std::pair<at::Tensor, at::Tensor>> Maps;
};

// torch-ngp's ffmlp_backward: split-k streams and cutlass workspaces kept in
// function-local statics of helpers; the GIL is what keeps two threads out
// of them: not ours to release. Look-alike: a static const is no state.
std::vector<int64_t> &workspaces() {
  static std::vector<int64_t> sizes;
  return sizes;
}
at::Tensor backward_shared(const at::Tensor &g) {
  workspaces().push_back(g.numel());
  return g * 2;
}
int64_t block_threads() {
  static const int64_t threads = 256;
  return threads;
}
at::Tensor forward_const(const at::Tensor &x) {
  return x.mul(block_threads() * x.max().item<double>());
}

// Work on the host while the GIL is held: what this check is for.
// pytorch3d's CPU kernels: a loop over an accessor's elements.
at::Tensor face_areas_cpu(const at::Tensor &verts) {
  auto out = at::zeros({verts.size(0)}, verts.options());
  auto v = verts.accessor<float, 2>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < verts.size(0); ++i)
    o[i] = v[i][0] * v[i][1];
  return out;
}
// The loop in a templated helper that takes raw pointers, through AT_DISPATCH.
template <typename scalar_t>
void scale_kernel(const scalar_t *in, scalar_t *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = in[i] * 2;
}
at::Tensor scale_cpu(const at::Tensor &x) {
  auto y = at::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_cpu", [&] {
    scale_kernel<scalar_t>(x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), x.numel());
  });
  return y;
}
// A count read back to size the output: on CUDA, a wait for the device.
at::Tensor compact(const at::Tensor &mask) {
  int64_t n = mask.sum().item<int64_t>();
  return at::empty({n}, mask.options());
}
at::Tensor relu_parallel(const at::Tensor &x) {
  auto y = at::empty_like(x);
  at::parallel_for(0, x.numel(), 2048, [&](int64_t b, int64_t e) {});
  return y;
}
// detectron2's deform_conv: a loop over batch chunks, tensor ops in each.
at::Tensor conv_chunks(const at::Tensor &x, const at::Tensor &w, int64_t step) {
  auto out = at::empty({x.size(0), w.size(0)}, x.options());
  for (int64_t b = 0; b < x.size(0) / step; ++b)
    out.narrow(0, b * step, step).addmm_(x.narrow(0, b * step, step), w.t());
  return out;
}
// torchsparse's CPU kernels read through pointer arithmetic.
at::Tensor voxelize_cpu(const at::Tensor &inputs, const at::Tensor &idx) {
  at::Tensor out = at::zeros({idx.size(0)}, inputs.options());
  for (int64_t i = 0; i < idx.size(0); ++i)
    *(out.data_ptr<float>() + i) += *(inputs.data_ptr<float>() + *(idx.data_ptr<int>() + i));
  return out;
}
// diff-gaussian-rasterization's forward reads the count back with a
// synchronous cudaMemcpy (the runtime declares it in an extern "C" block);
// torchsparse copies the kernel-map sizes to the CPU.
extern "C" int cudaMemcpy(void *dst, const void *src, unsigned long n, int kind);
at::Tensor rasterize(const at::Tensor &means) {
  int num_rendered = 0;
  cudaMemcpy(&num_rendered, means.data_ptr<int>(), sizeof(int), 2);
  return at::empty({num_rendered}, means.options());
}
at::Tensor kmap_sizes(const at::Tensor &sizes) { return sizes.to(at::kCPU).cumsum(0); }
// Through a device dispatch: the CPU arm loops.
at::Tensor face_areas(const at::Tensor &verts) {
  if (verts.is_cuda())
    return verts.sum(1);
  return face_areas_cpu(verts);
}

// Look-alikes: a launcher (pointnet2's, torch-ngp's) only checks,
// allocates and launches: torch-binding-gil-launch's. Its
// host loop over the dimensions fills an array, no tensor data.
typedef struct CUstream_st *cudaStream_t;
int cudaGetLastError();
void gather_points_launch(int64_t n, const int64_t *strides, const float *points, const int *idx,
                          float *out) {
  // gather_points_kernel<<<blocks(n), 256>>>(n, strides, points, idx, out);
  cudaGetLastError();
}
at::Tensor gather_points(const at::Tensor &points, const at::Tensor &idx) {
  TORCH_CHECK(points.is_contiguous(), "points must be contiguous");
  auto out = at::zeros({idx.size(0)}, points.options());
  int64_t strides[8];
  for (int64_t d = 0; d < points.dim(); ++d)
    strides[d] = points.stride(d);
  gather_points_launch(idx.size(0), strides, points.data_ptr<float>(), idx.data_ptr<int>(),
                       out.data_ptr<float>());
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale_any", &scale_any); // expect: torch-binding-gil: holds the GIL
  m.def("blend_any", &blend_any); // expect: torch-binding-gil: holds the GIL
  m.def("mix_any", &mix_any); // expect: torch-binding-gil: holds the GIL
  m.def("forward_const", &forward_const); // expect: torch-binding-gil: holds the GIL
  m.def("face_areas_cpu", &face_areas_cpu); // expect: torch-binding-gil: works on the host (a CPU loop over tensor data in 'face_areas_cpu'
  m.def("scale_cpu", &scale_cpu); // expect: torch-binding-gil: a CPU loop over tensor data in 'scale_kernel'
  m.def("compact", &compact); // expect: torch-binding-gil: ('item' (a wait for the device) in 'compact'
  m.def("relu_parallel", &relu_parallel); // expect: torch-binding-gil: (at::parallel_for in 'relu_parallel'
  m.def("conv_chunks", &conv_chunks); // expect: torch-binding-gil: (a loop that runs tensor ops per iteration in 'conv_chunks'
  m.def("face_areas", &face_areas); // expect: torch-binding-gil: a CPU loop over tensor data in 'face_areas_cpu'
  m.def("voxelize_cpu", &voxelize_cpu); // expect: torch-binding-gil: (a CPU loop over tensor data in 'voxelize_cpu'
  m.def("rasterize", &rasterize); // expect: torch-binding-gil: ('cudaMemcpy' (a wait for the device) in 'rasterize'
  m.def("kmap_sizes", &kmap_sizes); // expect: torch-binding-gil: ('to' the CPU (a copy that waits for the device) in 'kmap_sizes'
  // --- Negatives ---
  m.def("released", &released);
  m.def("nms_any", &nms_any);
  m.def("sort_any", &sort_any);
  m.def("guarded", &guarded, py::call_guard<py::gil_scoped_release>());
  // Tensor ops of unknown device and no launch of their own, or an op on a
  // kept tensor: no host work found, torch-binding-gil-launch's.
  m.def("heavy", &heavy, "a matmul");
  m.def("heavy_arg", &heavy, py::arg("x"));
  m.def("to_python", &to_python);
  m.def("calls_python", &calls_python);
  m.def("count", &count);
  m.def("penalize", &penalize);
  m.def("backward_shared", &backward_shared);
  m.def("gather_points", &gather_points);

  py::class_<Runner>(m, "Runner")
      .def(py::init<>())
      .def("fwd", &Runner::fwd) // expect: torch-binding-gil: pybind11 method 'Runner.fwd' holds the GIL
      // --- Negatives ---
      .def("fwd_released", &Runner::fwd_released)
      .def("fwd_guarded", &Runner::fwd_guarded, py::call_guard<py::gil_scoped_release>())
      .def("stats", &Runner::stats)
      .def("calls", &Runner::calls)
      .def("cached", &Runner::cached)
      .def("cached_rows", &Runner::cached_rows);
}
