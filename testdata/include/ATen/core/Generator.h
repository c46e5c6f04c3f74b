#pragma once
// MOCK of <ATen/core/Generator.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/core/Device.h>
#include <c10/macros/Macros.h>

namespace at {

class Tensor;

struct TORCH_API Generator {
  Generator();

  Generator(const Generator&);
  Generator(Generator&&) noexcept;
  Generator& operator=(const Generator&);
  Generator& operator=(Generator&&) noexcept;

  bool defined() const;

  bool operator==(const Generator& rhs) const;
  bool operator!=(const Generator& rhs) const;

  void set_current_seed(uint64_t seed);
  // Sets the offset of Generator state to the desired offset. This is
  // currently supported for only Philox based Generators, i.e., CUDA and MPS.
  void set_offset(uint64_t offset);
  // Returns the offset of Generator state. This is currently supported for
  // only Philox based Generators, i.e., CUDA and MPS.
  uint64_t get_offset() const;
  uint64_t current_seed() const;
  uint64_t seed();
  void set_state(const at::Tensor& new_state);
  at::Tensor get_state() const;

  Device device() const;
};

/**
 * Utility function to static cast input Generator* to
 * the backend generator type (CPU/CUDAGeneratorImpl etc.)
 */
template <typename T>
T* check_generator(std::optional<Generator> gen);

} // namespace at
