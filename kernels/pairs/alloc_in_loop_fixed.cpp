// alloc_in_loop, fixed: the scratch buffer is allocated once, before the loop,
// and every sample reuses it. Each sample still runs exactly the same ops on
// a buffer of the same shape and strides, so the output is byte-identical
// (the routes measured: alloc_in_loop_routes.cpp).
#include "alloc_in_loop.h"

namespace torchlint::kernels::alloc_in_loop {

at::Tensor fixed(const at::Tensor &images, double factor) {
  detail::checkImages(images);
  at::Tensor out = at::empty_like(images);
  at::Tensor gray = at::empty({images.size(2), images.size(3)}, images.options());
  for (int64_t b = 0; b < images.size(0); ++b)
    detail::contrastOne(images[b], gray, out[b], factor);
  return out;
}

} // namespace torchlint::kernels::alloc_in_loop
