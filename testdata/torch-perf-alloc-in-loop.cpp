// Testdata for torch-perf-alloc-in-loop: allocations repeated per iteration.
#include <torch/torch.h>

#include <vector>

// --- Positives ---------------------------------------------------------------

void blur_all(const std::vector<at::Tensor> &imgs, std::vector<at::Tensor> &outs) {
  const auto &first = imgs[0];
  for (size_t i = 0; i < imgs.size(); ++i) {
    at::Tensor scratch = at::empty(first.sizes(), first.options()); // expect: torch-perf-alloc-in-loop: 'at::empty' allocates the same tensor on every iteration
    scratch.copy_(imgs[i]);
    outs[i].copy_(scratch.sigmoid());
  }
}

int64_t draws(int64_t n, int64_t high) {
  int64_t s = 0;
  for (int64_t k = 0; k < n; ++k)
    s += torch::randint(high, {1}).item<int64_t>(); // expect: torch-perf-alloc-in-loop: one-element tensor
  return s;
}

at::Tensor accumulate(const at::Tensor &x, int steps) {
  at::Tensor acc = at::zeros_like(x);
  for (int s = 0; s < steps; ++s) {
    auto tmp = at::ones_like(x); // expect: torch-perf-alloc-in-loop: 'at::ones_like'
    acc.add_(tmp);
  }
  return acc;
}

// --- Negatives ---------------------------------------------------------------

// Shapes that depend on the iteration.
void grow(int n) {
  for (int i = 1; i < n; ++i) {
    at::Tensor t = at::empty({i, i});
    t.fill_(0);
  }
}

// Results that escape: pushed, returned, stored outside.
std::vector<at::Tensor> collect(const at::Tensor &x, int n) {
  std::vector<at::Tensor> out;
  for (int i = 0; i < n; ++i)
    out.push_back(at::zeros_like(x));
  for (int i = 0; i < n; ++i) {
    at::Tensor t = at::empty_like(x);
    out.emplace_back(t);
  }
  return out;
}

at::Tensor first_match(const at::Tensor &x, int n) {
  at::Tensor keep;
  for (int i = 0; i < n; ++i) {
    at::Tensor t = at::zeros_like(x);
    if (i == 3)
      return t;
    keep = t;
  }
  return keep;
}

// Hoisted: the fix.
void hoisted(const std::vector<at::Tensor> &imgs) {
  at::Tensor scratch = at::empty_like(imgs[0]);
  for (const auto &img : imgs) {
    scratch.copy_(img);
    scratch.zero_();
  }
}

// Arguments changed inside the loop.
void changing(at::Tensor x, int n) {
  for (int i = 0; i < n; ++i) {
    at::Tensor t = at::empty_like(x);
    x = t.sum(0);
  }
}
