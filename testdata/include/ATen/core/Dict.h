#pragma once
// MOCK of <ATen/core/Dict.h> (PyTorch 2.x): c10::Dict, the C++ type of a
// schema's Dict(K, V), as a kernel parameter. No members beyond what tests use.

namespace c10 {
template <class Key, class Value>
class Dict {
public:
  Dict() = default;
  bool empty() const { return true; }
};
} // namespace c10
