// Testdata for torch-compile-opaque-binding: pybind11 bindings of tensor
// functions are opaque to Dynamo.
#include <torch/extension.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace ext {

at::Tensor scale(const at::Tensor &x, double s) { return x * s; }

std::tuple<at::Tensor, at::Tensor> split_sign(const at::Tensor &x) {
  return std::make_tuple(x.clamp_min(0), x.clamp_max(0));
}

void add_into(const at::Tensor &a, at::Tensor out) { out.add_(a); }

// Tensor ops, but one tensor is made from host memory (at::tensor(rows)): any
// device in eager mode, never a fake tensor (the fix registers it for CPU and
// CUDA; it needs a fake kernel).
at::Tensor gather_rows(const at::Tensor &x, const std::vector<int64_t> &rows,
                       const c10::optional<at::Tensor> &weight) {
  at::Tensor idx = at::tensor(rows, x.options().dtype(at::kLong));
  at::Tensor g = x.index_select(0, idx);
  return weight ? g * *weight : g;
}

// CPU code: it reads the data through a pointer (the fix registers it for
// CPU only; scale, split_sign and add_into only call tensor ops, which every
// backend and torch.compile's fake tensors run: CompositeImplicitAutograd).
at::Tensor row_max(const at::Tensor &x) {
  TORCH_CHECK(x.dim() == 2 && x.scalar_type() == at::kFloat, "row_max: a 2-D float tensor");
  at::Tensor c = x.contiguous();
  at::Tensor out = at::empty({c.size(0)}, c.options());
  const float *p = c.data_ptr<float>();
  float *o = out.data_ptr<float>();
  for (int64_t i = 0; i < c.size(0); ++i) {
    float m = -std::numeric_limits<float>::infinity();
    for (int64_t j = 0; j < c.size(1); ++j)
      m = std::max(m, p[i * c.size(1) + j]);
    o[i] = m;
  }
  return out;
}

// Both devices: tensor ops for a CUDA tensor, its own loop for a CPU one (the
// fix registers it for CPU and for CUDA).
at::Tensor clip_any(const at::Tensor &x, double hi) {
  if (x.is_cuda())
    return x.clamp_max(hi);
  TORCH_CHECK(x.scalar_type() == at::kFloat, "clip_any: a float tensor");
  at::Tensor y = x.clone(at::MemoryFormat::Contiguous);
  float *p = y.data_ptr<float>();
  for (int64_t i = 0; i < y.numel(); ++i)
    p[i] = std::min(p[i], static_cast<float>(hi));
  return y;
}

// A kernel's arguments through a struct, as CUDA frontends pass them
// (mamba, causal-conv1d): what the launcher writes cannot be seen here.
struct FillParams {
  void *in_ptr;
  void *out_ptr;
  int64_t n;
};
// A CUDA launcher in real code (its kernel in a .cu file); here a CPU loop,
// so that the runtime proof can run it: out = 2 * in.
void launch_fill(const FillParams &p) {
  const float *in = static_cast<const float *>(p.in_ptr);
  float *out = static_cast<float *>(p.out_ptr);
  for (int64_t i = 0; i < p.n; ++i)
    out[i] = 2 * in[i];
}

void set_fill_params(FillParams &p, const at::Tensor in, const at::Tensor out) {
  p.in_ptr = in.data_ptr();
  p.out_ptr = out.data_ptr();
  p.n = in.numel();
}

// out is a Tensor& whose data goes into the struct: the launch may write it,
// Tensor(b!). in goes in the same way but is a const reference: Tensor.
void fill_from(const at::Tensor &in, at::Tensor &out) {
  TORCH_CHECK(in.scalar_type() == at::kFloat && out.scalar_type() == at::kFloat &&
                  in.is_contiguous() && out.is_contiguous() && in.numel() == out.numel(),
              "fill_from: contiguous float tensors of one size");
  FillParams p;
  set_fill_params(p, in, out);
  launch_fill(p);
}

