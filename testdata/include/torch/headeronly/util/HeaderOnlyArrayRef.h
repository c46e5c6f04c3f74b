#pragma once
// MOCK of <torch/headeronly/util/HeaderOnlyArrayRef.h> (PyTorch 2.9+) for fast
// torchlint unit tests. Declarations only; like the real header, the class is
// c10::HeaderOnlyArrayRef, re-exported into torch::headeronly.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace c10 {

template <typename T>
class HeaderOnlyArrayRef {
 public:
  using iterator = const T*;
  using const_iterator = const T*;
  using size_type = size_t;
  using value_type = T;

  constexpr HeaderOnlyArrayRef() : Data(nullptr), Length(0) {}
  constexpr HeaderOnlyArrayRef(const T& OneElt) : Data(&OneElt), Length(1) {}
  constexpr HeaderOnlyArrayRef(const T* data, size_t length)
      : Data(data), Length(length) {}
  template <typename A>
  HeaderOnlyArrayRef(const std::vector<T, A>& Vec)
      : Data(Vec.data()), Length(Vec.size()) {}
  constexpr HeaderOnlyArrayRef(const std::initializer_list<T>& Vec)
      : Data(Vec.begin() == Vec.end() ? static_cast<T*>(nullptr) : Vec.begin()),
        Length(Vec.size()) {}

  constexpr iterator begin() const { return Data; }
  constexpr iterator end() const { return Data + Length; }
  constexpr const T* data() const { return Data; }
  constexpr size_t size() const { return Length; }
  constexpr bool empty() const { return Length == 0; }
  constexpr const T& front() const { return Data[0]; }
  constexpr const T& back() const { return Data[Length - 1]; }
  constexpr const T& operator[](size_t Index) const { return Data[Index]; }
  std::vector<T> vec() const { return std::vector<T>(Data, Data + Length); }

 private:
  const T* Data;
  size_type Length;
};

} // namespace c10

namespace torch::headeronly {
using c10::HeaderOnlyArrayRef;
using IntHeaderOnlyArrayRef = HeaderOnlyArrayRef<int64_t>;
} // namespace torch::headeronly
