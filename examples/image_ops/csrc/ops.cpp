// image_ops: a small image-augmentation extension, written the way many
// extensions are. It has real hazards; `scripts/run example` lints it, and
// the integration test checks the exact findings (the `// expect:` comments).
#include <torch/extension.h>

#include <vector>

namespace image_ops {

// Brightness/contrast: per-pixel access through Tensor indexing.
at::Tensor adjust_contrast_cpu(const at::Tensor &img, double factor) {
  TORCH_CHECK(img.dim() == 3, "expected a CHW image");
  at::Tensor out = at::zeros_like(img); // expect: torch-perf-redundant-copy
  out.copy_(img);
  const double mean = img.mean().item<double>();
  for (int64_t c = 0; c < img.size(0); ++c)
    for (int64_t y = 0; y < img.size(1); ++y)
      for (int64_t x = 0; x < img.size(2); ++x) {
        float v = img[c][y][x].item<float>(); // torch-perf-element-loop (level2)
        out[c][y][x] = static_cast<float>((v - mean) * factor + mean); // torch-perf-element-loop (level2)
      }
  return out;
}

// The Meta kernel: shapes only, but written with static sizes.
at::Tensor adjust_contrast_meta(const at::Tensor &img, double factor) {
  (void)factor;
  return at::empty(img.sizes(), img.options()); // torch-compile-symint (level2: --checks=torch-*)
}

// Normalisation registered without a dispatch key (a composite kernel):
// torch.compile traces it, so the data-dependent check breaks the graph.
at::Tensor normalize(const at::Tensor &img, const at::Tensor &mean,
                     const at::Tensor &std) {
  TORCH_CHECK((std > 0).all().item<bool>(), "std must be positive"); // torch-compile-data-dependent (level2)
  return ((img - mean) / std).clone(); // expect: torch-perf-redundant-copy
}

// Boxes with a positive score, kept in order.
at::Tensor filter_boxes_cpu(const at::Tensor &boxes, const at::Tensor &scores,
                            double threshold) {
  std::vector<int64_t> keep;
  auto s = scores.accessor<float, 1>();
  for (int64_t i = 0; i < scores.size(0); ++i)
    if (s[i] > threshold)
      keep.push_back(i);
  at::Tensor idx = at::tensor(keep, boxes.options().dtype(at::kLong));
  return boxes.index_select(0, idx).contiguous().contiguous(); // expect: torch-perf-redundant-copy
}

} // namespace image_ops

TORCH_LIBRARY(image_ops, m) {
  m.def("adjust_contrast(Tensor img, float factor) -> Tensor");
  m.def("normalize(Tensor img, Tensor mean, Tensor std) -> Tensor", &image_ops::normalize); // torch-compile-missing-fake-kernel (level2)
  m.def("filter_boxes(Tensor boxes, Tensor scores, float threshold) -> Tensor"); // torch-compile-missing-fake-kernel (level2)
}

TORCH_LIBRARY_IMPL(image_ops, CPU, m) {
  m.impl("adjust_contrast", &image_ops::adjust_contrast_cpu);
  m.impl("filter_boxes", &image_ops::filter_boxes_cpu);
}

TORCH_LIBRARY_IMPL(image_ops, Meta, m) {
  m.impl("adjust_contrast", &image_ops::adjust_contrast_meta);
}
