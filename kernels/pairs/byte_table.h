// A byte-to-byte function applied through its 256-entry table: the route of
// every uint8 -> uint8 elementwise contract (gamma, brightness/contrast): the
// table is built by the contract's own scalar expression, so the result is
// identical by construction, and the image pass is one load, one table load
// and one store per byte.
#pragma once

#include <cstdint>

namespace torchlint::kernels {

/// dst[i] = table[src[i]] for i < n (src and dst contiguous; they may be the
/// same buffer).
void applyByteTable(const uint8_t table[256], const uint8_t *src, uint8_t *dst, int64_t n);

} // namespace torchlint::kernels
