// uint8_roundtrip's routes: the table applied by TensorIterator's plain byte
// loop (the first fix), by the eight-wide table loop (the fix), and the
// table gathered by ATen's own indexing.
#include "byte_table.h"
#include "uint8_roundtrip.h"

#include <ATen/TensorIterator.h>

namespace torchlint::kernels::uint8_roundtrip {
namespace detail {
at::Tensor gammaTable(const at::Tensor &img, double gamma);
at::Tensor mapThroughTable(const at::Tensor &img, const uint8_t *table, bool unrolled);
} // namespace detail

namespace {
at::Tensor iteratorLoop(const at::Tensor &img, double gamma) {
  TORCH_CHECK(img.scalar_type() == at::kByte, "adjust_gamma: expects a uint8 image");
  const at::Tensor lut = detail::gammaTable(img, gamma);
  return detail::mapThroughTable(img, lut.data_ptr<uint8_t>(), /*unrolled=*/false);
}

// The table as a tensor, gathered with ATen's indexing: the indices must be
// int64, so the image is widened 8x first.
at::Tensor atenIndex(const at::Tensor &img, double gamma) {
  TORCH_CHECK(img.scalar_type() == at::kByte, "adjust_gamma: expects a uint8 image");
  const at::Tensor lut = detail::gammaTable(img, gamma);
  return lut.index({img.to(at::kLong)});
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"table_unrolled", &fixed,
       "the fix: TensorIterator (every layout, threads) with the table applied eight bytes per "
       "iteration"},
      {"table_loop", &iteratorLoop,
       "the same table through TensorIterator's plain byte loop (the first fix)"},
      {"aten_index", &atenIndex,
       "lut.index({img.to(kLong)}): ATen's gather needs int64 indices, 8x the image's bytes"},
  };
  return all;
}

} // namespace torchlint::kernels::uint8_roundtrip
