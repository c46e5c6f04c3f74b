// temporary's routes: one fused pass (the fix), at::sub_out then an in-place
// division (the first fix, what torch-perf-temporary's message suggests), and
// that route in batch-sized blocks so the second pass reads from cache.
#include "temporary.h"

namespace torchlint::kernels::temporary {
namespace {
// sub_out and div_ per sample of the batch (dimension 0 of out): the second
// pass finds the sample in cache. x, mean and std are expanded to out's shape
// (views, no copy) so that each sample's slice broadcasts as the whole did.
at::Tensor blocked(const at::Tensor &x, const at::Tensor &mean, const at::Tensor &std,
                   at::Tensor &out) {
  detail::checkOut(x, mean, std, out);
  const at::Tensor xe = x.expand(out.sizes()), me = mean.expand(out.sizes()),
                   se = std.expand(out.sizes());
  for (int64_t b = 0; b < out.size(0); ++b) {
    at::Tensor o = out[b];
    at::sub_out(o, xe[b], me[b]);
    o.div_(se[b]);
  }
  return out;
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"fused", &fixed,
       "the fix: one TensorIterator pass, (x - mean) / std per element, AVX2 on contiguous runs"},
      {"sub_out_div_", &detail::subOutDivInPlace,
       "at::sub_out(out, x, mean); out.div_(std): two passes over out (the first fix)"},
      {"sub_out_div_per_sample", &blocked,
       "the two passes per sample, the second from cache: two ATen calls per sample"},
  };
  return all;
}

} // namespace torchlint::kernels::temporary
