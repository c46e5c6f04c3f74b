// Testdata for torch-bugprone-data-ptr-contiguity.
#include <torch/torch.h>

// --- Positives ---------------------------------------------------------------

float sum_all(const at::Tensor &x) {
  const float *p = x.data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'x' may be strided
  float s = 0;
  for (int64_t i = 0; i < x.numel(); ++i)
    s += p[i];
  return s;
}

void fill_boxes(at::Tensor boxes, float v) {
  float *b = boxes.data_ptr<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'boxes'
  for (int64_t i = 0; i < boxes.numel(); ++i)
    b[i] = v;
}

// The deprecated spelling: data<T>().
void fill_scores(at::Tensor scores, float v) {
  float *b = scores.data<float>(); // expect: torch-bugprone-data-ptr-contiguity: 'scores'
  for (int64_t i = 0; i < scores.numel(); ++i)
    b[i] = v;
}

// --- Negatives ---------------------------------------------------------------

float checked(const at::Tensor &x) {
  TORCH_CHECK(x.is_contiguous(), "x must be contiguous");
  const float *p = x.data_ptr<float>();
  return p[0] + p[x.numel() - 1];
}

float made_contiguous(const at::Tensor &x_in) {
  at::Tensor x = x_in.contiguous();
  const float *p = x.data_ptr<float>();
  return p[x.numel() - 1];
}

float branch(const at::Tensor &x) {
  if (!x.is_contiguous())
    return 0;
  return x.data_ptr<float>()[1];
}

// One element read, no linear indexing.
float first(const at::Tensor &x) { return *x.data_ptr<float>(); }

// Made contiguous by its only caller in this file.
static float inner(const at::Tensor &x) {
  const float *p = x.data_ptr<float>();
  return p[3];
}
float outer(const at::Tensor &x) { return inner(x.contiguous()); }
