// Helpers of the row kernels (rows_cpu.cpp). Whether their data_ptr walks are
// safe depends on what the callers in the other file pass.
#include "../kernels.h"

namespace split_op {

void write_rows(const at::Tensor &dst, const at::Tensor &rows) {
  auto d = dst.accessor<float, 2>();
  auto r = rows.accessor<int64_t, 1>();
  for (int64_t i = 0; i < rows.size(0); ++i)
    d[r[i]][0] = 1.0f;
}

void copy_into(const at::Tensor &dst, const at::Tensor &src) { dst.copy_(src); }

// Called only with x.contiguous() (rows_cpu.cpp): the walk is safe.
at::Tensor row_norms(const at::Tensor &x) {
  auto out = at::zeros({x.size(0)}, x.options());
  const float *p = x.data_ptr<float>();
  float *o = out.data_ptr<float>();
  for (int64_t i = 0; i < x.size(0); ++i)
    for (int64_t j = 0; j < x.size(1); ++j)
      o[i] += p[i * x.size(1) + j] * p[i * x.size(1) + j];
  return out.sqrt();
}

// Called with a tensor nobody made contiguous (rows_cpu.cpp).
at::Tensor gather_sum(const at::Tensor &x) {
  const float *p = x.data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'x' may be strided
  double s = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    s += p[i];
  return at::scalar_tensor(s);
}

// Element 0 is element 0 whatever the strides.
float first_value(const at::Tensor &x) { return x.data_ptr<float>()[0]; }

} // namespace split_op
