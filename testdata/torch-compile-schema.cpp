// Testdata for torch-compile-schema: schemas that do not parse, do not match
// the kernel's C++ signature, or hide a mutation or an alias.
#include <torch/torch.h>
#include <torch/library.h>

// --- Kernels -----------------------------------------------------------------

at::Tensor add_scaled(const at::Tensor &x, const at::Tensor &y, double alpha) {
  return x + y * alpha;
}

// Writes into `out` through an in-place method.
void fill_out(const at::Tensor &src, at::Tensor out) {
  out.copy_(src);
}

// Writes through data_ptr.
void zero_first(at::Tensor x) {
  float *p = x.data_ptr<float>();
  p[0] = 0;
}

// Passes it as the out argument of an _out function.
void sum_into(const at::Tensor &a, const at::Tensor &b, at::Tensor out) {
  at::add_out(out, a, b);
}

// Takes C++ types that the schema types do not name.
at::Tensor repeat(const at::Tensor &x, int times, float scale) {
  return x.repeat({times}) * scale;
}

// Returns its input, and a view of its input.
at::Tensor identity(const at::Tensor &x) { return x; }
at::Tensor first_row(const at::Tensor &x) { return x.select(0, 0); }

// The same through a second handle of the tensor: `y = x` shares x's storage,
// so a write into y is a write into x, and returning y returns x.
void double_alias(at::Tensor x) {
  at::Tensor y = x;
  y.mul_(2);
}
at::Tensor identity_local(const at::Tensor &x) {
  at::Tensor y = x;
  return y;
}
at::Tensor flat_local(const at::Tensor &x) {
  auto flat = x.view({-1});
  return flat;
}

// Look-alikes: a handle rebound to a copy, a copy written and returned.
at::Tensor copy_local(const at::Tensor &x) {
  at::Tensor y = x;
  y = y.clone();
  return y;
}
at::Tensor scale_copy(const at::Tensor &x) {
  at::Tensor y = x.clone();
  y.mul_(2);
  return y;
}

