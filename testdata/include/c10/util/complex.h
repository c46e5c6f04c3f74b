#pragma once
// MOCK of <c10/util/complex.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header (std::complex interop is
// left out to avoid pulling in <complex>).
#include <c10/macros/Macros.h>

namespace c10 {

template <typename T>
struct alignas(sizeof(T) * 2) complex {
  using value_type = T;

  T real_ = T(0);
  T imag_ = T(0);

  constexpr complex() = default;
  C10_HOST_DEVICE constexpr complex(const T& re, const T& im = T())
      : real_(re), imag_(im) {}
  template <typename U>
  C10_HOST_DEVICE explicit constexpr complex(const c10::complex<U>& other)
      : real_(other.real()), imag_(other.imag()) {}

  complex<T>& operator=(T re);
  complex<T>& operator+=(T re);
  complex<T>& operator-=(T re);
  complex<T>& operator*=(T re);
  complex<T>& operator/=(T re);
  template <typename U>
  complex<T>& operator+=(const complex<U>& rhs);
  template <typename U>
  complex<T>& operator-=(const complex<U>& rhs);
  template <typename U>
  complex<T>& operator*=(const complex<U>& rhs);
  template <typename U>
  complex<T>& operator/=(const complex<U>& rhs);

  C10_HOST_DEVICE constexpr T real() const { return real_; }
  constexpr void real(T value) { real_ = value; }
  C10_HOST_DEVICE constexpr T imag() const { return imag_; }
  constexpr void imag(T value) { imag_ = value; }
};

template <typename T>
struct is_complex : public std::false_type {};

template <typename T>
struct is_complex<c10::complex<T>> : public std::true_type {};

template <typename T>
struct scalar_value_type {
  using type = T;
};
template <typename T>
struct scalar_value_type<c10::complex<T>> {
  using type = T;
};

template <typename T>
c10::complex<T> operator+(const c10::complex<T>& val);
template <typename T>
c10::complex<T> operator-(const c10::complex<T>& val);
template <typename T>
c10::complex<T> operator+(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
c10::complex<T> operator-(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
c10::complex<T> operator*(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
c10::complex<T> operator/(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
bool operator==(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
bool operator!=(const c10::complex<T>& lhs, const c10::complex<T>& rhs);
template <typename T>
std::ostream& operator<<(std::ostream& os, const complex<T>& x);

} // namespace c10
