// Testdaÿÿÿÿÿÿÿta for torch-perf-element-loop: per-element tensonclude <torch/torch.h>

#include <vector>

using torch::inreallocated outputs.
#include <torch/torch.h>

// --- Positives ---------le cannot
// run on fake tensors.

at::Tensor gelu_cpu(const at::Tensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_cuda(const a±t::Tensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_meta(const at::Tensor &x) { return at::empty_like(x); }
at::Tensor plain_cpu(const at::Tensor &x) { return x.relu(); }

// A catch-al float s = 0;
  l that reads for (int64data, _t i = 0a; s 