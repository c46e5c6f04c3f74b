#pragma once
// MOCK of <ATen/Functions.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only. The operator declarations are a subset of the real
// generated ATen/ops/*.h functions (same names and signatures; the real ones
// are inline and forward to at::_ops::*::call), leaving out overloads that
// take Dimname/DimnameList, c10::List, Storage or Stream.
#include <ATen/core/Tensor.h>
#include <ATen/core/Generator.h>
#include <ATen/core/IListRef.h>
#include <c10/core/Scalar.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/Deprecated.h>
#include <c10/util/Optional.h>
#include <c10/util/OptionalArrayRef.h>

namespace c10 {
struct Allocator;
} // namespace c10

namespace at {

// ---- generated operator functions (subset of ATen/ops/*.h) ----
at::Tensor empty(at::IntArrayRef size, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor empty(at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor empty_symint(c10::SymIntArrayRef size, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor empty_symint(c10::SymIntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & empty_out(at::Tensor & out, at::IntArrayRef size, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & empty_outf(at::IntArrayRef size, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor & empty_symint_out(at::Tensor & out, c10::SymIntArrayRef size, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & empty_symint_outf(c10::SymIntArrayRef size, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor zeros(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor zeros(at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor zeros_symint(c10::SymIntArrayRef size, at::TensorOptions options={});
at::Tensor zeros_symint(c10::SymIntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & zeros_out(at::Tensor & out, at::IntArrayRef size);
at::Tensor & zeros_outf(at::IntArrayRef size, at::Tensor & out);
at::Tensor & zeros_symint_out(at::Tensor & out, c10::SymIntArrayRef size);
at::Tensor & zeros_symint_outf(c10::SymIntArrayRef size, at::Tensor & out);
at::Tensor ones(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor ones(at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor ones_symint(c10::SymIntArrayRef size, at::TensorOptions options={});
at::Tensor ones_symint(c10::SymIntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & ones_out(at::Tensor & out, at::IntArrayRef size);
at::Tensor & ones_outf(at::IntArrayRef size, at::Tensor & out);
at::Tensor & ones_symint_out(at::Tensor & out, c10::SymIntArrayRef size);
at::Tensor & ones_symint_outf(c10::SymIntArrayRef size, at::Tensor & out);
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options={});
at::Tensor full(at::IntArrayRef size, const at::Scalar & fill_value, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor full_symint(c10::SymIntArrayRef size, const at::Scalar & fill_value, at::TensorOptions options={});
at::Tensor full_symint(c10::SymIntArrayRef size, const at::Scalar & fill_value, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & full_out(at::Tensor & out, at::IntArrayRef size, const at::Scalar & fill_value);
at::Tensor & full_outf(at::IntArrayRef size, const at::Scalar & fill_value, at::Tensor & out);
at::Tensor & full_symint_out(at::Tensor & out, c10::SymIntArrayRef size, const at::Scalar & fill_value);
at::Tensor & full_symint_outf(c10::SymIntArrayRef size, const at::Scalar & fill_value, at::Tensor & out);
at::Tensor rand(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor rand(at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor rand(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options={});
at::Tensor rand(at::IntArrayRef size, ::std::optional<at::Generator> generator, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & rand_out(at::Tensor & out, at::IntArrayRef size);
at::Tensor & rand_outf(at::IntArrayRef size, at::Tensor & out);
at::Tensor & rand_out(at::Tensor & out, at::IntArrayRef size, ::std::optional<at::Generator> generator);
at::Tensor & rand_outf(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::Tensor & out);
at::Tensor randn(at::IntArrayRef size, at::TensorOptions options={});
at::Tensor randn(at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor randn(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options={});
at::Tensor randn(at::IntArrayRef size, ::std::optional<at::Generator> generator, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & randn_out(at::Tensor & out, at::IntArrayRef size);
at::Tensor & randn_outf(at::IntArrayRef size, at::Tensor & out);
at::Tensor & randn_out(at::Tensor & out, at::IntArrayRef size, ::std::optional<at::Generator> generator);
at::Tensor & randn_outf(at::IntArrayRef size, ::std::optional<at::Generator> generator, at::Tensor & out);
at::Tensor randint(int64_t high, at::IntArrayRef size, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor randint(int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randint(int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & randint_out(at::Tensor & out, int64_t high, at::IntArrayRef size);
at::Tensor & randint_outf(int64_t high, at::IntArrayRef size, at::Tensor & out);
at::Tensor & randint_out(at::Tensor & out, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator);
at::Tensor & randint_outf(int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::Tensor & out);
at::Tensor & randint_out(at::Tensor & out, int64_t low, int64_t high, at::IntArrayRef size);
at::Tensor & randint_outf(int64_t low, int64_t high, at::IntArrayRef size, at::Tensor & out);
at::Tensor & randint_out(at::Tensor & out, int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator);
at::Tensor & randint_outf(int64_t low, int64_t high, at::IntArrayRef size, ::std::optional<at::Generator> generator, at::Tensor & out);
at::Tensor randperm(int64_t n, at::TensorOptions options=at::kLong);
at::Tensor randperm(int64_t n, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor randperm(int64_t n, ::std::optional<at::Generator> generator, at::TensorOptions options=at::kLong);
at::Tensor randperm(int64_t n, ::std::optional<at::Generator> generator, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & randperm_out(at::Tensor & out, int64_t n);
at::Tensor & randperm_outf(int64_t n, at::Tensor & out);
at::Tensor & randperm_out(at::Tensor & out, int64_t n, ::std::optional<at::Generator> generator);
at::Tensor & randperm_outf(int64_t n, ::std::optional<at::Generator> generator, at::Tensor & out);
at::Tensor arange(const at::Scalar & end, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & end, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::TensorOptions options={});
at::Tensor arange(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & arange_out(at::Tensor & out, const at::Scalar & end);
at::Tensor & arange_outf(const at::Scalar & end, at::Tensor & out);
at::Tensor & arange_out(at::Tensor & out, const at::Scalar & start, const at::Scalar & end, const at::Scalar & step);
at::Tensor & arange_outf(const at::Scalar & start, const at::Scalar & end, const at::Scalar & step, at::Tensor & out);
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, at::TensorOptions options={});
at::Tensor linspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & linspace_out(at::Tensor & out, const at::Scalar & start, const at::Scalar & end, int64_t steps);
at::Tensor & linspace_outf(const at::Scalar & start, const at::Scalar & end, int64_t steps, at::Tensor & out);
at::Tensor logspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, double base=10.0, at::TensorOptions options={});
at::Tensor logspace(const at::Scalar & start, const at::Scalar & end, int64_t steps, double base, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & logspace_out(at::Tensor & out, const at::Scalar & start, const at::Scalar & end, int64_t steps, double base=10.0);
at::Tensor & logspace_outf(const at::Scalar & start, const at::Scalar & end, int64_t steps, double base, at::Tensor & out);
at::Tensor eye(int64_t n, at::TensorOptions options={});
at::Tensor eye(int64_t n, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor eye(int64_t n, int64_t m, at::TensorOptions options={});
at::Tensor eye(int64_t n, int64_t m, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & eye_out(at::Tensor & out, int64_t n);
at::Tensor & eye_outf(int64_t n, at::Tensor & out);
at::Tensor & eye_out(at::Tensor & out, int64_t n, int64_t m);
at::Tensor & eye_outf(int64_t n, int64_t m, at::Tensor & out);
at::Tensor empty_like(const at::Tensor & self, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor empty_like(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & empty_like_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & empty_like_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor zeros_like(const at::Tensor & self, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor zeros_like(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & zeros_like_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & zeros_like_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor ones_like(const at::Tensor & self, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor ones_like(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & ones_like_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & ones_like_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor full_like(const at::Tensor & self, const at::Scalar & fill_value, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & full_like_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & fill_value, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & full_like_outf(const at::Tensor & self, const at::Scalar & fill_value, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor rand_like(const at::Tensor & self, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor rand_like(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & rand_like_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & rand_like_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor randn_like(const at::Tensor & self, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor randn_like(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & randn_like_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & randn_like_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor randint_like(const at::Tensor & self, int64_t high, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor randint_like(const at::Tensor & self, int64_t high, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor randint_like(const at::Tensor & self, int64_t low, int64_t high, at::TensorOptions options={}, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor randint_like(const at::Tensor & self, int64_t low, int64_t high, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory, ::std::optional<at::MemoryFormat> memory_format);
at::Tensor & randint_like_out(at::Tensor & out, const at::Tensor & self, int64_t high, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & randint_like_outf(const at::Tensor & self, int64_t high, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor & randint_like_out(at::Tensor & out, const at::Tensor & self, int64_t low, int64_t high, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & randint_like_outf(const at::Tensor & self, int64_t low, int64_t high, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, at::TensorOptions options={});
at::Tensor empty_strided(at::IntArrayRef size, at::IntArrayRef stride, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor empty_strided_symint(c10::SymIntArrayRef size, c10::SymIntArrayRef stride, at::TensorOptions options={});
at::Tensor empty_strided_symint(c10::SymIntArrayRef size, c10::SymIntArrayRef stride, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & empty_strided_out(at::Tensor & out, at::IntArrayRef size, at::IntArrayRef stride);
at::Tensor & empty_strided_outf(at::IntArrayRef size, at::IntArrayRef stride, at::Tensor & out);
at::Tensor & empty_strided_symint_out(at::Tensor & out, c10::SymIntArrayRef size, c10::SymIntArrayRef stride);
at::Tensor & empty_strided_symint_outf(c10::SymIntArrayRef size, c10::SymIntArrayRef stride, at::Tensor & out);
at::Tensor scalar_tensor(const at::Scalar & s, at::TensorOptions options={});
at::Tensor scalar_tensor(const at::Scalar & s, ::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> layout, ::std::optional<at::Device> device, ::std::optional<bool> pin_memory);
at::Tensor & scalar_tensor_out(at::Tensor & out, const at::Scalar & s);
at::Tensor & scalar_tensor_outf(const at::Scalar & s, at::Tensor & out);
at::Tensor cat(const at::ITensorListRef & tensors, int64_t dim=0);
at::Tensor & cat_out(at::Tensor & out, const at::ITensorListRef & tensors, int64_t dim=0);
at::Tensor & cat_outf(const at::ITensorListRef & tensors, int64_t dim, at::Tensor & out);
at::Tensor stack(at::TensorList tensors, int64_t dim=0);
at::Tensor & stack_out(at::Tensor & out, at::TensorList tensors, int64_t dim=0);
at::Tensor & stack_outf(at::TensorList tensors, int64_t dim, at::Tensor & out);
at::Tensor hstack(at::TensorList tensors);
at::Tensor & hstack_out(at::Tensor & out, at::TensorList tensors);
at::Tensor & hstack_outf(at::TensorList tensors, at::Tensor & out);
at::Tensor vstack(at::TensorList tensors);
at::Tensor & vstack_out(at::Tensor & out, at::TensorList tensors);
at::Tensor & vstack_outf(at::TensorList tensors, at::Tensor & out);
at::Tensor concat(at::TensorList tensors, int64_t dim=0);
at::Tensor & concat_out(at::Tensor & out, at::TensorList tensors, int64_t dim=0);
at::Tensor & concat_outf(at::TensorList tensors, int64_t dim, at::Tensor & out);
at::Tensor where(const at::Tensor & condition, const at::Tensor & self, const at::Tensor & other);
at::Tensor & where_out(at::Tensor & out, const at::Tensor & condition, const at::Tensor & self, const at::Tensor & other);
at::Tensor & where_outf(const at::Tensor & condition, const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor where(const at::Tensor & condition, const at::Scalar & self, const at::Tensor & other);
at::Tensor where(const at::Tensor & condition, const at::Tensor & self, const at::Scalar & other);
at::Tensor where(const at::Tensor & condition, const at::Scalar & self, const at::Scalar & other);
::std::vector<at::Tensor> where(const at::Tensor & condition);
void _assert_async(const at::Tensor & self);
at::Scalar _local_scalar_dense(const at::Tensor & self);
at::Tensor & nonzero_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & nonzero_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor nonzero(const at::Tensor & self);
at::Tensor & masked_select_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mask);
at::Tensor & masked_select_outf(const at::Tensor & self, const at::Tensor & mask, at::Tensor & out);
at::Tensor masked_select(const at::Tensor & self, const at::Tensor & mask);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> _unique2(const at::Tensor & self, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> _unique2_out(at::Tensor & out0, at::Tensor & out1, at::Tensor & out2, const at::Tensor & self, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> _unique2_outf(const at::Tensor & self, bool sorted, bool return_inverse, bool return_counts, at::Tensor & out0, at::Tensor & out1, at::Tensor & out2);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> unique_consecutive(const at::Tensor & self, bool return_inverse=false, bool return_counts=false, ::std::optional<int64_t> dim=::std::nullopt);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> unique_consecutive_out(at::Tensor & out0, at::Tensor & out1, at::Tensor & out2, const at::Tensor & self, bool return_inverse=false, bool return_counts=false, ::std::optional<int64_t> dim=::std::nullopt);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> unique_consecutive_outf(const at::Tensor & self, bool return_inverse, bool return_counts, ::std::optional<int64_t> dim, at::Tensor & out0, at::Tensor & out1, at::Tensor & out2);
::std::tuple<at::Tensor,at::Tensor,at::Tensor> unique_dim(const at::Tensor & self, int64_t dim, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> unique_dim_out(at::Tensor & out0, at::Tensor & out1, at::Tensor & out2, const at::Tensor & self, int64_t dim, bool sorted=true, bool return_inverse=false, bool return_counts=false);
::std::tuple<at::Tensor &,at::Tensor &,at::Tensor &> unique_dim_outf(const at::Tensor & self, int64_t dim, bool sorted, bool return_inverse, bool return_counts, at::Tensor & out0, at::Tensor & out1, at::Tensor & out2);
bool equal(const at::Tensor & self, const at::Tensor & other);
bool is_nonzero(const at::Tensor & self);
at::Tensor matmul(const at::Tensor & self, const at::Tensor & other);
at::Tensor & matmul_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & matmul_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor mm(const at::Tensor & self, const at::Tensor & mat2);
at::Tensor & mm_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mat2);
at::Tensor & mm_outf(const at::Tensor & self, const at::Tensor & mat2, at::Tensor & out);
at::Tensor bmm(const at::Tensor & self, const at::Tensor & mat2);
at::Tensor & bmm_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mat2);
at::Tensor & bmm_outf(const at::Tensor & self, const at::Tensor & mat2, at::Tensor & out);
at::Tensor mv(const at::Tensor & self, const at::Tensor & vec);
at::Tensor & mv_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & vec);
at::Tensor & mv_outf(const at::Tensor & self, const at::Tensor & vec, at::Tensor & out);
at::Tensor dot(const at::Tensor & self, const at::Tensor & tensor);
at::Tensor & dot_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & tensor);
at::Tensor & dot_outf(const at::Tensor & self, const at::Tensor & tensor, at::Tensor & out);
at::Tensor & addmm_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta=1, const at::Scalar & alpha=1);
at::Tensor & addmm_outf(const at::Tensor & self, const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta, const at::Scalar & alpha, at::Tensor & out);
at::Tensor addmm(const at::Tensor & self, const at::Tensor & mat1, const at::Tensor & mat2, const at::Scalar & beta=1, const at::Scalar & alpha=1);
at::Tensor outer(const at::Tensor & self, const at::Tensor & vec2);
at::Tensor & outer_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & vec2);
at::Tensor & outer_outf(const at::Tensor & self, const at::Tensor & vec2, at::Tensor & out);
at::Tensor exp(const at::Tensor & self);
at::Tensor & exp_(at::Tensor & self);
at::Tensor & exp_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & exp_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor log(const at::Tensor & self);
at::Tensor & log_(at::Tensor & self);
at::Tensor & log_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & log_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor log1p(const at::Tensor & self);
at::Tensor & log1p_(at::Tensor & self);
at::Tensor & log1p_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & log1p_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor sqrt(const at::Tensor & self);
at::Tensor & sqrt_(at::Tensor & self);
at::Tensor & sqrt_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & sqrt_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor rsqrt(const at::Tensor & self);
at::Tensor & rsqrt_(at::Tensor & self);
at::Tensor & rsqrt_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & rsqrt_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor abs(const at::Tensor & self);
at::Tensor & abs_(at::Tensor & self);
at::Tensor & abs_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & abs_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor neg(const at::Tensor & self);
at::Tensor & neg_(at::Tensor & self);
at::Tensor & neg_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & neg_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor clamp(const at::Tensor & self, const ::std::optional<at::Scalar> & min, const ::std::optional<at::Scalar> & max=::std::nullopt);
at::Tensor clamp(const at::Tensor & self, const ::std::optional<at::Tensor> & min={}, const ::std::optional<at::Tensor> & max={});
at::Tensor & clamp_(at::Tensor & self, const ::std::optional<at::Scalar> & min, const ::std::optional<at::Scalar> & max=::std::nullopt);
at::Tensor & clamp_(at::Tensor & self, const ::std::optional<at::Tensor> & min={}, const ::std::optional<at::Tensor> & max={});
at::Tensor & clamp_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Scalar> & min, const ::std::optional<at::Scalar> & max=::std::nullopt);
at::Tensor & clamp_outf(const at::Tensor & self, const ::std::optional<at::Scalar> & min, const ::std::optional<at::Scalar> & max, at::Tensor & out);
at::Tensor & clamp_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Tensor> & min={}, const ::std::optional<at::Tensor> & max={});
at::Tensor & clamp_outf(const at::Tensor & self, const ::std::optional<at::Tensor> & min, const ::std::optional<at::Tensor> & max, at::Tensor & out);
at::Tensor clamp_min(const at::Tensor & self, const at::Scalar & min);
at::Tensor clamp_min(const at::Tensor & self, const at::Tensor & min);
at::Tensor & clamp_min_(at::Tensor & self, const at::Scalar & min);
at::Tensor & clamp_min_(at::Tensor & self, const at::Tensor & min);
at::Tensor & clamp_min_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & min);
at::Tensor & clamp_min_outf(const at::Tensor & self, const at::Scalar & min, at::Tensor & out);
at::Tensor & clamp_min_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & min);
at::Tensor & clamp_min_outf(const at::Tensor & self, const at::Tensor & min, at::Tensor & out);
at::Tensor clamp_max(const at::Tensor & self, const at::Scalar & max);
at::Tensor clamp_max(const at::Tensor & self, const at::Tensor & max);
at::Tensor & clamp_max_(at::Tensor & self, const at::Scalar & max);
at::Tensor & clamp_max_(at::Tensor & self, const at::Tensor & max);
at::Tensor & clamp_max_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & max);
at::Tensor & clamp_max_outf(const at::Tensor & self, const at::Scalar & max, at::Tensor & out);
at::Tensor & clamp_max_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & max);
at::Tensor & clamp_max_outf(const at::Tensor & self, const at::Tensor & max, at::Tensor & out);
at::Tensor sigmoid(const at::Tensor & self);
at::Tensor & sigmoid_(at::Tensor & self);
at::Tensor & sigmoid_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & sigmoid_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor relu(const at::Tensor & self);
at::Tensor & relu_(at::Tensor & self);
at::Tensor & relu_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & relu_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor tanh(const at::Tensor & self);
at::Tensor & tanh_(at::Tensor & self);
at::Tensor & tanh_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & tanh_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor add(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor & add_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor & add_outf(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha, at::Tensor & out);
at::Tensor add(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor & add_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor & add_outf(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha, at::Tensor & out);
at::Tensor & sub_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor & sub_outf(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha, at::Tensor & out);
at::Tensor sub(const at::Tensor & self, const at::Tensor & other, const at::Scalar & alpha=1);
at::Tensor sub(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor & sub_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha=1);
at::Tensor & sub_outf(const at::Tensor & self, const at::Scalar & other, const at::Scalar & alpha, at::Tensor & out);
at::Tensor mul(const at::Tensor & self, const at::Tensor & other);
at::Tensor & mul_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & mul_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor mul(const at::Tensor & self, const at::Scalar & other);
at::Tensor & mul_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & mul_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor div(const at::Tensor & self, const at::Tensor & other);
at::Tensor & div_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & div_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor div(const at::Tensor & self, const at::Tensor & other, ::std::optional<c10::string_view> rounding_mode);
at::Tensor & div_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other, ::std::optional<c10::string_view> rounding_mode);
at::Tensor & div_outf(const at::Tensor & self, const at::Tensor & other, ::std::optional<c10::string_view> rounding_mode, at::Tensor & out);
at::Tensor div(const at::Tensor & self, const at::Scalar & other);
at::Tensor div(const at::Tensor & self, const at::Scalar & other, ::std::optional<c10::string_view> rounding_mode);
at::Tensor & div_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & div_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor & div_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other, ::std::optional<c10::string_view> rounding_mode);
at::Tensor & div_outf(const at::Tensor & self, const at::Scalar & other, ::std::optional<c10::string_view> rounding_mode, at::Tensor & out);
at::Tensor & pow_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & exponent);
at::Tensor & pow_outf(const at::Tensor & self, const at::Tensor & exponent, at::Tensor & out);
at::Tensor pow(const at::Tensor & self, const at::Tensor & exponent);
at::Tensor & pow_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & exponent);
at::Tensor & pow_outf(const at::Scalar & self, const at::Tensor & exponent, at::Tensor & out);
at::Tensor pow(const at::Scalar & self, const at::Tensor & exponent);
at::Tensor & pow_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & exponent);
at::Tensor & pow_outf(const at::Tensor & self, const at::Scalar & exponent, at::Tensor & out);
at::Tensor pow(const at::Tensor & self, const at::Scalar & exponent);
at::Tensor floor(const at::Tensor & self);
at::Tensor & floor_(at::Tensor & self);
at::Tensor & floor_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & floor_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor ceil(const at::Tensor & self);
at::Tensor & ceil_(at::Tensor & self);
at::Tensor & ceil_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & ceil_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor round(const at::Tensor & self);
at::Tensor & round_(at::Tensor & self);
at::Tensor & round_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & round_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor round(const at::Tensor & self, int64_t decimals);
at::Tensor & round_(at::Tensor & self, int64_t decimals);
at::Tensor & round_out(at::Tensor & out, const at::Tensor & self, int64_t decimals);
at::Tensor & round_outf(const at::Tensor & self, int64_t decimals, at::Tensor & out);
at::Tensor & remainder_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & remainder_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor remainder(const at::Tensor & self, const at::Scalar & other);
at::Tensor & remainder_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & remainder_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor remainder(const at::Tensor & self, const at::Tensor & other);
at::Tensor remainder(const at::Scalar & self, const at::Tensor & other);
at::Tensor & remainder_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & other);
at::Tensor & remainder_outf(const at::Scalar & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & fmod_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & fmod_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor fmod(const at::Tensor & self, const at::Scalar & other);
at::Tensor & fmod_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & fmod_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor fmod(const at::Tensor & self, const at::Tensor & other);
at::Tensor maximum(const at::Tensor & self, const at::Tensor & other);
at::Tensor & maximum_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & maximum_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor minimum(const at::Tensor & self, const at::Tensor & other);
at::Tensor & minimum_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & minimum_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & lt_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & lt_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor lt(const at::Tensor & self, const at::Scalar & other);
at::Tensor & lt_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & lt_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor lt(const at::Tensor & self, const at::Tensor & other);
at::Tensor & le_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & le_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor le(const at::Tensor & self, const at::Scalar & other);
at::Tensor & le_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & le_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor le(const at::Tensor & self, const at::Tensor & other);
at::Tensor & gt_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & gt_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor gt(const at::Tensor & self, const at::Scalar & other);
at::Tensor & gt_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & gt_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor gt(const at::Tensor & self, const at::Tensor & other);
at::Tensor & ge_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & ge_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor ge(const at::Tensor & self, const at::Scalar & other);
at::Tensor & ge_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & ge_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor ge(const at::Tensor & self, const at::Tensor & other);
at::Tensor & eq_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & eq_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor eq(const at::Tensor & self, const at::Scalar & other);
at::Tensor & eq_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & eq_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor eq(const at::Tensor & self, const at::Tensor & other);
at::Tensor & ne_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & ne_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor ne(const at::Tensor & self, const at::Scalar & other);
at::Tensor & ne_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & ne_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor ne(const at::Tensor & self, const at::Tensor & other);
at::Tensor logical_and(const at::Tensor & self, const at::Tensor & other);
at::Tensor & logical_and_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & logical_and_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor logical_or(const at::Tensor & self, const at::Tensor & other);
at::Tensor & logical_or_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & logical_or_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor logical_not(const at::Tensor & self);
at::Tensor & logical_not_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & logical_not_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor & bitwise_and_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_and_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & bitwise_and_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & bitwise_and_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor bitwise_and(const at::Tensor & self, const at::Scalar & other);
at::Tensor bitwise_and(const at::Scalar & self, const at::Tensor & other);
at::Tensor bitwise_and(const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_and_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & other);
at::Tensor & bitwise_and_outf(const at::Scalar & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & bitwise_or_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_or_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & bitwise_or_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & bitwise_or_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor bitwise_or(const at::Tensor & self, const at::Scalar & other);
at::Tensor bitwise_or(const at::Scalar & self, const at::Tensor & other);
at::Tensor bitwise_or(const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_or_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & other);
at::Tensor & bitwise_or_outf(const at::Scalar & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & bitwise_xor_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_xor_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor & bitwise_xor_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & other);
at::Tensor & bitwise_xor_outf(const at::Tensor & self, const at::Scalar & other, at::Tensor & out);
at::Tensor bitwise_xor(const at::Tensor & self, const at::Scalar & other);
at::Tensor bitwise_xor(const at::Scalar & self, const at::Tensor & other);
at::Tensor bitwise_xor(const at::Tensor & self, const at::Tensor & other);
at::Tensor & bitwise_xor_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & other);
at::Tensor & bitwise_xor_outf(const at::Scalar & self, const at::Tensor & other, at::Tensor & out);
at::Tensor bitwise_not(const at::Tensor & self);
at::Tensor & bitwise_not_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & bitwise_not_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor softmax(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & softmax_out(at::Tensor & out, const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & softmax_outf(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor log_softmax(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & log_softmax_out(at::Tensor & out, const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & log_softmax_outf(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor sum(const at::Tensor & self, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor sum(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & sum_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & sum_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor & sum_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & sum_outf(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor mean(const at::Tensor & self, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor mean(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & mean_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & mean_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, bool keepdim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor prod(const at::Tensor & self, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor prod(const at::Tensor & self, int64_t dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & prod_out(at::Tensor & out, const at::Tensor & self, int64_t dim, bool keepdim=false, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & prod_outf(const at::Tensor & self, int64_t dim, bool keepdim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor & prod_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & prod_outf(const at::Tensor & self, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
::std::tuple<at::Tensor,at::Tensor> max(const at::Tensor & self, int64_t dim, bool keepdim=false);
::std::tuple<at::Tensor &,at::Tensor &> max_out(at::Tensor & max, at::Tensor & max_values, const at::Tensor & self, int64_t dim, bool keepdim=false);
::std::tuple<at::Tensor &,at::Tensor &> max_outf(const at::Tensor & self, int64_t dim, bool keepdim, at::Tensor & max, at::Tensor & max_values);
at::Tensor max(const at::Tensor & self);
at::Tensor max(const at::Tensor & self, const at::Tensor & other);
at::Tensor & max_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & max_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
::std::tuple<at::Tensor,at::Tensor> min(const at::Tensor & self, int64_t dim, bool keepdim=false);
::std::tuple<at::Tensor &,at::Tensor &> min_out(at::Tensor & min, at::Tensor & min_indices, const at::Tensor & self, int64_t dim, bool keepdim=false);
::std::tuple<at::Tensor &,at::Tensor &> min_outf(const at::Tensor & self, int64_t dim, bool keepdim, at::Tensor & min, at::Tensor & min_indices);
at::Tensor min(const at::Tensor & self);
at::Tensor & min_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & other);
at::Tensor & min_outf(const at::Tensor & self, const at::Tensor & other, at::Tensor & out);
at::Tensor min(const at::Tensor & self, const at::Tensor & other);
at::Tensor amax(const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor & amax_out(at::Tensor & out, const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor & amax_outf(const at::Tensor & self, at::IntArrayRef dim, bool keepdim, at::Tensor & out);
at::Tensor amin(const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor & amin_out(at::Tensor & out, const at::Tensor & self, at::IntArrayRef dim={}, bool keepdim=false);
at::Tensor & amin_outf(const at::Tensor & self, at::IntArrayRef dim, bool keepdim, at::Tensor & out);
at::Tensor argmax(const at::Tensor & self, ::std::optional<int64_t> dim=::std::nullopt, bool keepdim=false);
at::Tensor & argmax_out(at::Tensor & out, const at::Tensor & self, ::std::optional<int64_t> dim=::std::nullopt, bool keepdim=false);
at::Tensor & argmax_outf(const at::Tensor & self, ::std::optional<int64_t> dim, bool keepdim, at::Tensor & out);
at::Tensor argmin(const at::Tensor & self, ::std::optional<int64_t> dim=::std::nullopt, bool keepdim=false);
at::Tensor & argmin_out(at::Tensor & out, const at::Tensor & self, ::std::optional<int64_t> dim=::std::nullopt, bool keepdim=false);
at::Tensor & argmin_outf(const at::Tensor & self, ::std::optional<int64_t> dim, bool keepdim, at::Tensor & out);
at::Tensor any(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor & any_out(at::Tensor & out, const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor & any_outf(const at::Tensor & self, int64_t dim, bool keepdim, at::Tensor & out);
at::Tensor any(const at::Tensor & self);
at::Tensor & any_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & any_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor all(const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor & all_out(at::Tensor & out, const at::Tensor & self, int64_t dim, bool keepdim=false);
at::Tensor & all_outf(const at::Tensor & self, int64_t dim, bool keepdim, at::Tensor & out);
at::Tensor all(const at::Tensor & self);
at::Tensor & all_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & all_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor std(const at::Tensor & self, bool unbiased=true);
at::Tensor std(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor std(const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim=false);
at::Tensor & std_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor & std_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased, bool keepdim, at::Tensor & out);
at::Tensor & std_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim=false);
at::Tensor & std_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim, at::Tensor & out);
at::Tensor var(const at::Tensor & self, bool unbiased=true);
at::Tensor var(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor var(const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim=false);
at::Tensor & var_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased=true, bool keepdim=false);
at::Tensor & var_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, bool unbiased, bool keepdim, at::Tensor & out);
at::Tensor & var_out(at::Tensor & out, const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim=false);
at::Tensor & var_outf(const at::Tensor & self, at::OptionalIntArrayRef dim, ::std::optional<int64_t> correction, bool keepdim, at::Tensor & out);
at::Tensor norm(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::ScalarType dtype);
at::Tensor norm(const at::Tensor & self, const at::Scalar & p=2);
at::Tensor norm(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim, at::ScalarType dtype);
at::Tensor norm(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim=false);
at::Tensor & norm_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim, at::ScalarType dtype);
at::Tensor & norm_outf(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim, at::ScalarType dtype, at::Tensor & out);
at::Tensor & norm_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim=false);
at::Tensor & norm_outf(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::IntArrayRef dim, bool keepdim, at::Tensor & out);
at::Tensor & norm_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::ScalarType dtype);
at::Tensor & norm_outf(const at::Tensor & self, const ::std::optional<at::Scalar> & p, at::ScalarType dtype, at::Tensor & out);
at::Tensor & norm_out(at::Tensor & out, const at::Tensor & self, const at::Scalar & p=2);
at::Tensor & norm_outf(const at::Tensor & self, const at::Scalar & p, at::Tensor & out);
::std::tuple<at::Tensor &,at::Tensor &> topk_out(at::Tensor & values, at::Tensor & indices, const at::Tensor & self, int64_t k, int64_t dim=-1, bool largest=true, bool sorted=true);
::std::tuple<at::Tensor &,at::Tensor &> topk_outf(const at::Tensor & self, int64_t k, int64_t dim, bool largest, bool sorted, at::Tensor & values, at::Tensor & indices);
::std::tuple<at::Tensor,at::Tensor> topk(const at::Tensor & self, int64_t k, int64_t dim=-1, bool largest=true, bool sorted=true);
::std::tuple<at::Tensor &,at::Tensor &> sort_out(at::Tensor & values, at::Tensor & indices, const at::Tensor & self, int64_t dim=-1, bool descending=false);
::std::tuple<at::Tensor &,at::Tensor &> sort_outf(const at::Tensor & self, int64_t dim, bool descending, at::Tensor & values, at::Tensor & indices);
::std::tuple<at::Tensor &,at::Tensor &> sort_out(at::Tensor & values, at::Tensor & indices, const at::Tensor & self, ::std::optional<bool> stable, int64_t dim=-1, bool descending=false);
::std::tuple<at::Tensor &,at::Tensor &> sort_outf(const at::Tensor & self, ::std::optional<bool> stable, int64_t dim, bool descending, at::Tensor & values, at::Tensor & indices);
::std::tuple<at::Tensor,at::Tensor> sort(const at::Tensor & self, int64_t dim=-1, bool descending=false);
::std::tuple<at::Tensor,at::Tensor> sort(const at::Tensor & self, ::std::optional<bool> stable, int64_t dim=-1, bool descending=false);
at::Tensor argsort(const at::Tensor & self, int64_t dim=-1, bool descending=false);
at::Tensor argsort(const at::Tensor & self, bool stable, int64_t dim=-1, bool descending=false);
at::Tensor & argsort_out(at::Tensor & out, const at::Tensor & self, bool stable, int64_t dim=-1, bool descending=false);
at::Tensor & argsort_outf(const at::Tensor & self, bool stable, int64_t dim, bool descending, at::Tensor & out);
at::Tensor & index_select_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index);
at::Tensor & index_select_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, at::Tensor & out);
at::Tensor index_select(const at::Tensor & self, int64_t dim, const at::Tensor & index);
at::Tensor & gather_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, bool sparse_grad=false);
at::Tensor & gather_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, bool sparse_grad, at::Tensor & out);
at::Tensor gather(const at::Tensor & self, int64_t dim, const at::Tensor & index, bool sparse_grad=false);
at::Tensor scatter(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src);
at::Tensor & scatter_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src);
at::Tensor & scatter_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src, at::Tensor & out);
at::Tensor scatter(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value);
at::Tensor & scatter_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value);
at::Tensor & scatter_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value, at::Tensor & out);
at::Tensor scatter(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src, c10::string_view reduce);
at::Tensor & scatter_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src, c10::string_view reduce);
at::Tensor & scatter_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src, c10::string_view reduce, at::Tensor & out);
at::Tensor scatter(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value, c10::string_view reduce);
at::Tensor & scatter_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value, c10::string_view reduce);
at::Tensor & scatter_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Scalar & value, c10::string_view reduce, at::Tensor & out);
at::Tensor scatter_add(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src);
at::Tensor & scatter_add_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src);
at::Tensor & scatter_add_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & src, at::Tensor & out);
at::Tensor cumsum(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & cumsum_out(at::Tensor & out, const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & cumsum_outf(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor cumprod(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & cumprod_out(at::Tensor & out, const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype=::std::nullopt);
at::Tensor & cumprod_outf(const at::Tensor & self, int64_t dim, ::std::optional<at::ScalarType> dtype, at::Tensor & out);
at::Tensor clone(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & clone_out(at::Tensor & out, const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format=::std::nullopt);
at::Tensor & clone_outf(const at::Tensor & self, ::std::optional<at::MemoryFormat> memory_format, at::Tensor & out);
at::Tensor reshape(const at::Tensor & self, at::IntArrayRef shape);
at::Tensor reshape_symint(const at::Tensor & self, c10::SymIntArrayRef shape);
at::Tensor permute(const at::Tensor & self, at::IntArrayRef dims);
at::Tensor transpose(const at::Tensor & self, int64_t dim0, int64_t dim1);
at::Tensor squeeze(const at::Tensor & self);
at::Tensor squeeze(const at::Tensor & self, int64_t dim);
at::Tensor unsqueeze(const at::Tensor & self, int64_t dim);
at::Tensor flatten(const at::Tensor & self, int64_t start_dim=0, int64_t end_dim=-1);
at::Tensor narrow(const at::Tensor & self, int64_t dim, int64_t start, int64_t length);
at::Tensor narrow(const at::Tensor & self, int64_t dim, const at::Tensor & start, int64_t length);
at::Tensor select(const at::Tensor & self, int64_t dim, int64_t index);
at::Tensor slice(const at::Tensor & self, int64_t dim=0, ::std::optional<int64_t> start=::std::nullopt, ::std::optional<int64_t> end=::std::nullopt, int64_t step=1);
at::Tensor slice_symint(const at::Tensor & self, int64_t dim=0, ::std::optional<c10::SymInt> start=::std::nullopt, ::std::optional<c10::SymInt> end=::std::nullopt, c10::SymInt step=1);
::std::vector<at::Tensor> chunk(const at::Tensor & self, int64_t chunks, int64_t dim=0);
::std::vector<at::Tensor> split(const at::Tensor & self, int64_t split_size, int64_t dim=0);
::std::vector<at::Tensor> split(const at::Tensor & self, at::IntArrayRef split_size, int64_t dim=0);
::std::vector<at::Tensor> unbind(const at::Tensor & self, int64_t dim=0);
at::Tensor repeat_interleave(const at::Tensor & repeats, ::std::optional<int64_t> output_size=::std::nullopt);
at::Tensor repeat_interleave(const at::Tensor & self, const at::Tensor & repeats, ::std::optional<int64_t> dim=::std::nullopt, ::std::optional<int64_t> output_size=::std::nullopt);
at::Tensor repeat_interleave(const at::Tensor & self, int64_t repeats, ::std::optional<int64_t> dim=::std::nullopt, ::std::optional<int64_t> output_size=::std::nullopt);
at::Tensor & repeat_interleave_out(at::Tensor & out, const at::Tensor & repeats, ::std::optional<int64_t> output_size=::std::nullopt);
at::Tensor & repeat_interleave_outf(const at::Tensor & repeats, ::std::optional<int64_t> output_size, at::Tensor & out);
at::Tensor flip(const at::Tensor & self, at::IntArrayRef dims);
at::Tensor & flip_out(at::Tensor & out, const at::Tensor & self, at::IntArrayRef dims);
at::Tensor & flip_outf(const at::Tensor & self, at::IntArrayRef dims, at::Tensor & out);
at::Tensor roll(const at::Tensor & self, at::IntArrayRef shifts, at::IntArrayRef dims={});
at::Tensor & roll_out(at::Tensor & out, const at::Tensor & self, at::IntArrayRef shifts, at::IntArrayRef dims={});
at::Tensor & roll_outf(const at::Tensor & self, at::IntArrayRef shifts, at::IntArrayRef dims, at::Tensor & out);
at::Tensor & tril_out(at::Tensor & out, const at::Tensor & self, int64_t diagonal=0);
at::Tensor & tril_outf(const at::Tensor & self, int64_t diagonal, at::Tensor & out);
at::Tensor tril(const at::Tensor & self, int64_t diagonal=0);
at::Tensor & triu_out(at::Tensor & out, const at::Tensor & self, int64_t diagonal=0);
at::Tensor & triu_outf(const at::Tensor & self, int64_t diagonal, at::Tensor & out);
at::Tensor triu(const at::Tensor & self, int64_t diagonal=0);
at::Tensor & diag_out(at::Tensor & out, const at::Tensor & self, int64_t diagonal=0);
at::Tensor & diag_outf(const at::Tensor & self, int64_t diagonal, at::Tensor & out);
at::Tensor diag(const at::Tensor & self, int64_t diagonal=0);
at::Tensor nan_to_num(const at::Tensor & self, ::std::optional<double> nan=::std::nullopt, ::std::optional<double> posinf=::std::nullopt, ::std::optional<double> neginf=::std::nullopt);
at::Tensor & nan_to_num_(at::Tensor & self, ::std::optional<double> nan=::std::nullopt, ::std::optional<double> posinf=::std::nullopt, ::std::optional<double> neginf=::std::nullopt);
at::Tensor & nan_to_num_out(at::Tensor & out, const at::Tensor & self, ::std::optional<double> nan=::std::nullopt, ::std::optional<double> posinf=::std::nullopt, ::std::optional<double> neginf=::std::nullopt);
at::Tensor & nan_to_num_outf(const at::Tensor & self, ::std::optional<double> nan, ::std::optional<double> posinf, ::std::optional<double> neginf, at::Tensor & out);
at::Tensor isnan(const at::Tensor & self);
at::Tensor & isnan_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & isnan_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor isinf(const at::Tensor & self);
at::Tensor & isinf_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & isinf_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor isfinite(const at::Tensor & self);
at::Tensor detach(const at::Tensor & self);
at::Tensor & detach_(at::Tensor & self);
at::Tensor sign(const at::Tensor & self);
at::Tensor & sign_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & sign_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor erf(const at::Tensor & self);
at::Tensor & erf_(at::Tensor & self);
at::Tensor & erf_out(at::Tensor & out, const at::Tensor & self);
at::Tensor & erf_outf(const at::Tensor & self, at::Tensor & out);
at::Tensor masked_fill(const at::Tensor & self, const at::Tensor & mask, const at::Scalar & value);
at::Tensor masked_fill(const at::Tensor & self, const at::Tensor & mask, const at::Tensor & value);
at::Tensor & masked_fill_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mask, const at::Scalar & value);
at::Tensor & masked_fill_outf(const at::Tensor & self, const at::Tensor & mask, const at::Scalar & value, at::Tensor & out);
at::Tensor & masked_fill_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & mask, const at::Tensor & value);
at::Tensor & masked_fill_outf(const at::Tensor & self, const at::Tensor & mask, const at::Tensor & value, at::Tensor & out);
at::Tensor & index_add_out(at::Tensor & out, const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha=1);
at::Tensor & index_add_outf(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha, at::Tensor & out);
at::Tensor index_add(const at::Tensor & self, int64_t dim, const at::Tensor & index, const at::Tensor & source, const at::Scalar & alpha=1);
bool allclose(const at::Tensor & self, const at::Tensor & other, double rtol=1e-05, double atol=1e-08, bool equal_nan=false);
at::Tensor isclose(const at::Tensor & self, const at::Tensor & other, double rtol=1e-05, double atol=1e-08, bool equal_nan=false);
::std::vector<at::Tensor> broadcast_tensors(at::TensorList tensors);
::std::vector<at::Tensor> meshgrid(at::TensorList tensors);
::std::vector<at::Tensor> meshgrid(at::TensorList tensors, c10::string_view indexing);
at::Tensor einsum(c10::string_view equation, at::TensorList tensors, at::OptionalIntArrayRef path=::std::nullopt);
at::Tensor searchsorted(const at::Tensor & sorted_sequence, const at::Tensor & self, bool out_int32=false, bool right=false, ::std::optional<c10::string_view> side=::std::nullopt, const ::std::optional<at::Tensor> & sorter={});
at::Tensor & searchsorted_out(at::Tensor & out, const at::Tensor & sorted_sequence, const at::Tensor & self, bool out_int32=false, bool right=false, ::std::optional<c10::string_view> side=::std::nullopt, const ::std::optional<at::Tensor> & sorter={});
at::Tensor & searchsorted_outf(const at::Tensor & sorted_sequence, const at::Tensor & self, bool out_int32, bool right, ::std::optional<c10::string_view> side, const ::std::optional<at::Tensor> & sorter, at::Tensor & out);
at::Tensor searchsorted(const at::Tensor & sorted_sequence, const at::Scalar & self, bool out_int32=false, bool right=false, ::std::optional<c10::string_view> side=::std::nullopt, const ::std::optional<at::Tensor> & sorter={});
at::Tensor & searchsorted_out(at::Tensor & out, const at::Tensor & sorted_sequence, const at::Scalar & self, bool out_int32=false, bool right=false, ::std::optional<c10::string_view> side=::std::nullopt, const ::std::optional<at::Tensor> & sorter={});
at::Tensor & searchsorted_outf(const at::Tensor & sorted_sequence, const at::Scalar & self, bool out_int32, bool right, ::std::optional<c10::string_view> side, const ::std::optional<at::Tensor> & sorter, at::Tensor & out);
at::Tensor bucketize(const at::Tensor & self, const at::Tensor & boundaries, bool out_int32=false, bool right=false);
at::Tensor & bucketize_out(at::Tensor & out, const at::Tensor & self, const at::Tensor & boundaries, bool out_int32=false, bool right=false);
at::Tensor & bucketize_outf(const at::Tensor & self, const at::Tensor & boundaries, bool out_int32, bool right, at::Tensor & out);
at::Tensor bucketize(const at::Scalar & self, const at::Tensor & boundaries, bool out_int32=false, bool right=false);
at::Tensor & bucketize_out(at::Tensor & out, const at::Scalar & self, const at::Tensor & boundaries, bool out_int32=false, bool right=false);
at::Tensor & bucketize_outf(const at::Scalar & self, const at::Tensor & boundaries, bool out_int32, bool right, at::Tensor & out);
at::Tensor & histc_out(at::Tensor & out, const at::Tensor & self, int64_t bins=100, const at::Scalar & min=0, const at::Scalar & max=0);
at::Tensor & histc_outf(const at::Tensor & self, int64_t bins, const at::Scalar & min, const at::Scalar & max, at::Tensor & out);
at::Tensor histc(const at::Tensor & self, int64_t bins=100, const at::Scalar & min=0, const at::Scalar & max=0);
at::Tensor bincount(const at::Tensor & self, const ::std::optional<at::Tensor> & weights={}, int64_t minlength=0);
at::Tensor & bincount_out(at::Tensor & out, const at::Tensor & self, const ::std::optional<at::Tensor> & weights={}, int64_t minlength=0);
at::Tensor & bincount_outf(const at::Tensor & self, const ::std::optional<at::Tensor> & weights, int64_t minlength, at::Tensor & out);
at::Tensor linear(const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias={});
at::Tensor & linear_out(at::Tensor & out, const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias={});
at::Tensor & linear_outf(const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias, at::Tensor & out);
at::Tensor dropout(const at::Tensor & input, double p, bool train);
at::Tensor & dropout_(at::Tensor & self, double p, bool train);
at::Tensor conv2d(const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias={}, at::IntArrayRef stride=1, at::IntArrayRef padding=0, at::IntArrayRef dilation=1, int64_t groups=1);
at::Tensor conv2d(const at::Tensor & input, const at::Tensor & weight, const ::std::optional<at::Tensor> & bias, at::IntArrayRef stride, c10::string_view padding, at::IntArrayRef dilation=1, int64_t groups=1);
at::Tensor _cast_Float(const at::Tensor & self, bool non_blocking=false);
// ---- end of generated operator functions ----

// aten::_assert_async.msg(Tensor self, str assert_msg) -> ()
void _assert_async(const at::Tensor& self, c10::string_view assert_msg);

// ---- ATen/ops/from_blob.h ----

namespace detail {

TORCH_API inline void noopDelete(void*) {}

} // namespace detail

/// Provides a fluent API to construct tensors from external data.
///
/// The fluent API can be used instead of `from_blob` functions in case the
/// required set of parameters does not align with the existing overloads.
///
///     at::Tensor tensor = at::for_blob(data, sizes)
///             .strides(strides)
///             .context(context, [](void *ctx) { delete static_cast<Ctx*>(ctx);
///             }) .options(...) .make_tensor();
///
class TORCH_API TensorMaker {
  friend TensorMaker for_blob(void* data, IntArrayRef sizes) noexcept;

 public:
  using ContextDeleter = void (*)(void*);

  TensorMaker& strides(OptionalIntArrayRef value) noexcept;
  TensorMaker& storage_offset(std::optional<int64_t> value) noexcept;
  TensorMaker& deleter(std::function<void(void*)> value) noexcept;
  TensorMaker& context(void* value, ContextDeleter deleter = nullptr) noexcept;
  TensorMaker& target_device(std::optional<Device> value) noexcept;
  TensorMaker& options(TensorOptions value) noexcept;
  TensorMaker& resizeable_storage() noexcept;
  TensorMaker& allocator(c10::Allocator* allocator) noexcept;

  Tensor make_tensor();

 private:
  explicit TensorMaker(void* data, IntArrayRef sizes) noexcept;
};

TensorMaker for_blob(void* data, IntArrayRef sizes) noexcept;

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    const std::function<void(void*)>& deleter,
    const TensorOptions& options = {},
    const std::optional<Device> target_device = std::nullopt);

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    int64_t storage_offset,
    const std::function<void(void*)>& deleter,
    const TensorOptions& options = {},
    const std::optional<Device> target_device = std::nullopt);

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    std::function<void(void*)> deleter,
    const TensorOptions& options = {},
    const std::optional<Device> target_device = std::nullopt);

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    IntArrayRef strides,
    const TensorOptions& options = {});

Tensor from_blob(
    void* data,
    IntArrayRef sizes,
    const TensorOptions& options = {});

// ---- ATen/ops/tensor.h ----

// These functions are defined in ATen/Utils.cpp.
#define TENSOR(T, S)                                                    \
  TORCH_API Tensor tensor(ArrayRef<T> values, const TensorOptions& options); \
  Tensor tensor(std::initializer_list<T> values, const TensorOptions& options); \
  Tensor tensor(T value, const TensorOptions& options);                 \
  Tensor tensor(ArrayRef<T> values);                                    \
  Tensor tensor(std::initializer_list<T> values);                       \
  Tensor tensor(T value);
AT_FORALL_SCALAR_TYPES_AND3(Bool, Half, BFloat16, TENSOR)
AT_FORALL_COMPLEX_TYPES(TENSOR)
#undef TENSOR

// ---- hand-written part of the real ATen/Functions.h ----

// Special C++ only overloads for std()-like functions (See gh-40287)
// These are needed because int -> bool conversion takes precedence over int
// -> IntArrayRef So, for example std(0) would select the std(unbiased=False)
// overload
TORCH_API Tensor var(const Tensor& self, int dim);
TORCH_API std::tuple<Tensor, Tensor> var_mean(const Tensor& self, int dim);
TORCH_API Tensor std(const Tensor& self, int dim);
TORCH_API std::tuple<Tensor, Tensor> std_mean(const Tensor& self, int dim);

int64_t numel(const Tensor& tensor);

int64_t size(const Tensor& tensor, int64_t dim);

int64_t stride(const Tensor& tensor, int64_t dim);

bool is_complex(const Tensor& tensor);

bool is_floating_point(const Tensor& tensor);

bool is_signed(const Tensor& tensor);

bool is_inference(const Tensor& tensor);

bool _is_zerotensor(const Tensor& tensor);

bool is_conj(const Tensor& tensor);

Tensor conj(const Tensor& tensor);

bool is_neg(const Tensor& tensor);

} // namespace at
