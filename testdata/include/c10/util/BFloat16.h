#pragma once
// MOCK of <c10/util/BFloat16.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/macros/Macros.h>

namespace c10 {

struct alignas(2) BFloat16 {
  uint16_t x;

  struct from_bits_t {};
  static constexpr C10_HOST_DEVICE from_bits_t from_bits() {
    return from_bits_t();
  }

  BFloat16() = default;
  constexpr C10_HOST_DEVICE BFloat16(unsigned short bits, from_bits_t)
      : x(bits) {}
  /* implicit */ BFloat16(float value);
  operator float() const;
};

BFloat16& operator+=(BFloat16& a, const BFloat16& b);
BFloat16& operator-=(BFloat16& a, const BFloat16& b);
BFloat16& operator*=(BFloat16& a, const BFloat16& b);
BFloat16& operator/=(BFloat16& a, const BFloat16& b);

std::ostream& operator<<(std::ostream& out, const BFloat16& value);

} // namespace c10
