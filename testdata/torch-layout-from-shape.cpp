// Testdata for torch-layout-from-shape: layouts guessed from a size.
#include <torch/torch.h>

#include <stdexcept>

// --- Positives ---------------------------------------------------------------

at::Tensor to_gray(const at::Tensor &img) {
  if (img.size(1) == 3) // expect: torch-layout-from-shape: layout inferred from 'img.size(1) == 3'
    return img.select(1, 0) * 0.299 + img.select(1, 1) * 0.587 + img.select(1, 2) * 0.114;
  return img.select(3, 0) * 0.299 + img.select(3, 1) * 0.587 + img.select(3, 2) * 0.114;
}

at::Tensor to_nchw(const at::Tensor &x) {
  return x.size(-1) <= 4 ? x.permute({0, 3, 1, 2}) : x; // expect: torch-layout-from-shape: 'x.size(-1) <= 4'
}

at::Tensor channels(const at::Tensor &x) {
  int64_t c;
  if (x.sizes()[0] == 1 || x.sizes()[0] == 3) // expect: torch-layout-from-shape
    c = x.size(0);
  else
    c = x.size(2);
  return at::empty({c});
}

at::Tensor movedim_guess(const at::Tensor &x) {
  if (x.size(3) == 3) { // expect: torch-layout-from-shape
    return x.movedim(3, 1);
  } else {
    return x;
  }
}

// --- Negatives ---------------------------------------------------------------

// Validation, not a guess.
at::Tensor checked(const at::Tensor &x) {
  TORCH_CHECK(x.size(1) == 3, "expected 3 channels");
  return x.select(1, 0);
}

// A rank test: five and four dimensions are different inputs, not two
// layouts of one (gsplat: packed [N, 2] vs batched [..., N, 2]).
at::Tensor volume_or_batch(const at::Tensor &x) {
  return x.dim() == 5 ? x.mean(2) : x.mean(1);
}
at::Tensor packed_or_batched(const at::Tensor &means2d) {
  if (means2d.dim() == 2)
    return means2d.unsqueeze(0).sum(1);
  return means2d.sum(-2);
}

// A packed size, not a channel count (gsplat: 6 covariance entries or a 3x3).
at::Tensor covariance(const at::Tensor &covars) {
  if (covars.size(-1) == 6)
    return covars.select(-1, 0);
  return covars.select(-1, 0).select(-1, 0);
}

// A flag from a broadcast test (nvdiffrast: attrBC = attr.size(0) == 1 ? 1 : 0).
int broadcast_flag(const at::Tensor &attr, bool instance_mode) {
  return (instance_mode && attr.size(0) == 1) ? 1 : 0;
}

// Validation whose arm raises (diff-gaussian-rasterization's AT_ERROR).
at::Tensor validated(const at::Tensor &means3D) {
  if (means3D.dim() != 2 || means3D.size(1) != 3) {
    throw std::invalid_argument("means3D must have dimensions (num_points, 3)");
  }
  return means3D.select(1, 0);
}

// Scalar handling.
at::Tensor scalar(const at::Tensor &x) {
  if (x.dim() == 0)
    return x.unsqueeze(0);
  return x;
}

// Arms that do the same thing with the dimensions.
at::Tensor same_arms(const at::Tensor &x) {
  if (x.size(1) == 3)
    return x.sum(1) / 3;
  return x.sum(1);
}

// The layout is explicit; the size test only validates.
enum class Layout { NCHW, NHWC };
at::Tensor explicit_layout(const at::Tensor &x, Layout layout) {
  if (layout == Layout::NHWC)
    return x.permute({0, 3, 1, 2});
  return x;
}

// A stride-based test is the fix.
at::Tensor strides(const at::Tensor &x) {
  if (x.is_contiguous(at::MemoryFormat::ChannelsLast))
    return x.permute({0, 2, 3, 1});
  return x;
}

// Sizes compared with variables, or used for an empty-input early out.
at::Tensor variables(const at::Tensor &x, int64_t c) {
  if (x.size(0) == 0)
    return x;
  if (x.size(1) == c)
    return x.select(1, 0);
  return x.select(3, 0);
}

// AutoGPTQ's marlin: one row of scales means channelwise quantisation (no
// groups); the other arm divides by the very size the test read. Neither arm
// treats a dimension differently: no layout is guessed.
int64_t group_size(const at::Tensor &a, const at::Tensor &s) {
  int64_t prob_k = a.size(1);
  int64_t groupsize = (s.size(0) == 1) ? -1 : prob_k / s.size(0);
  return groupsize;
}

// torchvision's make_grid, as pytorch-cpp's image_io ports it (first look
// round 36): a single channel is repeated to three (the code after the `if`
// runs after either arm: it is no other arm), and a batch of one is returned
// squeezed (the tested dimension, of size 1, removed): singletons handled, no
// layout guessed. Look-alikes: a branch that permutes other dimensions and
// falls through; a batch of one squeezed along another dimension.
at::Tensor make_grid(at::Tensor tensor) {
  if (tensor.dim() == 3) {
    if (tensor.size(0) == 1) {
      tensor = at::cat({tensor, tensor, tensor}, 0);
    }
    tensor = tensor.unsqueeze(0);
  }
  if (tensor.dim() == 4 && tensor.size(1) == 1) {
    tensor = at::cat({tensor, tensor, tensor}, 1);
  }
  if (tensor.size(0) == 1) {
    return tensor.squeeze(0);
  }
  return tensor.flip(2).sum(1);
}
at::Tensor permute_then_more(at::Tensor x) {
  if (x.size(-1) == 3) // expect: torch-layout-from-shape: 'x.size(-1) == 3'
    x = x.permute({0, 3, 1, 2});
  return x.sum(1);
}
at::Tensor squeeze_another(const at::Tensor &x) {
  if (x.size(0) == 1) // expect: torch-layout-from-shape: 'x.size(0) == 1'
    return x.squeeze(3);
  return x.sum(1);
}
