#pragma once
// MOCK of <torch/csrc/stable/ops.h> (PyTorch 2.9+, as in 2.15) for fast
// torchlint unit tests. Declarations only, with the real signatures (the
// TORCH_FEATURE_VERSION >= 2.10 variants); parallel_for gets a trivial body
// because it is instantiated with lambdas. Not mocked: the from_blob overload
// taking a deleter.
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <torch/csrc/stable/device_struct.h>
#include <torch/csrc/stable/tensor_struct.h>
#include <torch/headeronly/core/Layout.h>
#include <torch/headeronly/core/MemoryFormat.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/macros/Macros.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

HIDDEN_NAMESPACE_BEGIN(torch, stable)

torch::stable::Tensor empty_like(const torch::stable::Tensor& self);
torch::stable::Tensor fill_(const torch::stable::Tensor& self, double value);
torch::stable::Tensor narrow(
    torch::stable::Tensor& self,
    int64_t dim,
    int64_t start,
    int64_t length);
torch::stable::Tensor pad(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef pad,
    const std::string& mode = "constant",
    double value = 0.0);
torch::stable::Tensor amax(
    const torch::stable::Tensor& self,
    int64_t dim,
    bool keepdim = false);
torch::stable::Tensor amax(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef dims,
    bool keepdim = false);
torch::stable::Tensor transpose(
    const torch::stable::Tensor& self,
    int64_t dim0,
    int64_t dim1);
torch::stable::Tensor zero_(torch::stable::Tensor& self);
torch::stable::Tensor copy_(
    torch::stable::Tensor& self,
    const torch::stable::Tensor& src,
    std::optional<bool> non_blocking = std::nullopt);
torch::stable::Tensor clone(const torch::stable::Tensor& self);
torch::stable::Tensor flatten(
    const torch::stable::Tensor& self,
    int64_t start_dim = 0,
    int64_t end_dim = -1);
torch::stable::Tensor unsqueeze(const torch::stable::Tensor& self, int64_t dim);
torch::stable::Tensor squeeze(const torch::stable::Tensor& self, int64_t dim);
torch::stable::Tensor select(
    const torch::stable::Tensor& self,
    int64_t dim,
    int64_t index);
torch::stable::Tensor matmul(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);

template <class F>
inline void parallel_for(
    const int64_t begin,
    const int64_t end,
    const int64_t grain_size,
    const F& f) {}
uint32_t get_num_threads();

torch::stable::Tensor empty(
    torch::headeronly::IntHeaderOnlyArrayRef size,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt,
    std::optional<torch::headeronly::Layout> layout = std::nullopt,
    std::optional<torch::stable::Device> device = std::nullopt,
    std::optional<bool> pin_memory = std::nullopt,
    std::optional<torch::headeronly::MemoryFormat> memory_format =
        std::nullopt);
torch::stable::Tensor reshape(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef shape);
torch::stable::Tensor view(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef size);
torch::stable::Tensor view(
    const torch::stable::Tensor& self,
    torch::headeronly::ScalarType dtype);
torch::stable::Tensor from_blob(
    void* data,
    torch::headeronly::IntHeaderOnlyArrayRef sizes,
    torch::headeronly::IntHeaderOnlyArrayRef strides,
    torch::stable::Device device,
    torch::headeronly::ScalarType dtype,
    int64_t storage_offset = 0,
    torch::headeronly::Layout layout = torch::headeronly::Layout::Strided);
torch::stable::Tensor to(
    const torch::stable::Tensor& self,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt,
    std::optional<torch::headeronly::Layout> layout = std::nullopt,
    std::optional<torch::stable::Device> device = std::nullopt,
    std::optional<bool> pin_memory = std::nullopt,
    bool non_blocking = false,
    bool copy = false,
    std::optional<torch::headeronly::MemoryFormat> memory_format =
        std::nullopt);
torch::stable::Tensor to(
    const torch::stable::Tensor& self,
    torch::stable::Device device,
    bool non_blocking = false,
    bool copy = false);
torch::stable::Tensor contiguous(
    const torch::stable::Tensor& self,
    torch::headeronly::MemoryFormat memory_format =
        torch::headeronly::MemoryFormat::Contiguous);
torch::stable::Tensor new_empty(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef size,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt,
    std::optional<torch::headeronly::Layout> layout = std::nullopt,
    std::optional<torch::stable::Device> device = std::nullopt,
    std::optional<bool> pin_memory = std::nullopt);
torch::stable::Tensor new_zeros(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef size,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt,
    std::optional<torch::headeronly::Layout> layout = std::nullopt,
    std::optional<torch::stable::Device> device = std::nullopt,
    std::optional<bool> pin_memory = std::nullopt);
torch::stable::Tensor sum(
    const torch::stable::Tensor& self,
    std::optional<torch::headeronly::IntHeaderOnlyArrayRef> dim = std::nullopt,
    bool keepdim = false,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt);
torch::stable::Tensor& sum_out(
    torch::stable::Tensor& out,
    const torch::stable::Tensor& self,
    std::optional<torch::headeronly::IntHeaderOnlyArrayRef> dim = std::nullopt,
    bool keepdim = false,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt);
torch::stable::Tensor subtract(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other,
    double alpha = 1.0);
torch::stable::Tensor full(
    torch::headeronly::IntHeaderOnlyArrayRef size,
    double fill_value,
    std::optional<torch::headeronly::ScalarType> dtype = std::nullopt,
    std::optional<torch::headeronly::Layout> layout = std::nullopt,
    std::optional<torch::stable::Device> device = std::nullopt,
    std::optional<bool> pin_memory = std::nullopt);
torch::stable::Tensor bitwise_and(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);
torch::stable::Tensor bitwise_or(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);
torch::stable::Tensor bitwise_left_shift(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);
torch::stable::Tensor bitwise_right_shift(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);
torch::stable::Tensor permute(
    const torch::stable::Tensor& self,
    torch::headeronly::IntHeaderOnlyArrayRef dims);
torch::stable::Tensor index_select(
    const torch::stable::Tensor& self,
    int64_t dim,
    const torch::stable::Tensor& index);
torch::stable::Tensor floor_divide(
    const torch::stable::Tensor& self,
    const torch::stable::Tensor& other);
bool is_pinned(const torch::stable::Tensor& self);
std::tuple<torch::stable::Tensor, torch::stable::Tensor> sort(
    const torch::stable::Tensor& self,
    int64_t dim = -1,
    bool descending = false);
std::tuple<torch::stable::Tensor, torch::stable::Tensor> sort(
    const torch::stable::Tensor& self,
    std::optional<bool> stable,
    int64_t dim = -1,
    bool descending = false);

HIDDEN_NAMESPACE_END(torch, stable)
