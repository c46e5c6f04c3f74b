// Testdata for the PyTorch 2.9+ stable ABI, verified against every check:
// STABLE_TORCH_LIBRARY, STABLE_TORCH_LIBRARY_FRAGMENT, STABLE_TORCH_LIBRARY_IMPL,
// m.def("schema"), m.impl("op", TORCH_BOX(&fn)) and hand-boxed kernels,
// torch::stable::Tensor and the torch::stable free-function ops. Each finding
// is the one the same code written against at::Tensor / TORCH_LIBRARY gets,
// worded in the API the stable ABI has.
// torchlint-test: requires <torch/csrc/stable/library.h>
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>

#include <optional>

using torch::stable::Tensor;

// --- Kernels registered below ---------------------------------------------

// Correct: a CPU kernel that reads data after checking contiguity, and a
// Meta kernel that does not touch data.
Tensor add_one_cpu(const Tensor &x) {
  STD_TORCH_CHECK(x.is_contiguous(), "x must be contiguous");
  Tensor out = torch::stable::empty_like(x);
  const float *p = x.const_data_ptr<float>();
  float *o = out.mutable_data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i)
    o[i] = p[i] + 1;
  return out;
}
Tensor add_one_meta(const Tensor &x) { return torch::stable::empty_like(x); }

// A CPU-only op: no Meta or fake kernel.
Tensor twice_cpu(const Tensor &x) { return torch::stable::matmul(x, x); }

// A Meta kernel that reads tensor data, which fake tensors do not have.
Tensor count_meta(const Tensor &counts) {
  int64_t n = *counts.const_data_ptr<int64_t>(); // expect: torch-compile-data-dependent: 'const_data_ptr()' in a Meta kernel reads tensor data, which fake tensors do not have [GB4315]; express the computation with torch::stable ops
  STD_TORCH_CHECK(*counts.const_data_ptr<int64_t>() >= 0, "negative count"); // expect: torch-compile-data-dependent: validate tensor data in the CPU/CUDA kernels only
  return torch::stable::empty({n});
}
// The same read in the CPU kernel is fine.
Tensor count_cpu(const Tensor &counts) {
  int64_t n = *counts.const_data_ptr<int64_t>();
  return torch::stable::empty({n});
}

// A Meta kernel that reads concrete sizes.
Tensor pairs_meta(const Tensor &x) {
  return torch::stable::new_empty(x, {x.size(0), 2}); // expect: torch-compile-symint: torch::stable::Tensor has no sym_size(): register the fake kernel in Python
}
Tensor pairs_cpu(const Tensor &x) { return torch::stable::new_zeros(x, {x.size(0), 2}); }

// Registered without a dispatch key, so it is the op's
// CompositeImplicitAutograd kernel and runs on fake tensors; it reads raw
// data. missing-fake-kernel reports it once, at the registration; the read
// itself is where it belongs once the kernel is registered for CPU.
Tensor first_value(const Tensor &x) {
  double v = *x.const_data_ptr<float>();
  return torch::stable::full({1}, v);
}

// A hand-boxed kernel (no TORCH_BOX): the stack, not the schema, is its
// signature; the unboxed kernel it calls is the CPU kernel.
Tensor relu_cpu(const Tensor &x) { return torch::stable::clone(x); }
void boxed_relu(StableIValue *stack, uint64_t num_args, uint64_t num_outputs) {
  Tensor x = torch::stable::detail::to<Tensor>(stack[0]);
  stack[0] = torch::stable::detail::from(relu_cpu(x));
}
Tensor relu_meta(const Tensor &x) { return torch::stable::empty_like(x); }

// Kernels that disagree with their schemas (registered for CPU and, as they
// touch no data, for Meta too).
Tensor scale_cpu(const Tensor &x, float s, int64_t n) { return torch::stable::clone(x); }
Tensor pad_cpu(const Tensor &x, int64_t n, int64_t m) { return torch::stable::clone(x); }
void zero_into(const Tensor &src, Tensor out) { torch::stable::zero_(out); }
Tensor first_row(const Tensor &x) { return torch::stable::select(x, 0, 0); }
Tensor same(Tensor x) { return torch::stable::fill_(x, 0.0); }
// CPU only: it writes through a data pointer.
void write_into(const Tensor &src, Tensor out) {
  STD_TORCH_CHECK(out.is_contiguous(), "out must be contiguous");
  float *o = out.mutable_data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: require it: 'STD_TORCH_CHECK(out.is_contiguous())'
  o[0] = 1;
  o[1] = 2;
}
// The stable types of int[], Tensor?, ScalarType and bool match the schema.
Tensor reduce_cpu(const Tensor &x, torch::headeronly::HeaderOnlyArrayRef<int64_t> dims,
                  std::optional<Tensor> w, torch::headeronly::ScalarType dtype,
                  bool keepdim) {
  return torch::stable::sum(x, dims, keepdim, dtype);
}

