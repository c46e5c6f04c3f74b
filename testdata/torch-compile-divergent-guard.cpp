// Testdata for torch-compile-divergent-guard: eager and compiled code taking
// different paths ("compile by exclusion").
#include <torch/torch.h>
#include <torch/library.h>
#include <torch/csrc/jit/frontend/tracer.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

// --- Positives ---------------------------------------------------------------

// dg::scale's only kernel is for CompositeExplicitAutograd, which also serves
// Meta: torch.compile's fake tensors run it as the Meta kernel (is_meta() true),
// eager runs it on CPU tensors (false).
at::Tensor scale(const at::Tensor &x) {
  if (x.is_meta()) // expect: torch-compile-divergent-guard: 'is_meta()' is true when torch.compile's fake tensors run this kernel as the Meta kernel of 'dg::scale'
    return at::empty_like(x);
  return x * 2;
}

at::Tensor traced_only(const at::Tensor &x) {
  if (torch::jit::tracer::isTracing()) // expect: torch-compile-divergent-guard: 'isTracing()'
    return x;
  return x.relu();
}

at::Tensor device_test(const at::Tensor &x) {
  if (x.device().type() == c10::DeviceType::Meta) // expect: torch-compile-divergent-guard: a comparison with the Meta device is true when torch.compile's fake tensors run this kernel as the Meta kernel of 'dg::device_test'
    return at::empty_like(x);
  return x.exp();
}

at::Tensor key_test(const at::Tensor &x) {
  if (x.key_set().has(c10::DispatchKey::Python)) // expect: torch-compile-divergent-guard: Python dispatch key
    return x;
  return x.abs();
}

bool compiling() {
  return py::module_::import("torch.compiler").attr("is_compiling")().cast<bool>(); // expect: torch-compile-divergent-guard: Python's 'is_compiling()'
}

// --- Negatives ---------------------------------------------------------------

// A Meta kernel may test for Meta: it is the Meta kernel.
at::Tensor twice_meta(const at::Tensor &x) {
  TORCH_CHECK(x.is_meta(), "twice_meta is the Meta kernel");
  return at::empty_like(x);
}

// The CPU kernel of an op with a Meta kernel: fake tensors run twice_meta, and
// this kernel only ever sees CPU tensors, compiled or not (the branch is dead,
// not divergent).
at::Tensor twice(const at::Tensor &x) {
  if (x.device().is_meta())
    return at::empty_like(x);
  return x * 2;
}

// Code no registration reaches: torch.compile gives it no meta tensor (fake
// tensors report their real device); a meta tensor there is a caller's.
at::Tensor maybe_meta(const at::Tensor &x) {
  return x.device().is_meta() ? x : x.sin();
}

// torch.compile functionalizes in Python (FunctionalTensorMode): a kernel it
// traces sees no Functionalize key, as in eager; only C++ functionalization
// (torch._enable_functionalization) sets it.
at::Tensor functional_test(const at::Tensor &x) {
  if (x.key_set().has(c10::DispatchKey::Functionalize))
    return x.clone();
  return x.neg();
}

// Device tests that are not about tracing.
at::Tensor to_cpu(const at::Tensor &x) {
  if (x.is_cuda() || x.device().type() == c10::DeviceType::CUDA)
    return x.cpu();
  return x;
}

// Dispatch keys that say nothing about tracing, and other Python attributes.
bool needs_grad(const at::Tensor &x) {
  return x.key_set().has(c10::DispatchKey::AutogradCPU) &&
         py::module_::import("torch").attr("is_grad_enabled")().cast<bool>();
}

// exllamav2's convention: Python passes a meta tensor for "no tensor"
// (`none_tensor = torch.empty((1, 1), device="meta")`) to functions it calls
// through pybind11. Dynamo never traces into a binding (it breaks the graph
// and runs it eagerly on the real arguments): the test takes the same path
// eager or compiled.
#define CHECK_DTYPE_OPT(x, t) TORCH_CHECK((x).device().is_meta() || (x).dtype() == (t), #x " dtype")
at::Tensor matmul_opt_bias(const at::Tensor &a, const at::Tensor &b, const at::Tensor &bias,
                           int transpose_b) {
  CHECK_DTYPE_OPT(bias, a.dtype());
  at::Tensor y = at::matmul(a, transpose_b ? b.t() : b);
  return bias.device().is_meta() ? y : y + bias;
}

// Bound in a helper the module calls, as MinkowskiEngine binds.
void bind_matmul(py::module_ &m) { m.def("matmul_opt_bias", &matmul_opt_bias); }

TORCH_LIBRARY(dg, m) {
  m.def("scale(Tensor x) -> Tensor");
  m.def("device_test(Tensor x) -> Tensor");
  m.def("twice(Tensor x) -> Tensor");
}
TORCH_LIBRARY_IMPL(dg, CompositeExplicitAutograd, m) {
  m.impl("scale", &scale);
  m.impl("device_test", &device_test);
}
TORCH_LIBRARY_IMPL(dg, CPU, m) { m.impl("twice", &twice); }
TORCH_LIBRARY_IMPL(dg, Meta, m) { m.impl("twice", &twice_meta); }
