#pragma once
// MOCK of <c10/util/ArrayRef.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header, not a functional copy.
#include <c10/macros/Macros.h>
#include <c10/util/Optional.h>

namespace c10 {

/// ArrayRef - Represent a constant reference to an array (0 or more elements
/// consecutively in memory), i.e. a start pointer and a length.
template <typename T>
class ArrayRef final {
 public:
  using iterator = const T*;
  using const_iterator = const T*;
  using size_type = size_t;
  using value_type = T;
  using reverse_iterator = std::reverse_iterator<iterator>;

 private:
  const T* Data;
  size_type Length;

 public:
  /// Construct an empty ArrayRef.
  /* implicit */ constexpr ArrayRef() : Data(nullptr), Length(0) {}

  /// Construct an ArrayRef from a single element.
  // TODO Make this explicit
  constexpr ArrayRef(const T& OneElt) : Data(&OneElt), Length(1) {}

  /// Construct an ArrayRef from a pointer and length.
  constexpr ArrayRef(const T* data, size_t length)
      : Data(data), Length(length) {}

  /// Construct an ArrayRef from a range.
  constexpr ArrayRef(const T* begin, const T* end)
      : Data(begin), Length(end - begin) {}

  /// Construct an ArrayRef from a generic Container (e.g. SmallVector).
  template <
      typename Container,
      typename = std::enable_if_t<std::is_same<
          std::remove_const_t<decltype(std::declval<Container>().data())>,
          T*>::value>>
  /* implicit */ ArrayRef(const Container& container)
      : Data(container.data()), Length(container.size()) {}

  /// Construct an ArrayRef from a std::vector.
  template <typename A>
  /* implicit */ ArrayRef(const std::vector<T, A>& Vec)
      : Data(Vec.data()), Length(Vec.size()) {
    static_assert(
        !std::is_same<T, bool>::value,
        "ArrayRef<bool> cannot be constructed from a std::vector<bool> bitfield.");
  }

  /// Construct an ArrayRef from a std::array
  template <size_t N>
  /* implicit */ constexpr ArrayRef(const std::array<T, N>& Arr)
      : Data(Arr.data()), Length(N) {}

  /// Construct an ArrayRef from a C array.
  template <size_t N>
  /* implicit */ constexpr ArrayRef(const T (&Arr)[N]) : Data(Arr), Length(N) {}

  /// Construct an ArrayRef from a std::initializer_list.
  /* implicit */ constexpr ArrayRef(const std::initializer_list<T>& Vec)
      : Data(
            std::begin(Vec) == std::end(Vec) ? static_cast<T*>(nullptr)
                                             : std::begin(Vec)),
        Length(Vec.size()) {}

  constexpr iterator begin() const { return Data; }
  constexpr iterator end() const { return Data + Length; }
  constexpr const_iterator cbegin() const { return Data; }
  constexpr const_iterator cend() const { return Data + Length; }
  constexpr reverse_iterator rbegin() const { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const { return reverse_iterator(begin()); }

  /// empty - Check if the array is empty.
  constexpr bool empty() const { return Length == 0; }
  constexpr const T* data() const { return Data; }
  /// size - Get the array size.
  constexpr size_t size() const { return Length; }

  /// front - Get the first element.
  const T& front() const;
  /// back - Get the last element.
  const T& back() const;

  /// equals - Check for element-wise equality.
  bool equals(ArrayRef RHS) const;

  /// slice(n, m) - Take M elements of the array starting at element N
  ArrayRef<T> slice(size_t N, size_t M) const;
  /// slice(n) - Chop off the first N elements of the array.
  ArrayRef<T> slice(size_t N) const;

  constexpr const T& operator[](size_t Index) const { return Data[Index]; }
  /// Vector compatibility
  const T& at(size_t Index) const;

  /// Disallow accidental assignment from a temporary.
  template <typename U>
  typename std::enable_if<std::is_same<U, T>::value, ArrayRef<T>>::type&
  operator=(U&& Temporary) = delete;

  /// Disallow accidental assignment from a temporary.
  template <typename U>
  typename std::enable_if<std::is_same<U, T>::value, ArrayRef<T>>::type&
  operator=(std::initializer_list<U>) = delete;

  std::vector<T> vec() const { return std::vector<T>(Data, Data + Length); }
};

template <typename T>
std::ostream& operator<<(std::ostream& out, ArrayRef<T> list);

/// Construct an ArrayRef from a single element.
template <typename T>
ArrayRef<T> makeArrayRef(const T& OneElt);
/// Construct an ArrayRef from a pointer and length.
template <typename T>
ArrayRef<T> makeArrayRef(const T* data, size_t length);
/// Construct an ArrayRef from a std::vector.
template <typename T>
ArrayRef<T> makeArrayRef(const std::vector<T>& Vec);

template <typename T>
bool operator==(c10::ArrayRef<T> a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator!=(c10::ArrayRef<T> a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator==(const std::vector<T>& a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator!=(const std::vector<T>& a1, c10::ArrayRef<T> a2);
template <typename T>
bool operator==(c10::ArrayRef<T> a1, const std::vector<T>& a2);
template <typename T>
bool operator!=(c10::ArrayRef<T> a1, const std::vector<T>& a2);

using IntArrayRef = ArrayRef<int64_t>;

// This alias is deprecated because it doesn't make ownership
// semantics obvious.  Use IntArrayRef instead!
using IntList [[deprecated]] = ArrayRef<int64_t>;

} // namespace c10
