// data_dependent's routes: every one traces (ATen ops, no host read of
// tensor data); they differ in what the validation costs.
#include "data_dependent.h"

namespace torchlint::kernels::data_dependent {
namespace {
// (x >= 0).all(): a bool tensor of x's size, then a reduction over it.
at::Tensor assertAll(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi) {
  at::_assert_async((x >= 0).all());
  return x.clamp(lo, hi);
}

// x.min() >= 0: one reduction over x, no bool tensor. An empty x has no
// minimum (ATen refuses it) and passes the check, as all() does.
at::Tensor assertMin(const at::Tensor &x, const at::Scalar &lo, const at::Scalar &hi) {
  if (x.sym_numel() > 0)
    at::_assert_async(x.min() >= 0);
  return x.clamp(lo, hi);
}
} // namespace

const std::vector<Route<decltype(fixed)>> &routes() {
  static const std::vector<Route<decltype(fixed)>> all = {
      {"min_signed", &fixed,
       "the fix: _assert_async(x.min() >= 0), one reduction, and none for unsigned dtypes"},
      {"assert_all", &assertAll,
       "_assert_async((x >= 0).all()) on every dtype (the first fix): a bool tensor of x's size"},
      {"assert_min", &assertMin, "_assert_async(x.min() >= 0): one reduction, no bool tensor"},
  };
  return all;
}

} // namespace torchlint::kernels::data_dependent
