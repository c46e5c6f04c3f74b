// uint8_roundtrip, fixed: the same float expression is evaluated once per
// possible input value (a 256-entry table, built by the very same ATen ops on
// the values 0..255), and the image is mapped through the table byte by byte.
// TensorIterator handles every stride pattern and splits the work across
// threads; the output has the memory layout `img.to(at::kFloat)` would keep.
// Where a run of bytes is contiguous, the table is applied eight bytes per
// iteration (the routes: uint8_roundtrip_routes.cpp).
#include "byte_table.h"
#include "uint8_roundtrip.h"

#include <ATen/TensorIterator.h>

namespace torchlint::kernels::uint8_roundtrip {
namespace detail {

// Values 0..255 as float are exactly what img.to(at::kFloat) produces.
at::Tensor gammaTable(const at::Tensor &img, double gamma) {
  return at::arange(256, img.options().dtype(at::kFloat))
      .div(255.0)
      .pow(gamma)
      .mul(255.0)
      .round()
      .clamp(0, 255)
      .to(at::kByte);
}

at::Tensor mapThroughTable(const at::Tensor &img, const uint8_t *table, bool unrolled) {
  at::Tensor out = at::empty_like(img);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_input(img)
                  .check_all_same_dtype(true)
                  .build();
  iter.for_each([table, unrolled](char **data, const int64_t *strides, int64_t n) {
    auto *dst = reinterpret_cast<uint8_t *>(data[0]);
    const auto *src = reinterpret_cast<const uint8_t *>(data[1]);
    const int64_t ds = strides[0], ss = strides[1];
    if (ds == 1 && ss == 1) {
      if (unrolled) {
        applyByteTable(table, src, dst, n);
        return;
      }
      for (int64_t i = 0; i < n; ++i)
        dst[i] = table[src[i]];
    } else {
      for (int64_t i = 0; i < n; ++i)
        dst[i * ds] = table[src[i * ss]];
    }
  });
  return out;
}

} // namespace detail

at::Tensor fixed(const at::Tensor &img, double gamma) {
  TORCH_CHECK(img.scalar_type() == at::kByte, "adjust_gamma: expects a uint8 image");
  const at::Tensor lut = detail::gammaTable(img, gamma);
  return detail::mapThroughTable(img, lut.data_ptr<uint8_t>(), /*unrolled=*/true);
}

} // namespace torchlint::kernels::uint8_roundtrip
