#pragma once
// MOCK of <c10/util/typeid.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>
#include <c10/util/string_view.h>

namespace caffe2 {

/**
 * TypeMeta is a thin class that allows us to store the type of a container
 * such as a blob, or the data type of a tensor, with a unique run-time id.
 */
class C10_API TypeMeta final {
 public:
  using New = void*();
  using PlacementNew = void(void*, size_t);
  using Copy = void(const void*, void*, size_t);
  using PlacementDelete = void(void*, size_t);
  using Delete = void(void*);

  /** Create a dummy TypeMeta object. To create a TypeMeta object for a
   * specific type, use TypeMeta::Make<T>().
   */
  TypeMeta() noexcept;

  /**
   * Copy constructor.
   */
  TypeMeta(const TypeMeta& src) noexcept = default;

  /**
   * Assignment operators.
   */
  TypeMeta& operator=(const TypeMeta& src) noexcept = default;

  TypeMeta(TypeMeta&& rhs) noexcept = default;

  TypeMeta& operator=(c10::ScalarType scalar_type) noexcept;

  /**
   * Returns true if this TypeMeta object corresponds to a ScalarType.
   */
  bool isScalarType() const noexcept;
  bool isScalarType(c10::ScalarType scalar_type) const noexcept;

  /**
   * Returns the size of the item.
   */
  size_t itemsize() const noexcept;
  New* newFn() const noexcept;
  PlacementNew* placementNew() const noexcept;
  Copy* copy() const noexcept;
  PlacementDelete* placementDelete() const noexcept;
  Delete* deleteFn() const noexcept;
  /**
   * Returns a printable name for the type.
   */
  c10::string_view name() const noexcept;

  friend bool operator==(const TypeMeta& lhs, const TypeMeta& rhs) noexcept;

  template <typename T>
  bool Match() const noexcept;

  // Below are static functions that can be called by passing a specific type.

  template <class T>
  static c10::string_view TypeName() noexcept;

  /**
   * Returns a TypeMeta object that corresponds to the typename T.
   */
  template <typename T>
  static TypeMeta Make();

  /**
   * convert ScalarType enum values to TypeMeta handles
   */
  static caffe2::TypeMeta fromScalarType(c10::ScalarType scalar_type);

  /**
   * convert TypeMeta handles to ScalarType enum values
   */
  c10::ScalarType toScalarType() const;
};

bool operator!=(const TypeMeta& lhs, const TypeMeta& rhs) noexcept;

std::ostream& operator<<(std::ostream& stream, caffe2::TypeMeta typeMeta);

} // namespace caffe2
