#pragma once
#include <torch/torch.h>

namespace split_op {
at::Tensor scale_cpu(const at::Tensor &x, double s);
at::Tensor scale_meta(const at::Tensor &x, double s);
at::Tensor count_cpu(const at::Tensor &x);
at::Tensor count_cuda(const at::Tensor &x);
at::Tensor clamp_rows_cpu(const at::Tensor &x, const at::Tensor &limit);
at::Tensor softsign(const at::Tensor &x);
at::Tensor raw_add(const at::Tensor &a, const at::Tensor &b);
at::Tensor released_add(const at::Tensor &a, const at::Tensor &b);
at::Tensor row_sums(const at::Tensor &x);
at::Tensor twice(const at::Tensor &x);
} // namespace split_op

// Mutations, contiguity and autograd over several files.
namespace split_op {
void fill_rows_cpu(const at::Tensor &x, const at::Tensor &rows);
void scale_inplace_cpu(const at::Tensor &x, double s);
void copy_rows_cpu(const at::Tensor &out, const at::Tensor &src);
at::Tensor norm_rows_cpu(const at::Tensor &x);
void write_rows(const at::Tensor &dst, const at::Tensor &rows);
void copy_into(const at::Tensor &dst, const at::Tensor &src);
at::Tensor row_norms(const at::Tensor &x);
at::Tensor gather_sum(const at::Tensor &x);
float first_value(const at::Tensor &x);
at::Tensor scaled_autograd(const at::Tensor &x);
at::Tensor mark_visible(at::Tensor &means, at::Tensor &view);
// Bound in bindings.cpp: a CUDA launcher (cuda/count_cuda.cu), and one no
// file of the project defines (its dispatch key is unknown).
at::Tensor fill_cuda(const at::Tensor &x, double v);
at::Tensor prebuilt(const at::Tensor &x);
} // namespace split_op