// A gradient buffer the caller may pass (mamba's selective_scan bwd): a
// non-const c10::optional<at::Tensor>& cannot be a kernel's parameter.
std::vector<at::Tensor> fill_grad(const at::Tensor &dout, c10::optional<at::Tensor> &dx_) {
  at::Tensor dx;
  if (dx_.has_value())
    dx = dx_.value();
  else
    dx = at::empty_like(dout);
  TORCH_CHECK(dout.scalar_type() == at::kFloat && dx.scalar_type() == at::kFloat &&
                  dout.is_contiguous() && dx.is_contiguous() && dout.numel() == dx.numel(),
              "fill_grad: contiguous float tensors of one size");
  FillParams p;
  set_fill_params(p, dout, dx);
  launch_fill(p);
  return {dout * 2, dx};
}

// A template's instance, bound as mmcv binds its spconv ops
// (&get_indice_pairs_forward<2>): the fix-it names it with its arguments.
template <int N> at::Tensor power(const at::Tensor &x) { return x.pow(N); }

// An int, which pybind11 converts from a Python int and no schema has: the
// fix-it registers a lambda taking int64_t, narrowed back when it fits.
at::Tensor bad_types(const at::Tensor &x, int m) { return x * m; }

// torch-points-kernels' ball_query form: an int, a float and a std::pair of
// tensors, none of them schema types, all of them what pybind11 converts
// from Python's int and float and to a tuple. The fix-it's lambda takes
// int64_t and double, narrows them as pybind11 does, and returns a tuple; the
// Meta kernel takes the schema's types.
std::pair<at::Tensor, at::Tensor> within_radius(const at::Tensor &x, int k, float radius) {
  TORCH_CHECK(x.dim() == 1 && x.scalar_type() == at::kFloat && x.is_contiguous() && k >= 0,
              "within_radius: a contiguous 1-d float tensor and k >= 0");
  at::Tensor idx = at::empty({x.size(0), k}, x.options().dtype(at::kLong));
  at::Tensor hit = at::empty({x.size(0), k}, x.options());
  const float *p = x.data_ptr<float>();
  int64_t *ip = idx.data_ptr<int64_t>();
  float *hp = hit.data_ptr<float>();
  const int64_t n = x.size(0);
  for (int64_t i = 0; i < n; ++i)
    for (int j = 0; j < k; ++j) {
      const int64_t other = (i + j) % n;
      ip[i * k + j] = other;
      hp[i * k + j] = std::abs(p[i] - p[other]) <= radius ? 1.f : 0.f;
    }
  return std::make_pair(idx, hit);
}

} // namespace ext

// Stands in for a CUDA runtime call (cudaGetDevice, a CUDA guard's), so that
// the runtime proofs can build this file without CUDA.
int cudaStandIn() { return 0; }

