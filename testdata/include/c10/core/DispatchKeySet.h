#pragma once
// MOCK of <c10/core/DispatchKeySet.h> (PyTorch 2.x) for fast torchlint unit
// tests. Declarations only; modelled on the real header.
#include <c10/core/DispatchKey.h>
#include <c10/util/ArrayRef.h>

namespace c10 {

// A representation of a set of DispatchKeys.
class DispatchKeySet final {
 public:
  enum Full { FULL };
  enum FullAfter { FULL_AFTER };
  enum Raw { RAW };

  // NB: default constructor representation as zero is MANDATORY as
  // use of DispatchKeySet in TLS requires this.
  constexpr DispatchKeySet() = default;

  DispatchKeySet(Full);
  DispatchKeySet(FullAfter, DispatchKey);
  // Public version of DispatchKeySet(uint64_t) API; external users
  // must be explicit when they do this!
  constexpr DispatchKeySet(Raw, uint64_t x) : repr_{x} {}

  explicit DispatchKeySet(BackendComponent k);
  DispatchKeySet(DispatchKey k);
  DispatchKeySet(c10::ArrayRef<DispatchKey> ks);
  DispatchKeySet(c10::ArrayRef<BackendComponent> ks);

  // Test if a DispatchKey is in the set
  bool has(DispatchKey t) const;
  bool has_backend(BackendComponent t) const;

  // Test if a DispatchKey is in the set
  // Given a DispatchKeySet of functionality keys and (potentially) backend
  // keys, tests if all of them are in the current set.
  bool has_all(DispatchKeySet ks) const;

  // Given a DispatchKeySet of functionality keys and (potentially) backend
  // keys, tests if any of them are in the current set.
  bool has_any(DispatchKeySet ks) const;
  // Test if DispatchKeySet is a superset of ks.
  bool isSupersetOf(DispatchKeySet ks) const;
  // Perform set union
  DispatchKeySet operator|(DispatchKeySet other) const;
  // Perform set intersection
  DispatchKeySet operator&(DispatchKeySet other) const;
  // Compute the set difference self - other,
  // but ONLY for the functionality keys.
  DispatchKeySet operator-(DispatchKeySet other) const;

  // Compute self ^ other
  DispatchKeySet operator^(DispatchKeySet other) const;
  bool operator==(DispatchKeySet other) const;
  bool operator!=(DispatchKeySet other) const;
  // Add a DispatchKey to the DispatchKey set.  Does NOT mutate,
  // returns the extended DispatchKeySet!
  C10_NODISCARD DispatchKeySet add(DispatchKey t) const;
  C10_NODISCARD DispatchKeySet add(DispatchKeySet ks) const;

  // Remove a DispatchKey from the DispatchKey set.
  C10_NODISCARD DispatchKeySet remove(DispatchKey t) const;
  // You're allowed to remove a backend bit from a DispatchKeySet,
  // but you have to be explicit about it (remove_backend() instead of
  // remove()).
  DispatchKeySet remove_backend(BackendComponent b) const;
  // Is the set empty?  (AKA undefined tensor)
  bool empty() const;
  uint64_t raw_repr();

  DispatchKey highestFunctionalityKey() const;

  // This is similar like toBackendComponent(DispatchKey), but less
  // restrictive. toBackendComponent() errors out if the key that it was
  // passed has no backend bits, which is useful for error checking.
  BackendComponent highestBackendKey() const;

  // returns the DispatchKey of highest priority in the set.
  DispatchKey highestPriorityTypeId() const;

  // Returns the index of the most-significant bit in the keyset.
  uint8_t indexOfHighestBit() const;

  int getDispatchTableIndexForDispatchKeySet() const;

  uint64_t getBackendIndex() const;

 private:
  constexpr DispatchKeySet(uint64_t repr) : repr_(repr) {}
  uint64_t repr_ = 0;
};

C10_API std::string toString(DispatchKeySet);
C10_API std::ostream& operator<<(std::ostream&, DispatchKeySet);

// Alias key DispatchKey::Autograd maps to autograd_dispatch_keyset
C10_API extern const DispatchKeySet autograd_dispatch_keyset;
C10_API extern const DispatchKeySet autocast_dispatch_keyset;
C10_API extern const DispatchKeySet default_included_set;
C10_API extern const DispatchKeySet default_excluded_set;
C10_API extern const DispatchKeySet python_ks;
C10_API extern const DispatchKeySet sparse_ks;
C10_API extern const DispatchKeySet sparse_csr_ks;
C10_API extern const DispatchKeySet mkldnn_ks;

// Resolve alias dispatch key to DispatchKeySet if applicable
C10_API DispatchKeySet getRuntimeDispatchKeySet(DispatchKey t);

// Returns true if k is available as a runtime key in the alias key set t.
C10_API bool runtimeDispatchKeySetHas(DispatchKey t, DispatchKey k);

// Returns a DispatchKeySet of all backend keys mapped to Autograd dispatch key
// t, DispatchKeySet is empty if t is not alias of DispatchKey::Autograd.
C10_API DispatchKeySet getBackendKeySetFromAutograd(DispatchKey t);

// Returns a DispatchKeySet of autograd related keys mapped to backend.
C10_API DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent t);

// Returns a DispatchKeySet of autocast related keys mapped to backend.
C10_API DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent t);

// returns the "backend" DispatchKey of highest priority in the set.
C10_API DispatchKey legacyExtractDispatchKey(DispatchKeySet s);

} // namespace c10
