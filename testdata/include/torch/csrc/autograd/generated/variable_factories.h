#pragma once
// MOCK of <torch/csrc/autograd/generated/variable_factories.h> (PyTorch 2.x)
// for fast torchlint unit tests. Declarations only: the torch:: factory
// functions (which, like in the real header, hide the at:: ones of the same
// name for qualified `torch::zeros(...)` lookups). Overloads taking
// DimnameList and the sparse / underscore-prefixed factories are left out.
#include <ATen/ATen.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/MemoryFormat.h>
#include <c10/util/ArrayRef.h>
#include <torch/detail/TensorDataContainer.h>

#include <functional>
#include <initializer_list>
#include <utility>

namespace torch {

/// NOTE: Currently `torch::tensor(...)` doesn't support mixed data types
/// (i.e. `torch::tensor({{bool, 2.0}})` doesn't work). We might be able to
/// support it in the future by iterating over all sub-lists to find
/// the largest data type that can represent all of the elements, or by using
/// variadic templates.
///
/// NOTE: C++ `torch::tensor` with a floating-point type or an `at::ArrayRef` /
/// `std::vector` / (nested) braced-init-list of floating-point types always
/// produces a tensor of dtype `torch::get_default_dtype()`, matching Python
/// `torch.tensor` behavior.
///
/// NOTE: C++ `torch::tensor` with an integer type or an `at::ArrayRef` /
/// `std::vector` / (nested) braced-init-list of integer types always produces
/// a tensor of dtype `at::kLong` (aka. int64_t), matching Python
/// `torch.tensor` behavior.
///
/// NOTE: The following dtypes are not supported by `torch::tensor` currently:
/// - `unsigned int`
/// - `unsigned long int`
/// - `unsigned long long int`
/// - `long long int`
at::Tensor tensor(
    detail::TensorDataContainer tensor_data_container,
    const at::TensorOptions& options = {});

/// A generic deleter function.
using Deleter = std::function<void(void*)>;
using at::MemoryFormat;

/// Exposes the given `data` as a `Tensor` without taking ownership of the
/// original data. `sizes` should specify the shape of the tensor, `strides` the
/// stride in each dimension. The `deleter` function (a
/// `std::function<void(void*)>`) will be called on the `data` when the Tensor
/// data would normally be deallocated. The `TensorOptions` specify additional
/// configuration options for the returned tensor, such as what type to
/// interpret the `data` as.
at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    at::IntArrayRef strides,
    const Deleter& deleter,
    const at::TensorOptions& options = at::TensorOptions());

/// Exposes the given `data` as a `Tensor` without taking ownership of the
/// original data. `sizes` should specify the shape of the tensor, `strides` the
/// stride in each dimension. The `TensorOptions`
/// specify additional configuration options for the returned tensor, such as
/// what type to interpret the `data` as.
at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    at::IntArrayRef strides,
    const at::TensorOptions& options = at::TensorOptions());

/// Exposes the given `data` as a `Tensor` without taking ownership of the
/// original data. `sizes` should specify the shape of the tensor. The `deleter`
/// (a `std::function<void(void*)>`) function will be called on the `data` when
/// the Tensor data would normally be deallocated. The `TensorOptions` specify
/// additional configuration options for the returned tensor, such as what type
/// to interpret the `data` as.
at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    const Deleter& deleter,
    const at::TensorOptions& options = at::TensorOptions());

/// Exposes the given `data` as a `Tensor` without taking ownership of the
/// original data. `sizes` should specify the shape of the tensor. The
/// `TensorOptions` specify additional configuration options for the returned
/// tensor, such as what type to interpret the `data` as.
at::Tensor from_blob(
    void* data,
    at::IntArrayRef sizes,
    const at::TensorOptions& options = at::TensorOptions());

at::Tensor arange(const at::Scalar & end, at::TensorOptions options = {});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options = {});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::TensorOptions options = {});
at::Tensor bartlett_window(int64_t window_length, at::TensorOptions options = {});
at::Tensor bartlett_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
at::Tensor blackman_window(int64_t window_length, at::TensorOptions options = {});
at::Tensor blackman_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
at::Tensor empty(at::IntArrayRef size, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor empty_symint(c10::SymIntArrayRef size, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor empty_quantized(at::IntArrayRef size, const at::Tensor & qtensor, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor empty_like(const at::Tensor & self, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, at::TensorOptions options = {});
at::Tensor empty_strided_symint(c10::SymIntArrayRef size, c10::SymIntArrayRef stride, at::TensorOptions options = {});
at::Tensor eye(int64_t n, at::TensorOptions options = {});
at::Tensor eye(int64_t n, int64_t m, at::TensorOptions options = {});
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options = {});
at::Tensor full_symint(c10::SymIntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options = {});
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor from_file(c10::string_view filename, ::std::optional<bool> shared = ::std::nullopt, ::std::optional<int64_t> size = 0, at::TensorOptions options = {});
at::Tensor hann_window(int64_t window_length, at::TensorOptions options = {});
at::Tensor hann_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
at::Tensor hamming_window(int64_t window_length, at::TensorOptions options = {});
at::Tensor hamming_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
at::Tensor hamming_window(int64_t window_length, bool periodic, double alpha, at::TensorOptions options = {});
at::Tensor hamming_window(int64_t window_length, bool periodic, double alpha, double beta, at::TensorOptions options = {});
at::Tensor kaiser_window(int64_t window_length, at::TensorOptions options = {});
at::Tensor kaiser_window(int64_t window_length, bool periodic, at::TensorOptions options = {});
at::Tensor kaiser_window(int64_t window_length, bool periodic, double beta, at::TensorOptions options = {});
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, at::TensorOptions options = {});
at::Tensor logspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, double base = 10.0, at::TensorOptions options = {});
at::Tensor ones(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor ones_symint(c10::SymIntArrayRef size, at::TensorOptions options = {});
at::Tensor ones_like(const at::Tensor & self, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor scalar_tensor(const at::Scalar & s, at::TensorOptions options = {});
at::Tensor rand(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor rand(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options = {});
at::Tensor rand_like(const at::Tensor & self, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options = at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor randint_like(const at::Tensor & self, int64_t high, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor randint_like(const at::Tensor & self, int64_t low, int64_t high, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor randn(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor randn(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options = {});
at::Tensor randn_like(const at::Tensor & self, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor randperm(int64_t n, at::TensorOptions options = at::kLong);
at::Tensor randperm(int64_t n, ::std::optional<at::Generator> generator, at::TensorOptions options = at::kLong);
at::Tensor range(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step = 1, at::TensorOptions options = {});
at::Tensor range(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options = {});
at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options = {});
at::Tensor zeros_symint(c10::SymIntArrayRef size, at::TensorOptions options = {});
at::Tensor zeros_like(const at::Tensor & self, at::TensorOptions options = {}, ::std::optional<at::MemoryFormat> memory_format = ::std::nullopt);
at::Tensor tril_indices(int64_t row, int64_t col, int64_t offset = 0, at::TensorOptions options = at::kLong);
at::Tensor triu_indices(int64_t row, int64_t col, int64_t offset = 0, at::TensorOptions options = at::kLong);
at::Tensor normal(double mean, double std, at::IntArrayRef size, ::std::optional<at::Generator> generator = ::std::nullopt, at::TensorOptions options = {});
at::Tensor fft_fftfreq(int64_t n, double d = 1.0, at::TensorOptions options = {});
at::Tensor fft_rfftfreq(int64_t n, double d = 1.0, at::TensorOptions options = {});

} // namespace torch
