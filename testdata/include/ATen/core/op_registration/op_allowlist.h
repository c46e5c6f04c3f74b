#pragma once
// MOCK of <ATen/core/op_registration/op_allowlist.h> (PyTorch 2.x) for fast
// torchlint unit tests. Non-selective build: every check returns true.
#include <c10/core/DispatchKey.h>
#include <c10/macros/Macros.h>
#include <c10/util/string_view.h>

namespace c10::impl {

// Returns true iff the given op name is on the allowlist
// and should be registered
constexpr bool op_allowlist_check(string_view /*op_name*/) {
  return true;
}

// Returns true iff the given schema string is on the allowlist
// and should be registered
constexpr bool schema_allowlist_check(string_view /*schema*/) {
  return true;
}

// Returns true iff the given custom class name is on the allowlist
// and should be registered
constexpr bool custom_class_allowlist_check(string_view /*custom_class_name*/) {
  return true;
}

// schema_allowlist_check() implicitly depends on a macro,
// TORCH_OPERATOR_WHITELIST. Add this API to pass arbitrary allowlist.
constexpr bool op_allowlist_contains_name_in_schema(
    string_view /*allowlist*/,
    string_view /*schema*/) {
  return true;
}

// Returns true iff the given dispatch key is on the allowlist
// and should be registered.  When we turn this on, the list of valid
// mobile dispatch keys is hard coded (but you need to make sure
// that you have the correct set of dispatch keys for this).
constexpr bool dispatch_key_allowlist_check(DispatchKey /*k*/) {
  return true;
}

} // namespace c10::impl
