#include "byte_table.h"
#include "routes.h"

namespace torchlint::kernels {

bool cpuHasAvx2() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
#else
  return false;
#endif
}

void applyByteTable(const uint8_t table[256], const uint8_t *src, uint8_t *dst, int64_t n) {
  int64_t i = 0;
  // Eight independent lookups per iteration: the loads overlap, and the loop
  // control costs once per eight bytes.
  for (; i + 8 <= n; i += 8) {
    const uint8_t a0 = table[src[i]], a1 = table[src[i + 1]], a2 = table[src[i + 2]],
                  a3 = table[src[i + 3]], a4 = table[src[i + 4]], a5 = table[src[i + 5]],
                  a6 = table[src[i + 6]], a7 = table[src[i + 7]];
    dst[i] = a0;
    dst[i + 1] = a1;
    dst[i + 2] = a2;
    dst[i + 3] = a3;
    dst[i + 4] = a4;
    dst[i + 5] = a5;
    dst[i + 6] = a6;
    dst[i + 7] = a7;
  }
  for (; i < n; ++i)
    dst[i] = table[src[i]];
}

} // namespace torchlint::kernels
