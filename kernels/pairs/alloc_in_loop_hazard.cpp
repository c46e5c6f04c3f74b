// alloc_in_loop, hazard: a fresh [H, W] scratch tensor per sample -- an
// allocator round trip (and, for buffers this size, fresh pages) every
// iteration for a buffer whose shape never changes.
#include "alloc_in_loop.h"

namespace torchlint::kernels::alloc_in_loop {

at::Tensor hazard(const at::Tensor &images, double factor) {
  detail::checkImages(images);
  at::Tensor out = at::empty_like(images);
  for (int64_t b = 0; b < images.size(0); ++b) {
    at::Tensor gray = at::empty({images.size(2), images.size(3)}, images.options()); // expect: torch-perf-alloc-in-loop
    detail::contrastOne(images[b], gray, out[b], factor);
  }
  return out;
}

} // namespace torchlint::kernels::alloc_in_loop