namespace ext {

// Pytorch-Correlation-extension's dispatcher: a CUDA call in its is_cuda()
// arm, the CPU code in the other. It runs on both devices: the fix
// registers it for CPU and for CUDA, never for CUDA alone.
at::Tensor shift_any(const at::Tensor &x, int k) {
  if (x.device().is_cuda()) {
    cudaStandIn();
    return x + k;
  }
  TORCH_CHECK(x.scalar_type() == at::kFloat, "shift_any: a float tensor");
  at::Tensor y = x.clone(at::MemoryFormat::Contiguous);
  float *p = y.data_ptr<float>();
  for (int64_t i = 0; i < y.numel(); ++i)
    p[i] += static_cast<float>(k);
  return y;
}

// Look-alikes no lambda can take: a size_t (int64_t's values are not its
// values, and pybind11 refuses a negative int), and an int the function
// writes back through a reference.
at::Tensor repeat_n(const at::Tensor &x, size_t n) {
  return x.repeat({static_cast<int64_t>(n)});
}
at::Tensor count_into(const at::Tensor &x, int &n) {
  n = static_cast<int>(x.numel());
  return x * 2;
}
// omniserve's attention bindings: c10::optional<const at::Tensor> is a type
// pybind11 converts and no kernel takes (torch's boxing wants
// optional<Tensor>): the note names the type to use.
at::Tensor masked_scale(const at::Tensor &x, c10::optional<const at::Tensor> mask) {
  return mask.has_value() ? x * mask.value() : x * 2;
}

// A C++ object whose methods take tensors (tiny-cuda-nn's Module): Dynamo
// cannot call into it either; no fix-it (an operator is not a method).
class Scaler {
public:
  explicit Scaler(double s) : s_(s) {}
  at::Tensor fwd(const at::Tensor &x) const { return x * s_; }
  std::tuple<Scaler, at::Tensor> fork(const at::Tensor &x) const { return {Scaler(2 * s_), x * s_}; }
  double factor() const { return s_; }

private:
  double s_;
};

// Not tensors: nothing to trace.
int64_t add_ints(int64_t a, int64_t b) { return a + b; }
py::object passthrough(py::object o) { return o; }

// nerfacc's scans: a pointer to an input's data handed to code the TU does
// not show (a library's iterator adaptor, then a scan over any iterator):
// whether it is written cannot be told, so no schema is claimed for it.
// Look-alike: add_into's output, written through a pointer parameter here.
template <typename In, typename Out> void scan_into(In first, In last, Out out) {
  std::partial_sum(first, last, out);
}
at::Tensor reverse_cumsum(at::Tensor x) {
  at::Tensor out = at::empty_like(x);
  int64_t n = x.numel();
  scan_into(std::make_reverse_iterator(x.data_ptr<float>() + n),
            std::make_reverse_iterator(x.data_ptr<float>()),
            std::make_reverse_iterator(out.data_ptr<float>() + n));
  return out;
}

// OpenPCDet's wrappers: data<T>() (data_ptr's deprecated spelling) handed to
// a launcher defined here that writes through it: the output is written.
void nn_launcher(int n, const float *in, float *dist) {
  for (int i = 0; i < n; ++i)
    dist[i] = in[i] * in[i];
}
void three_nn(at::Tensor in, at::Tensor dist) {
  const float *src = in.data<float>();
  float *d = dist.data<float>();
  nn_launcher(static_cast<int>(in.numel()), src, d);
}

// inplace_abn's CUDA_DISPATCH: defined twice, and this build takes the arm
// without CUDA, where 'halve' is tensor ops only; with TLP_WITH_CUDA it calls
// a CUDA launcher. Which keys that build needs is not known here: 'halve' is
// left out of the migration.
#ifdef TLP_WITH_CUDA
#define DEVICE_DISPATCH(x, fn, ...) \
  if ((x).is_cuda()) {              \
    return fn##_cuda(__VA_ARGS__);  \
  }                                 \
  return fn##_cpu(__VA_ARGS__);
#else
#define DEVICE_DISPATCH(x, fn, ...)                \
  TORCH_CHECK(!(x).is_cuda(), "built without CUDA"); \
  return fn##_cpu(__VA_ARGS__);
#endif
at::Tensor halve_cpu(const at::Tensor &x) { return x * 0.5; }
at::Tensor halve(const at::Tensor &x) { DEVICE_DISPATCH(x, halve, x) }

// fast-transformers' aggregate: the output is written through a pointer
// made from another one (`float *dst = out + offset`), by a row helper
// handed an accessor of it, and through the address of an accessor's element
// (`float *row = &w_a[i][0]`): all three outputs are written. Look-alike: the
// helper's input accessor, which it only reads.
void add_row(at::TensorAccessor<float, 2> acc, at::TensorAccessor<float, 2> from, int64_t i) {
  for (int64_t j = 0; j < acc.size(1); ++j)
    acc[i][j] += from[i][j];
}
void aggregate_rows(const at::Tensor &x, const at::Tensor &g, at::Tensor y, at::Tensor z,
                    at::Tensor w) {
  const float *src = x.data_ptr<float>();
  const int64_t *idx = g.data_ptr<int64_t>();
  float *out = y.data_ptr<float>();
  auto w_a = w.accessor<float, 2>();
  int64_t n = x.size(0), e = x.size(1);
  for (int64_t i = 0; i < n; ++i) {
    float *dst = out + idx[i] * e;
    float *row = &w_a[i][0];
    for (int64_t j = 0; j < e; ++j) {
      *dst += src[i * e + j];
      dst++;
      row[j] = src[i * e + j] * 2;
    }
    add_row(z.accessor<float, 2>(), x.accessor<float, 2>(), i);
  }
}

// apex's wgrad_gemm_accum: the output's data goes through a launcher
// template to an overload set the template's pattern does not resolve, and
// on to code the project does not show (std::memcpy stands for cuBLAS): what
// the overloads do there decides, and here it cannot be told.
void copy_rows(const float *a, float *c, int64_t n) { std::memcpy(c, a, n * sizeof(float)); }
void copy_rows(const double *a, double *c, int64_t n) { std::memcpy(c, a, n * sizeof(double)); }
template <typename T> void copy_launch(T *a, T *c, int64_t n) { copy_rows(a, c, n); }
void copy_into(const at::Tensor &a, at::Tensor c) {
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "copy_into", [&] {
    copy_launch<scalar_t>(a.data_ptr<scalar_t>(), c.data_ptr<scalar_t>(), a.numel());
  });
}
// Its look-alike: every overload takes a pointer to const there: read.
double sum_row(const float *a, int64_t n) { return std::accumulate(a, a + n, 0.0); }
double sum_row(const double *a, int64_t n) { return std::accumulate(a, a + n, 0.0); }
template <typename T> double sum_launch(T *a, int64_t n) { return sum_row(a, n); }
at::Tensor total(const at::Tensor &a) {
  double s = 0;
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "total", [&] {
    s = sum_launch<scalar_t>(a.data_ptr<scalar_t>(), a.numel());
  });
  return at::full({1}, s, a.options().dtype(at::kDouble));
}