// The right way, for the negatives.
at::Tensor &scale_(at::Tensor &x, double s) { return x.mul_(s); }
at::Tensor as_view(const at::Tensor &x) { return x.view({-1}); }
void good_out(const at::Tensor &src, at::Tensor out) { out.copy_(src); }
// A non-const reference that the body only asks about itself (GPTQModel's
// stable-ABI kernels take every input as `Tensor&`): read, not written.
template <typename T> void check_rows(at::Tensor &x, at::Tensor &scales) {
  TORCH_CHECK(x.dim() == 2 && x.size(0) == scales.numel(), "shape");
}
at::Tensor row_scale(at::Tensor &x, at::Tensor &scales) {
  check_rows<float>(x, scales);
  return at::empty({x.size(0)}, x.options()).fill_(static_cast<double>(scales.stride(0) * x.numel()));
}
// Non-const references the compiled code never uses (GPTQModel's swordfish
// prefill entry: its body is under `#if defined(CUTLASS_ARCH_MMA_SM100_SUPPORTED)`,
// off where CUTLASS is not configured): nothing seen writes them.
at::Tensor prefill_entry(at::Tensor &a, at::Tensor &b) {
#if defined(TORCHLINT_TESTDATA_SM100)
  b.copy_(a);
  return b;
#else
  TORCH_CHECK(false, "prefill_entry needs an sm100 build");
  return at::Tensor();
#endif
}
// RWKV's wkv7 form: every tensor taken by non-const reference, inputs and
// outputs alike, the data handed to a launcher defined in a .cu file; the
// schema marks the ones the kernel writes. The constness tells nothing
// there: no mutation is claimed for the others.
void wkv_launch(int64_t n, float *w, float *y);
void wkv_forward(at::Tensor &w, at::Tensor &y) {
  wkv_launch(w.numel(), w.data_ptr<float>(), y.data_ptr<float>());
}
// (The launcher is defined in a .cu file in real code: here for the
// runtime proof's build (GCC) only; Clang, which torch-lint parses with, does
// not see its body.)
#if !defined(__clang__)
void wkv_launch(int64_t n, float *w, float *y) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = w[i];
}
#endif
// The look-alike that is a hazard: the inputs are const, so the one
// non-const `Tensor&` is the output, its data handed to a launcher of a .cu
// file (defined here for the proof's GCC build only, as above).
void scale_launch(int64_t n, const float *x, float *y);
void scale_into(const at::Tensor &x, at::Tensor &y) {
  TORCH_CHECK(x.numel() == y.numel(), "scale_into: sizes differ");
  scale_launch(x.numel(), x.data_ptr<float>(), y.data_ptr<float>());
}
#if !defined(__clang__)
void scale_launch(int64_t n, const float *x, float *y) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = 2 * x[i];
}
#endif
// `Tensor! out`: a write in an alias set of its own, as vLLM and the
// kernels-community ports spell it ("silu_and_mul(Tensor! out, Tensor input) -> ()").
void silu_and_mul(at::Tensor &out, const at::Tensor &input) { out.copy_(input); }
// megablocks writes a space before the annotation: "Tensor (a!) a".
at::Tensor gmm(at::Tensor a, at::Tensor b, at::Tensor c) { return c.copy_(a); }
// Fills two buffers its caller allocated and gives them back, as qutlass's
// fusedQuantizeMx* do (`return std::make_tuple(OUT, OUT_sf)`): each written
// argument needs an alias set of its own, and the return that gives it back
// the same one. Look-alike: a tuple of new tensors.
std::tuple<at::Tensor, at::Tensor> quantize_into(const at::Tensor &x, at::Tensor &q,
                                                 at::Tensor &scales) {
  q.copy_(x.round());
  scales.fill_(1);
  return std::make_tuple(q, scales);
}
std::tuple<at::Tensor, at::Tensor> quantize_fresh(const at::Tensor &x) {
  return std::make_tuple(x.round(), at::ones({1}, x.options()));
}

// An optional output (pytorch_scatter's `optional_out`, pytorch_cluster's
// `Tensor? out`): written through its value's data when given. A `Tensor?`
// is written as a `Tensor` is, and annotated `Tensor(a!)?`. Look-alike: an
// optional bias only read.
void fill_opt(const at::Tensor &src, const c10::optional<at::Tensor> &optional_out) {
  if (optional_out.has_value()) {
    at::Tensor out = optional_out.value();
    TORCH_CHECK(src.scalar_type() == at::kFloat && out.scalar_type() == at::kFloat &&
                    src.is_contiguous() && out.is_contiguous() && out.numel() == src.numel(),
                "fill_opt: contiguous float tensors of one size");
    float *o = out.data_ptr<float>();
    const float *s = src.data_ptr<float>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = s[i] * 2;
  }
}
// The same through a handle one arm assigns (pytorch_scatter's `if
// (optional_out.has_value()) out = optional_out.value(); else out =
// torch::empty(...)`): the write to `out` is the optional's where it was
// given. Look-alike: a handle rebound to a new tensor on every path before
// the write.
void scale_opt(const at::Tensor &src, const c10::optional<at::Tensor> &optional_out) {
  at::Tensor out;
  if (optional_out.has_value())
    out = optional_out.value();
  else
    out = at::empty_like(src);
  out.copy_(src * 2);
}
at::Tensor shifted_bias(const at::Tensor &x, const c10::optional<at::Tensor> &bias) {
  at::Tensor b = bias.has_value() ? bias.value() : at::zeros_like(x);
  b = b * 2;
  b.add_(x);
  return b;
}
// And one made and rebound in the same arm: the write is to the copy.
at::Tensor scaled_by_opt(const at::Tensor &x, const c10::optional<at::Tensor> &scale) {
  at::Tensor y = x * 2;
  if (scale.has_value()) {
    at::Tensor s = scale.value();
    s = s.clone();
    s.mul_(2);
    y = y * s;
  }
  return y;
}
at::Tensor add_bias(const at::Tensor &x, const c10::optional<at::Tensor> &bias) {
  at::Tensor y = x * 2;
  if (bias.has_value())
    y.add_(bias.value());
  return y;
}

