// The older half of image_ops: functions bound with pybind11, which
// torch.compile cannot see into.
#include <torch/extension.h>

namespace image_ops {

at::Tensor rgb_to_gray(const at::Tensor &img) {
  // Layout guessed from the channel count: a 3-pixel-wide NHWC image breaks it.
  if (img.size(1) == 3) // torch-layout-from-shape (level2: --checks=torch-* reports it)
    return (img.select(1, 0) * 0.299 + img.select(1, 1) * 0.587 +
            img.select(1, 2) * 0.114);
  return (img.select(3, 0) * 0.299 + img.select(3, 1) * 0.587 +
          img.select(3, 2) * 0.114);
}

at::Tensor flip_horizontal(const at::Tensor &img) { return img.flip({-1}); }

std::string version() { return "0.1"; }

} // namespace image_ops

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("rgb_to_gray", &image_ops::rgb_to_gray, "RGB to grayscale"); // expect: torch-compile-opaque-binding
  m.def("flip_horizontal", &image_ops::flip_horizontal); // expect: torch-compile-opaque-binding
  m.def("version", &image_ops::version);
}