// nvdiffrec's update_grid: a variadic helper that hands its pack on to
// itself through std::forward and reads sizes only: its tensors are read.
void grow(int64_t &n, const at::Tensor &x) { n = std::max(n, x.size(0)); }
template <typename... Ts> void grow(int64_t &n, const at::Tensor &x, Ts &&...rest) {
  n = std::max(n, x.size(0));
  grow(n, std::forward<Ts>(rest)...);
}
at::Tensor stacked(const at::Tensor &a, const at::Tensor &b) {
  int64_t n = 0;
  grow(n, a, b);
  return at::zeros({n}, a.options());
}

// inplace_abn's normalize_shape: the kernel writes its input through the
// view a helper returns of it (`return x.view({x.size(0), -1})`), and its
// other input through a view it makes itself (`y.select(0, 0).mul_(2)`):
// both are written. Look-alike: a helper that returns a new tensor made from
// its input (`t * 2`), whose result the caller writes: its input is read.
at::Tensor as_rows(const at::Tensor &t) {
  if (t.dim() == 1)
    return t.view({1, -1});
  return t.view({t.size(0), -1});
}
void center_rows(at::Tensor x, at::Tensor y) {
  auto v = as_rows(x);
  v.sub_(v.mean({1}, true));
  y.select(0, 0).mul_(2);
}
at::Tensor doubled(const at::Tensor &t) { return t * 2; }
at::Tensor bumped(const at::Tensor &x) {
  auto v = doubled(x);
  v.add_(1);
  return v;
}

} // namespace ext

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &ext::scale, "scale a tensor"); // expect: torch-compile-opaque-binding: pybind11 binding 'scale' takes or returns tensors and is opaque to torch.compile
  m.def("split_sign", &ext::split_sign); // expect: torch-compile-opaque-binding: 'split_sign(Tensor x) -> (Tensor, Tensor)'
  m.def("add_into", &ext::add_into); // expect: torch-compile-opaque-binding: 'add_into(Tensor a, Tensor(b!) out) -> ()'
  m.def("cube", &ext::power<3>); // expect: torch-compile-opaque-binding: 'cube(Tensor x) -> Tensor'
  m.def("gather_rows", &ext::gather_rows); // expect: torch-compile-opaque-binding: 'gather_rows(Tensor x, int[] rows, Tensor? weight) -> Tensor'
  m.def("row_max", &ext::row_max); // expect: torch-compile-opaque-binding: 'row_max(Tensor x) -> Tensor'
  m.def("clip_any", &ext::clip_any); // expect: torch-compile-opaque-binding: 'clip_any(Tensor x, float hi) -> Tensor'
  m.def("bad_types", &ext::bad_types); // expect: torch-compile-opaque-binding: 'bad_types(Tensor x, int m) -> Tensor'
  // The names and defaults Python calls it with are the schema's.
  m.def("within_radius", &ext::within_radius, "pairs within a radius", py::arg("points"), // expect: torch-compile-opaque-binding: 'within_radius(Tensor points, int k=2, float radius=0.5) -> (Tensor, Tensor)'
        py::arg("k") = 2, py::arg("radius") = 0.5f);
  m.def("shift_any", &ext::shift_any); // expect: torch-compile-opaque-binding: 'shift_any(Tensor x, int k) -> Tensor'
  m.def("repeat_n", &ext::repeat_n); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY once the types the notes name are schema types
  m.def("count_into", &ext::count_into); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY once the types the notes name are schema types
  m.def("masked_scale", &ext::masked_scale); // expect: torch-compile-opaque-binding: binding 'masked_scale' takes or returns tensors and is opaque to torch.compile: every call is a graph break [GB0007]; register it with TORCH_LIBRARY once the types the notes name
  m.def("fill_from", &ext::fill_from); // expect: torch-compile-opaque-binding: 'fill_from(Tensor in_, Tensor(b!) out) -> ()'
  m.def("fill_grad", &ext::fill_grad); // expect: torch-compile-opaque-binding: binding 'fill_grad' takes or returns tensors and is opaque to torch.compile: every call is a graph break [GB0007]; register it with TORCH_LIBRARY once the types the notes name
  m.def("reverse_cumsum", &ext::reverse_cumsum); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY, declaring 'Tensor(a!)' each tensor its code writes
  m.def("three_nn", &ext::three_nn); // expect: torch-compile-opaque-binding: 'three_nn(Tensor in_, Tensor(b!) dist) -> ()'
  m.def("aggregate_rows", &ext::aggregate_rows); // expect: torch-compile-opaque-binding: 'aggregate_rows(Tensor x, Tensor g, Tensor(c!) y, Tensor(d!) z, Tensor(e!) w) -> ()'
  m.def("halve", &ext::halve); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY as 'halve(Tensor x) -> Tensor'
  m.def("copy_into", &ext::copy_into); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY, declaring 'Tensor(a!)' each tensor its code writes
  m.def("total", &ext::total); // expect: torch-compile-opaque-binding: 'total(Tensor a) -> Tensor'
  m.def("stacked", &ext::stacked); // expect: torch-compile-opaque-binding: 'stacked(Tensor a, Tensor b) -> Tensor'
  m.def("center_rows", &ext::center_rows); // expect: torch-compile-opaque-binding: 'center_rows(Tensor(a!) x, Tensor(b!) y) -> ()'
  m.def("bumped", &ext::bumped); // expect: torch-compile-opaque-binding: 'bumped(Tensor x) -> Tensor'
  m.def("add_ints", &ext::add_ints);
  m.def("passthrough", &ext::passthrough);
  // Names no operator can have: no migration, and the fix writes neither name.
  m.def("scale-v2", &ext::scale); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY under a name that is an identifier, as an operator's name must be
  m.def("scale\")\nimport os  #", &ext::scale); // expect: torch-compile-opaque-binding: register it with TORCH_LIBRARY under a name that is an identifier
  // module_local: the hazard and the golden file are loaded in one process
  // by the runtime proofs, and each registers the type.
  py::class_<ext::Scaler>(m, "Scaler", py::module_local())
      .def(py::init<double>())
      .def("fwd", &ext::Scaler::fwd) // expect: torch-compile-opaque-binding: pybind11 method 'Scaler.fwd' takes or returns tensors and is opaque to torch.compile: every call is a graph break [GB0156]
      .def("fork", &ext::Scaler::fork) // expect: torch-compile-opaque-binding: pybind11 method 'Scaler.fork'
      .def("factor", &ext::Scaler::factor);
}

