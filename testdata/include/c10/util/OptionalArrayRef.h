#pragma once
// MOCK of <c10/util/OptionalArrayRef.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>

namespace c10 {

template <typename T>
class OptionalArrayRef final {
 public:
  // Constructors

  constexpr OptionalArrayRef() noexcept {}

  constexpr OptionalArrayRef(nullopt_t) noexcept {}

  OptionalArrayRef(const OptionalArrayRef& other) = default;

  OptionalArrayRef(OptionalArrayRef&& other) noexcept = default;

  constexpr OptionalArrayRef(const optional<ArrayRef<T>>& other) noexcept
      : wrapped_opt_array_ref(other) {}

  constexpr OptionalArrayRef(optional<ArrayRef<T>>&& other) noexcept
      : wrapped_opt_array_ref(other) {}

  constexpr OptionalArrayRef(const T& value) noexcept
      : wrapped_opt_array_ref(value) {}

  template <
      typename U = ArrayRef<T>,
      std::enable_if_t<
          !std::is_same<std::decay_t<U>, OptionalArrayRef>::value &&
              !std::is_same<std::decay_t<U>, in_place_t>::value &&
              std::is_constructible<ArrayRef<T>, U&&>::value &&
              std::is_convertible<U&&, ArrayRef<T>>::value &&
              !std::is_convertible<U&&, T>::value,
          bool> = false>
  constexpr OptionalArrayRef(U&& value) noexcept(
      std::is_nothrow_constructible<ArrayRef<T>, U&&>::value)
      : wrapped_opt_array_ref(std::forward<U>(value)) {}

  template <
      typename U = ArrayRef<T>,
      std::enable_if_t<
          !std::is_same<std::decay_t<U>, OptionalArrayRef>::value &&
              !std::is_same<std::decay_t<U>, in_place_t>::value &&
              std::is_constructible<ArrayRef<T>, U&&>::value &&
              !std::is_convertible<U&&, ArrayRef<T>>::value,
          bool> = false>
  constexpr explicit OptionalArrayRef(U&& value) noexcept(
      std::is_nothrow_constructible<ArrayRef<T>, U&&>::value)
      : wrapped_opt_array_ref(std::forward<U>(value)) {}

  constexpr OptionalArrayRef(const std::initializer_list<T>& Vec)
      : wrapped_opt_array_ref(ArrayRef<T>(Vec)) {}

  // Destructor

  ~OptionalArrayRef() = default;

  // Assignment

  OptionalArrayRef& operator=(nullopt_t) noexcept;
  OptionalArrayRef& operator=(const OptionalArrayRef& other) = default;
  OptionalArrayRef& operator=(OptionalArrayRef&& other) noexcept = default;
  OptionalArrayRef& operator=(
      const optional<ArrayRef<T>>& other) noexcept;
  OptionalArrayRef& operator=(
      optional<ArrayRef<T>>&& other) noexcept;

  // Observers

  ArrayRef<T>* operator->() noexcept;
  const ArrayRef<T>* operator->() const noexcept;
  ArrayRef<T>& operator*() & noexcept;
  const ArrayRef<T>& operator*() const& noexcept;
  ArrayRef<T>&& operator*() && noexcept;
  const ArrayRef<T>&& operator*() const&& noexcept;

  constexpr explicit operator bool() const noexcept {
    return wrapped_opt_array_ref.has_value();
  }
  constexpr bool has_value() const noexcept {
    return wrapped_opt_array_ref.has_value();
  }

  ArrayRef<T>& value() &;
  const ArrayRef<T>& value() const&;
  ArrayRef<T>&& value() &&;
  const ArrayRef<T>&& value() const&&;

  template <typename U>
  std::
      enable_if_t<std::is_convertible<U&&, ArrayRef<T>>::value, ArrayRef<T>>
      value_or(U&& default_value) const&;

  // Modifiers

  void swap(OptionalArrayRef& other) noexcept;
  void reset() noexcept;

 private:
  optional<ArrayRef<T>> wrapped_opt_array_ref;
};

using OptionalIntArrayRef = OptionalArrayRef<int64_t>;

} // namespace c10
