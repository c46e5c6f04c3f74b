#pragma once
// MOCK of <torch/csrc/stable/tensor_struct.h> (PyTorch 2.9+) for fast
// torchlint unit tests. Declarations only. torch::stable::Tensor has exactly
// the methods of the real class (PyTorch 2.15); it is modelled on TensorBase
// and has no tensor operations (those are free functions in
// <torch/csrc/stable/ops.h>), no item(), accessor(), contiguous() or sym_*.
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
#include <torch/csrc/stable/device_struct.h>
#include <torch/csrc/stable/macros.h>
#include <torch/headeronly/core/Layout.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/macros/Macros.h>
#include <torch/headeronly/util/Exception.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>
#include <memory>

HIDDEN_NAMESPACE_BEGIN(torch, stable)

using accelerator::DeviceIndex;
using torch::headeronly::IntHeaderOnlyArrayRef;
using torch::headeronly::Layout;
using torch::headeronly::ScalarType;

/// An ABI stable wrapper around PyTorch tensors.
class Tensor {
 private:
  std::shared_ptr<AtenTensorOpaque> ath_;

 public:
  Tensor();
  explicit Tensor(AtenTensorHandle ath);
  Tensor(const Tensor& other) = default;
  Tensor(Tensor&& other) noexcept = default;
  Tensor& operator=(const Tensor& other) = default;
  Tensor& operator=(Tensor&& other) noexcept = default;
  ~Tensor() = default;

  AtenTensorHandle get() const;

  void* data_ptr() const;
  void* mutable_data_ptr() const;
  const void* const_data_ptr() const;
  template <typename T>
  T* mutable_data_ptr() const;
  template <typename T, std::enable_if_t<!std::is_const_v<T>, int> = 0>
  const T* const_data_ptr() const;

  const Tensor& set_requires_grad(bool requires_grad) const;
  int64_t dim() const;
  int64_t numel() const;
  IntHeaderOnlyArrayRef sizes() const;
  IntHeaderOnlyArrayRef strides() const;
  bool is_contiguous() const;
  int64_t stride(int64_t dim) const;
  int8_t get_device() const;
  DeviceIndex get_device_index() const;
  bool is_cuda() const;
  bool is_cpu() const;
  int64_t size(int64_t dim) const;
  bool defined() const;
  bool has_storage() const;
  int64_t storage_offset() const;
  size_t element_size() const;
  ScalarType scalar_type() const;
  Device device() const;
  Layout layout() const;
};

HIDDEN_NAMESPACE_END(torch, stable)
