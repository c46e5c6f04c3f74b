#pragma once
// MOCK of <c10/util/Half.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/macros/Macros.h>

namespace c10 {

struct alignas(2) Half {
  unsigned short x;

  struct from_bits_t {};
  C10_HOST_DEVICE static constexpr from_bits_t from_bits() {
    return from_bits_t();
  }

  Half() = default;
  constexpr C10_HOST_DEVICE Half(unsigned short bits, from_bits_t) : x(bits) {}
  /* implicit */ Half(float value);
  operator float() const;
};

// Compound assignment (the real header also defines binary arithmetic that
// mixes Half with float/double/int; plain arithmetic here goes through the
// implicit conversion to float).
Half& operator+=(Half& a, const Half& b);
Half& operator-=(Half& a, const Half& b);
Half& operator*=(Half& a, const Half& b);
Half& operator/=(Half& a, const Half& b);

std::ostream& operator<<(std::ostream& out, const Half& value);

} // namespace c10