// Registered as custom ops so torch.compile can trace through calls: torch.ops.M.scale and the others, M being what TORCH_EXTENSION_NAME expands to (the last part of the extension's name).
TORCH_LIBRARY_FRAGMENT(TORCH_EXTENSION_NAME, m) {
  m.def("scale(Tensor x, float s) -> Tensor");
  m.def("split_sign(Tensor x) -> (Tensor, Tensor)");
  m.def("add_into(Tensor a, Tensor(b!) out) -> ()");
  m.def("cube(Tensor x) -> Tensor");
  m.def("gather_rows(Tensor x, int[] rows, Tensor? weight) -> Tensor");
  m.def("row_max(Tensor x) -> Tensor");
  m.def("clip_any(Tensor x, float hi) -> Tensor");
  m.def("bad_types(Tensor x, int m) -> Tensor");
  m.def("within_radius(Tensor points, int k=2, float radius=0.5) -> (Tensor, Tensor)");
  m.def("shift_any(Tensor x, int k) -> Tensor");
  m.def("fill_from(Tensor in_, Tensor(b!) out) -> ()");
  m.def("three_nn(Tensor in_, Tensor(b!) dist) -> ()");
  m.def("aggregate_rows(Tensor x, Tensor g, Tensor(c!) y, Tensor(d!) z, Tensor(e!) w) -> ()");
  m.def("total(Tensor a) -> Tensor");
  m.def("stacked(Tensor a, Tensor b) -> Tensor");
  m.def("center_rows(Tensor(a!) x, Tensor(b!) y) -> ()");
  m.def("bumped(Tensor x) -> Tensor");
}

