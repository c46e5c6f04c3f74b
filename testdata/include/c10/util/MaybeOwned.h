#pragma once
// MOCK of <c10/util/MaybeOwned.h> (PyTorch 2.x) for fast torchlint unit tests.
// Declarations only; modelled on the real header.
#include <c10/macros/Macros.h>

namespace c10 {

/// MaybeOwnedTraits<T> describes how to borrow from T.
template <typename T>
struct MaybeOwnedTraits;

/// A smart pointer around either a borrowed or owned T.
template <typename T>
class MaybeOwned final {
 public:
  MaybeOwned();
  MaybeOwned(const MaybeOwned& other);
  MaybeOwned(MaybeOwned&& other) noexcept;
  MaybeOwned& operator=(const MaybeOwned& rhs);
  MaybeOwned& operator=(MaybeOwned&& rhs) noexcept;
  ~MaybeOwned();

  static MaybeOwned borrowed(const T& t);
  static MaybeOwned owned(T&& t) noexcept;
  template <class... Args>
  static MaybeOwned owned(std::in_place_t, Args&&... args);

  // This is an implementation detail!  You should know what you're doing
  // if you are testing this.
  bool unsafeIsBorrowed() const;

  const T& operator*() const&;
  const T* operator->() const;
  // If borrowed, copy the underlying T. If owned, move from it.
  T operator*() &&;
};

} // namespace c10