// --- Registrations ---------------------------------------------------------

STABLE_TORCH_LIBRARY(st, m) {
  m.def("add_one(Tensor x) -> Tensor");
  m.def("twice(Tensor x) -> Tensor"); // expect: torch-compile-missing-fake-kernel: 'st::twice' has CPU kernels but no Meta, composite or fake kernel
  m.def("count(Tensor counts) -> Tensor");
  m.def("pairs(Tensor x) -> Tensor");
  m.def("first_value(Tensor x) -> Tensor");
  m.def("relu(Tensor x) -> Tensor");
  // StableLibrary::def(schema, tags) registers no kernel.
  m.def("tagged(Tensor x) -> Tensor", {at::Tag::pt2_compliant_tag});
  m.impl("first_value", TORCH_BOX(&first_value)); // expect: torch-compile-missing-fake-kernel: 'st::first_value' is registered without a dispatch key, so its kernel also runs on fake tensors, but it reads tensor data: torch.compile fails there with 'data is not allocated' [GB4315]
}

STABLE_TORCH_LIBRARY_FRAGMENT(st, m) {
  m.def("bad(Tensor x, int64_t n) -> Tensor"); // expect: torch-compile-schema: unknown type 'int64_t'; schemas write 'int'
  m.def("scale(Tensor x, float s, int n) -> Tensor"); // expect: torch-compile-schema: argument 's' of 'st::scale' is 'float' in the schema but 'float' in its CPU kernel 'scale_cpu'; use 'double'
  m.def("pad(Tensor x, int n) -> Tensor"); // expect: torch-compile-schema: schema of 'st::pad' has 2 arguments but its CPU kernel 'pad_cpu' takes 3
  m.def("zero_into(Tensor src, Tensor(a!) out) -> ()"); // expect: torch-compile-schema: 'zero_into' mutates argument 'out' of 'st::zero_into'
  m.def("write_into(Tensor src, Tensor(a!) out) -> ()"); // expect: torch-compile-schema: 'write_into' mutates argument 'out' // expect: torch-compile-missing-fake-kernel: 'st::write_into' has CPU kernels
  m.def("first_row(Tensor x) -> Tensor"); // expect: torch-compile-schema: returns a view of its input 'x'
  m.def("same(Tensor(a!) x) -> Tensor(a!)"); // expect: torch-compile-schema: 'same' mutates argument 'x' of 'st::same' but the schema does not say so; annotate it 'Tensor(a!)' and the return that gives it back 'Tensor(a!)'
  m.def("reduce(Tensor x, int[] dims, Tensor? w, ScalarType dtype, bool keepdim) -> Tensor");
}

STABLE_TORCH_LIBRARY_IMPL(st, CPU, m) {
  m.impl("add_one", TORCH_BOX(&add_one_cpu));
  m.impl("twice", TORCH_BOX(&twice_cpu));
  m.impl("count", TORCH_BOX(&count_cpu));
  m.impl("pairs", TORCH_BOX(&pairs_cpu));
  m.impl("relu", &boxed_relu);
  m.impl("tagged", TORCH_BOX(&relu_cpu));
  m.impl("scale", TORCH_BOX(&scale_cpu));
  m.impl("pad", TORCH_BOX(&pad_cpu));
  m.impl("zero_into", TORCH_BOX(&zero_into));
  m.impl("write_into", TORCH_BOX(&write_into));
  m.impl("first_row", TORCH_BOX(&first_row));
  m.impl("same", TORCH_BOX(&same));
  m.impl("reduce", TORCH_BOX(&reduce_cpu));
}

