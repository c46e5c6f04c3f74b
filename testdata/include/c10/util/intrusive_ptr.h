#pragma once
// MOCK of <c10/util/intrusive_ptr.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; a reduced version of the real API.
#include <c10/macros/Macros.h>

namespace c10 {

/**
 * intrusive_ptr<T> is an alternative to shared_ptr<T> that has better
 * performance because it does the refcounting intrusively
 * (i.e. in a member of the object itself).
 * Your class T needs to inherit from intrusive_ptr_target to allow it to be
 * used in an intrusive_ptr<T>.
 */
class C10_API intrusive_ptr_target {
 protected:
  virtual ~intrusive_ptr_target();
  constexpr intrusive_ptr_target() noexcept = default;
  intrusive_ptr_target(intrusive_ptr_target&& /*other*/) noexcept
      : intrusive_ptr_target() {}
  intrusive_ptr_target& operator=(intrusive_ptr_target&& /*other*/) noexcept {
    return *this;
  }
  intrusive_ptr_target(const intrusive_ptr_target& /*other*/) noexcept
      : intrusive_ptr_target() {}
  intrusive_ptr_target& operator=(
      const intrusive_ptr_target& /*other*/) noexcept {
    return *this;
  }

 private:
  virtual void release_resources() {}
};

namespace detail {
template <class TTarget>
struct intrusive_target_default_null_type final {
  static constexpr TTarget* singleton() noexcept {
    return nullptr;
  }
};
} // namespace detail

template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>>
class intrusive_ptr final {
 public:
  using element_type = TTarget;

  intrusive_ptr() noexcept;
  intrusive_ptr(std::nullptr_t) noexcept;
  explicit intrusive_ptr(std::unique_ptr<TTarget> rhs);

  intrusive_ptr(intrusive_ptr&& rhs) noexcept;
  template <class From, class FromNullType>
  /* implicit */ intrusive_ptr(intrusive_ptr<From, FromNullType>&& rhs) noexcept;
  intrusive_ptr(const intrusive_ptr& rhs);
  template <class From, class FromNullType>
  /* implicit */ intrusive_ptr(const intrusive_ptr<From, FromNullType>& rhs);

  ~intrusive_ptr() noexcept;

  intrusive_ptr& operator=(intrusive_ptr&& rhs) & noexcept;
  intrusive_ptr& operator=(const intrusive_ptr& rhs) & noexcept;

  TTarget* get() const noexcept;
  TTarget& operator*() const noexcept;
  TTarget* operator->() const noexcept;
  operator bool() const noexcept;
  void reset() noexcept;
  void swap(intrusive_ptr& rhs) noexcept;
  bool defined() const noexcept;
  uint32_t use_count() const noexcept;
  uint32_t weak_use_count() const noexcept;
  bool unique() const noexcept;
  TTarget* release() noexcept;

  static intrusive_ptr reclaim(TTarget* owning_ptr);
  static intrusive_ptr reclaim_copy(TTarget* owning_ptr);

  template <class... Args>
  static intrusive_ptr make(Args&&... args);
};

template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>,
    class... Args>
intrusive_ptr<TTarget, NullType> make_intrusive(Args&&... args);

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
bool operator==(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept;
template <class TTarget1, class NullType1, class TTarget2, class NullType2>
bool operator!=(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept;

} // namespace c10