// Tensor ops only: one kernel for every backend, which torch.compile traces (no fake kernel needed).
TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, CompositeImplicitAutograd, m) {
  m.impl("scale", &ext::scale);
  m.impl("split_sign", &ext::split_sign);
  m.impl("add_into", &ext::add_into);
  m.impl("cube", &ext::power<3>);
  m.impl("bad_types", [](const at::Tensor & x, int64_t m_) {
    TORCH_CHECK(static_cast<int64_t>(static_cast<int>(m_)) == m_, "bad_types: m = ", m_, " is out of the range of 'int'");
    return ext::bad_types(x, static_cast<int>(m_));
  });
  m.impl("stacked", &ext::stacked);
  m.impl("center_rows", &ext::center_rows);
  m.impl("bumped", &ext::bumped);
}

TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, CPU, m) {
  m.impl("gather_rows", &ext::gather_rows);
  m.impl("row_max", &ext::row_max);
  m.impl("clip_any", &ext::clip_any);
  m.impl("within_radius", [](const at::Tensor & x, int64_t k, double radius) {
    TORCH_CHECK(static_cast<int64_t>(static_cast<int>(k)) == k, "within_radius: k = ", k, " is out of the range of 'int'");
    auto out = ext::within_radius(x, static_cast<int>(k), static_cast<float>(radius));
    return std::make_tuple(std::move(out.first), std::move(out.second));
  });
  m.impl("shift_any", [](const at::Tensor & x, int64_t k) {
    TORCH_CHECK(static_cast<int64_t>(static_cast<int>(k)) == k, "shift_any: k = ", k, " is out of the range of 'int'");
    return ext::shift_any(x, static_cast<int>(k));
  });
  m.impl("fill_from", &ext::fill_from);
  m.impl("three_nn", &ext::three_nn);
  m.impl("aggregate_rows", &ext::aggregate_rows);
  m.impl("total", &ext::total);
}

TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, CUDA, m) {
  m.impl("gather_rows", &ext::gather_rows);
  m.impl("clip_any", &ext::clip_any);
  m.impl("shift_any", [](const at::Tensor & x, int64_t k) {
    TORCH_CHECK(static_cast<int64_t>(static_cast<int>(k)) == k, "shift_any: k = ", k, " is out of the range of 'int'");
    return ext::shift_any(x, static_cast<int>(k));
  });
}

// Fake kernels for torch.compile: the outputs the kernels allocate, with symbolic sizes.
TORCH_LIBRARY_IMPL(TORCH_EXTENSION_NAME, Meta, m) {
  m.impl("row_max", [](const at::Tensor & x) { return at::empty_symint({x.sym_size(0)}, x.options()); });
  m.impl("within_radius", [](const at::Tensor & x, int64_t k, double radius) { return std::make_tuple(at::empty_symint({x.sym_size(0), k}, x.options().dtype(at::kLong)), at::empty_symint({x.sym_size(0), k}, x.options())); });
  m.impl("total", [](const at::Tensor & a) { return at::empty_symint({1}, a.options().dtype(at::kDouble)); });
}