STABLE_TORCH_LIBRARY_IMPL(st, Meta, m) {
  m.impl("add_one", TORCH_BOX(add_one_meta));
  m.impl("count", TORCH_BOX(&count_meta));
  m.impl("pairs", TORCH_BOX(&pairs_meta));
  m.impl("relu", TORCH_BOX(&relu_meta));
  m.impl("tagged", TORCH_BOX(&relu_meta));
  m.impl("scale", TORCH_BOX(&scale_cpu));
  m.impl("pad", TORCH_BOX(&pad_cpu));
  m.impl("zero_into", TORCH_BOX(&zero_into));
  m.impl("first_row", TORCH_BOX(&first_row));
  m.impl("same", TORCH_BOX(&same));
  m.impl("reduce", TORCH_BOX(&reduce_cpu));
}

// --- Helpers (not registered) ----------------------------------------------

// Indexed linearly with no contiguity check; the fix takes one contiguous
// copy with torch::stable::contiguous.
float total(const Tensor &x) {
  auto x_c = torch::stable::contiguous(x);
  const float *p = x_c.const_data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: use 'x_c = torch::stable::contiguous(x)'
  float s = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    s += p[i];
  return s;
}

// One element per iteration through torch::stable::select.
double sum_rows(const Tensor &x) {
  double s = 0;
  for (int64_t i = 0; i < x.size(0); ++i)
    s += *torch::stable::select(x, 0, i).const_data_ptr<float>(); // expect: torch-perf-element-loop: reads one element per loop iteration through 'const_data_ptr()', a dispatcher call and a new Tensor each time; hoist const_data_ptr<T>() out of the loop
  return s;
}
// A batch loop handing whole slices to an op is fine.
void per_batch(Tensor &out, const Tensor &x) {
  for (int64_t b = 0; b < x.size(0); ++b) {
    Tensor row = torch::stable::select(out, 0, b);
    torch::stable::copy_(row, torch::stable::select(x, 0, b));
  }
}

// A trivial body split into grains of one index.
void scale_inplace(Tensor &x, float a) {
  STD_TORCH_CHECK(x.is_contiguous(), "x must be contiguous");
  float *p = x.mutable_data_ptr<float>();
  torch::stable::parallel_for(0, x.numel(), 1, [&](int64_t b, int64_t e) { // expect: torch-perf-parallel-grain: torch::stable::parallel_for with grain size 1
    for (int64_t i = b; i < e; ++i)
      p[i] *= a;
  });
}

// The layout guessed from a size.
Tensor to_channels_last(const Tensor &x) {
  if (x.size(1) == 3) // expect: torch-layout-from-shape: pass the layout explicitly (an enum or torch::headeronly::MemoryFormat) or test strides
    return torch::stable::permute(x, {0, 2, 3, 1});
  return x;
}

// Rebinding the caller's output tensor instead of writing into it.
void copy_result(Tensor &out, const Tensor &a) {
  out = torch::stable::clone(a); // expect: torch-perf-temporary: write into it with 'torch::stable::copy_(out, ...)'
}

// The same allocation on every iteration.
void zero_rows(int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    Tensor row = torch::stable::empty({4}); // expect: torch-perf-alloc-in-loop: allocates the same tensor on every iteration
    torch::stable::zero_(row);
  }
}

// A test for the Meta device in the op's CompositeExplicitAutograd kernel,
// which also serves Meta: torch.compile's fake tensors take one path, eager
// the other.
Tensor maybe_meta(const Tensor &x) {
  if (x.device().type() == torch::headeronly::DeviceType::Meta) // expect: torch-compile-divergent-guard: a comparison with the Meta device is true when torch.compile's fake tensors run this kernel as the Meta kernel of 'st::maybe_meta'
    return torch::stable::empty_like(x);
  return torch::stable::clone(x);
}
STABLE_TORCH_LIBRARY_FRAGMENT(st, m) { m.def("maybe_meta(Tensor x) -> Tensor"); }
STABLE_TORCH_LIBRARY_IMPL(st, CompositeExplicitAutograd, m) {
  m.impl("maybe_meta", TORCH_BOX(&maybe_meta));
}

// --- Look-alikes ---------------------------------------------------------------

// Not torch's: a project's own Tensor and library classes in a namespace
// called stable.
namespace mylib::stable {
struct Tensor {
  const float *const_data_ptr() const;
  int64_t numel() const;
};
struct StableLibrary {
  StableLibrary &def(const char *schema);
};
} // namespace mylib::stable

float own_total(const mylib::stable::Tensor &x) {
  const float *p = x.const_data_ptr();
  float s = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    s += p[i];
  return s;
}

void own_library(mylib::stable::StableLibrary &lib) {
  lib.def("not_a_schema(Tensor x, int64_t n) -> Tensor");
}
