#pragma once
// MOCK of <ATen/core/IListRef.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header (boxed c10::List and
// materialized variants left out).
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>

namespace c10 {

template <typename T>
class IListRef;

template <typename T>
class IListRefIterator {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = T;
  using pointer = const T*;
  using reference = const T&;
  using difference_type = std::ptrdiff_t;

  IListRefIterator() = default;
  IListRefIterator& operator++();
  IListRefIterator operator++(int);
  IListRefIterator& operator--();
  IListRefIterator operator--(int);
  const T& operator*() const;
  const T* operator->() const;
  bool operator==(const IListRefIterator& rhs) const;
  bool operator!=(const IListRefIterator& rhs) const;
};

namespace detail {
template <typename T>
using MaterializedIListRef = std::vector<std::reference_wrapper<const T>>;
} // namespace detail

/*
 * See [Note: IListRef]
 */
template <typename T>
class IListRef {
 public:
  using unboxed_type = ArrayRef<T>;
  using materialized_type = typename detail::MaterializedIListRef<T>;

  using iterator = IListRefIterator<T>;
  using const_iterator = IListRefIterator<T>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using value_type = typename iterator::value_type;

  IListRef();

  IListRef(const unboxed_type& unboxed);

  IListRef(const std::initializer_list<T>& list);

  template <
      typename... UnboxedConstructorArgs,
      typename = std::enable_if_t<
          std::is_constructible_v<unboxed_type, UnboxedConstructorArgs...>>>
  IListRef(UnboxedConstructorArgs&&... args);

  IListRef(const materialized_type& materialized);

  size_t size() const;
  bool empty() const;
  iterator begin() const;
  iterator end() const;
  const T& front() const;

  /*
   * Materializes the `IListRef` into a `std::vector`.
   */
  detail::MaterializedIListRef<T> materialize() const;

  bool isUnboxed() const;
  bool isBoxed() const;
  bool isMaterialized() const;
  bool isNone() const;

  const unboxed_type& toUnboxed() const;
  const materialized_type& toMaterialized() const;
};

} // namespace c10

namespace at {
// [Note: ITensorListRef]
class Tensor;
using ITensorListRef = c10::IListRef<at::Tensor>;
using ITensorListRefIterator = c10::IListRefIterator<at::Tensor>;
} // namespace at