// Overloads: "op" and "op.out" are two operators with two schemas, and
// m.impl("op.out", ...) registers a kernel for the second only.
at::Tensor twice(const at::Tensor &x) { return x.mul(2); }
at::Tensor &twice_out(const at::Tensor &x, at::Tensor &out) { return out.copy_(x.mul(2)); }
at::Tensor scale_by_tensor(const at::Tensor &x, const at::Tensor &s) { return x.mul(s); }
at::Tensor scale_by_scalar(const at::Tensor &x, const at::Scalar &s) { return x.mul(s); }
at::Tensor halve(const at::Tensor &x) { return x.div(2); }
at::Tensor &halve_out(const at::Tensor &x, at::Tensor &out) { return out.copy_(x.div(2)); }
at::Tensor fused(const at::Tensor &x) { return x.exp().mul(x); }
at::Tensor &fused_out(const at::Tensor &x, at::Tensor &out) { return out.copy_(x.exp().mul(x)); }

// The functional and out= overloads of a unary op, as extensions write them.
#define OV_UNARY_DEF(name)                                                     \
  m.def(#name "(Tensor x) -> Tensor");                                         \
  m.def(#name ".out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
#define OV_UNARY_IMPL(name)                                                    \
  m.impl(#name, &name);                                                        \
  m.impl(#name ".out", &name##_out)

// --- Containers ----------------------------------------------------------------

// Dict(str, T) is c10::Dict<std::string, T>, also through a typedef of the
// key (pyg-lib's `typedef std::string rel_type`); int[][] (torch's parser
// takes nested lists) is std::vector<std::vector<int64_t>>. Look-alikes:
// an int key for a str one, a flat list for a nested one.
typedef std::string rel_type;
at::Tensor sum_dict(const c10::Dict<rel_type, at::Tensor> &xs,
                    const c10::optional<c10::Dict<std::string, at::Tensor>> &ys,
                    const c10::Dict<rel_type, std::vector<int64_t>> &counts) {
  return at::zeros({1});
}
at::Tensor merge(const std::vector<at::Tensor> &xs,
                 const std::vector<std::vector<int64_t>> &cumsum) {
  return at::zeros({1});
}
at::Tensor int_keys(const c10::Dict<int64_t, at::Tensor> &xs) { return at::zeros({1}); }
at::Tensor flat(const std::vector<at::Tensor> &xs, const std::vector<int64_t> &cumsum) {
  return at::zeros({1});
}

TORCH_LIBRARY(sc, m) {
  // --- Positives ---
  m.def("broken(Tensor x, int64_t n) -> Tensor"); // expect: torch-compile-schema: unknown type 'int64_t'; schemas write 'int'
  m.def("unclosed(Tensor x -> Tensor"); // expect: torch-compile-schema: does not parse
  m.def("add_scaled(Tensor x, Tensor y) -> Tensor"); // expect: torch-compile-schema: has 2 arguments but its CPU kernel 'add_scaled' takes 3
  m.def("fill_out(Tensor src, Tensor out) -> ()"); // expect: torch-compile-schema: 'fill_out' mutates argument 'out'
  m.def("zero_first(Tensor x) -> ()"); // expect: torch-compile-schema: mutates argument 'x'
  m.def("sum_into(Tensor a, Tensor b, Tensor out) -> ()"); // expect: torch-compile-schema: mutates argument 'out'
  m.def("repeat(Tensor x, int times, float scale) -> Tensor"); // expect: torch-compile-schema: argument 'times' of 'sc::repeat' is 'int' in the schema but 'int' // expect: torch-compile-schema: use 'double'
  m.def("identity(Tensor x) -> Tensor"); // expect: torch-compile-schema: returns its input 'x'
  m.def("first_row(Tensor x) -> Tensor"); // expect: torch-compile-schema: returns a view of its input 'x'
  m.def("double_alias(Tensor x) -> ()"); // expect: torch-compile-schema: 'double_alias' mutates argument 'x'
  m.def("identity_local(Tensor x) -> Tensor"); // expect: torch-compile-schema: returns its input 'x'
  m.def("flat_local(Tensor x) -> Tensor"); // expect: torch-compile-schema: returns a view of its input 'x'
  m.def("scale_into(Tensor x, Tensor y) -> ()"); // expect: torch-compile-schema: 'scale_into' mutates argument 'y' of 'sc::scale_into' but the schema does not say so; annotate it 'Tensor(a!)'
  m.def("quantize_into(Tensor x, Tensor q, Tensor scales) -> (Tensor, Tensor)"); // expect: torch-compile-schema: mutates argument 'q' of 'sc::quantize_into' but the schema does not say so; annotate it 'Tensor(a!)' and the return that gives it back 'Tensor(a!)' // expect: torch-compile-schema: mutates argument 'scales' of 'sc::quantize_into' but the schema does not say so; annotate it 'Tensor(b!)' and the return that gives it back 'Tensor(b!)'
  m.def("fill_opt(Tensor src, Tensor? optional_out) -> ()"); // expect: torch-compile-schema: 'fill_opt' mutates argument 'optional_out' of 'sc::fill_opt' but the schema does not say so; annotate it 'Tensor(a!)?'
  m.def("scale_opt(Tensor src, Tensor? optional_out) -> ()"); // expect: torch-compile-schema: 'scale_opt' mutates argument 'optional_out' of 'sc::scale_opt' but the schema does not say so; annotate it 'Tensor(a!)?'
  // A name with no kernel: torch cannot infer the schema, and throws at load.
  m.def("name_only"); // expect: torch-compile-schema: 'sc::name_only' is defined by its name only, with no kernel to infer a schema from
  // --- Negatives: the same done right ---
  m.def("inferred", &copy_local); // a name and its kernel: torch infers the schema
  m.def("copy_local(Tensor x) -> Tensor");
  m.def("scale_copy(Tensor x) -> Tensor");
  m.def("scale_(Tensor(a!) x, float s) -> Tensor(a!)");
  m.def("as_view(Tensor(a) x) -> Tensor(a)");
  m.def("good_out(Tensor src, Tensor(a!) out) -> ()");
  m.def("row_scale(Tensor x, Tensor scales) -> Tensor");
  m.def("prefill_entry(Tensor a, Tensor b) -> Tensor");
  m.def("wkv_forward(Tensor w, Tensor(a!) y) -> ()");
  m.def("silu_and_mul(Tensor! out, Tensor input) -> ()");
  m.def("gmm(Tensor (a!) a, Tensor (b!) b, Tensor(c!) c) -> Tensor(c!)");
  m.def("quantize_fresh(Tensor x) -> (Tensor, Tensor)");
  m.def("add_bias(Tensor x, Tensor? bias) -> Tensor");
  m.def("shifted_bias(Tensor x, Tensor? bias) -> Tensor");
  m.def("scaled_by_opt(Tensor x, Tensor? scale) -> Tensor");
  m.def("aten_style.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("sum_dict(Dict(str, Tensor) xs, Dict(str, Tensor)? ys, Dict(str, int[]) counts) -> Tensor");
  m.def("merge(Tensor[] xs, int[][] cumsum) -> Tensor");
  m.def("int_keys(Dict(str, Tensor) xs) -> Tensor"); // expect: torch-compile-schema: argument 'xs' of 'sc::int_keys' is 'Dict(str, Tensor)' in the schema but
  m.def("flat(Tensor[] xs, int[][] cumsum) -> Tensor"); // expect: torch-compile-schema: argument 'cumsum' of 'sc::flat' is 'int[][]' in the schema but
}

TORCH_LIBRARY_IMPL(sc, CPU, m) {
  m.impl("add_scaled", &add_scaled);
  m.impl("fill_out", &fill_out);
  m.impl("zero_first", &zero_first);
  m.impl("sum_into", &sum_into);
  m.impl("scale_into", &scale_into);
  m.impl("repeat", &repeat);
  m.impl("identity", &identity);
  m.impl("first_row", &first_row);
  m.impl("double_alias", &double_alias);
  m.impl("identity_local", &identity_local);
  m.impl("flat_local", &flat_local);
  m.impl("copy_local", &copy_local);
  m.impl("scale_copy", &scale_copy);
  m.impl("scale_", &scale_);
  m.impl("as_view", &as_view);
  m.impl("good_out", &good_out);
  m.impl("row_scale", &row_scale);
  m.impl("prefill_entry", &prefill_entry);
  m.impl("wkv_forward", &wkv_forward);
  m.impl("silu_and_mul", &silu_and_mul);
  m.impl("gmm", &gmm);
  m.impl("quantize_into", &quantize_into);
  m.impl("quantize_fresh", &quantize_fresh);
  m.impl("fill_opt", &fill_opt);
  m.impl("add_bias", &add_bias);
  m.impl("scale_opt", &scale_opt);
  m.impl("shifted_bias", &shifted_bias);
  m.impl("scaled_by_opt", &scaled_by_opt);
  m.impl("sum_dict", &sum_dict);
  m.impl("merge", &merge);
  m.impl("int_keys", &int_keys);
  m.impl("flat", &flat);
}

// --- Overloads ---------------------------------------------------------------
// Each (name, overload) is its own operator: a kernel is compared with the
// schema of the overload it is registered for, never with its siblings'.

TORCH_LIBRARY(ov, m) {
  // --- Negatives: each kernel matches its own overload's schema ---
  m.def("twice(Tensor x) -> Tensor");
  m.def("twice.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("scale.Tensor(Tensor x, Tensor s) -> Tensor");
  m.def("scale.Scalar(Tensor x, Scalar s) -> Tensor");
  m.def("fused(Tensor x) -> Tensor", &fused);
  m.def("fused.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)", &fused_out);
  OV_UNARY_DEF(halve);
  // --- Positives: a kernel registered for the wrong overload ---
  m.def("swapped(Tensor x) -> Tensor");
  m.def("swapped.out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)"); // expect: torch-compile-schema: schema of 'ov::swapped.out' has 2 arguments but its CPU kernel 'twice' takes 1
  m.def("crossed.Tensor(Tensor x, Tensor s) -> Tensor");
  m.def("crossed.Scalar(Tensor x, Scalar s) -> Tensor"); // expect: torch-compile-schema: argument 's' of 'ov::crossed.Scalar' is 'Scalar' in the schema but
}

// The overloads' kernels, registered in other blocks.
TORCH_LIBRARY_IMPL(ov, CPU, m) {
  m.impl("twice", &twice);
  m.impl("twice.out", &twice_out);
  m.impl("scale.Tensor", &scale_by_tensor);
  m.impl("scale.Scalar", &scale_by_scalar);
  OV_UNARY_IMPL(halve);
  m.impl("swapped", &twice);
  m.impl("swapped.out", &twice);
  m.impl("crossed.Tensor", &scale_by_tensor);
  m.impl("crossed.Scalar", &scale_by_tensor);
}

TORCH_LIBRARY_IMPL(ov, CUDA, m) {
  m.impl("twice.out", TORCH_FN(twice_out));
  m.impl("ov::twice", TORCH_FN(twice));
}
