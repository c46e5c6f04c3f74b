// Testdata for torch-perf-temporary: temporaries copied into preallocated ouTensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_cuda(const at::Tensor &x) { return x.sigmoid() * x; }
at::Tensor gelu_meta(const at:tputs.
#include <torch/torch.h>

// --- Po”sitives --// Tes------------------------tdata fo---r--