// Testdata for torch-perf-alloc-in-loop: allocations repeated per iteration.
#include <torch/torch.h>

#include <cstdio>
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

// A helper that allocates its own scratch buffer, called with the same
// arguments on every iteration: the allocation is in the loop all the same.
static void normalize_row(const at::Tensor &row, const at::Tensor &like, at::Tensor &dst) {
  at::Tensor tmp = at::empty(like.sizes(), like.options());
  at::sub_out(tmp, row, row.mean());
  dst.copy_(tmp);
}

void normalize_rows(const at::Tensor &x, at::Tensor &out) {
  const at::Tensor proto = x[0];
  for (int64_t r = 0; r < x.size(0); ++r) {
    at::Tensor dst = out[r];
    normalize_row(x[r], proto, dst); // expect: torch-perf-alloc-in-loop: 'normalize_row' allocates 'tmp'
  }
}

template <typename T>
T count_above(const at::Tensor &x, T limit, int64_t n) {
  auto mask = at::zeros({n}, x.options().dtype(at::kBool));
  at::gt_out(mask, x.narrow(0, 0, n), limit);
  return static_cast<T>(mask.sum().template item<int64_t>());
}

int64_t count_all(const std::vector<at::Tensor> &xs, int64_t n) {
  int64_t total = 0;
  for (const at::Tensor &x : xs)
    total += count_above<int64_t>(xs.front(), 5, n); // expect: torch-perf-alloc-in-loop: 'count_above' allocates 'mask'
  return total;
}

// pytorch_sparse's neighbour samplers (csrc/cpu/utils.h): a helper that
// draws one number through a one-element tensor, called per sampled edge,
// with a bound that changes every iteration.
inline int64_t uniform_randint(int64_t low, int64_t high) {
  auto options = torch::TensorOptions().dtype(torch::kInt64);
  auto ret = torch::randint(low, high, {1}, options);
  auto ptr = ret.data_ptr<int64_t>();
  return *ptr;
}

inline int64_t uniform_randint(int64_t high) { return uniform_randint(0, high); }

void sample_neighbors(const int64_t *rowptr, const int64_t *idx, int64_t n, int64_t k,
                      std::vector<int64_t> &picked) {
  for (int64_t i = 0; i < n; ++i) {
    int64_t start = rowptr[idx[i]], count = rowptr[idx[i] + 1] - start;
    for (int64_t j = 0; j < k && count > 0; ++j)
      picked.push_back(start + uniform_randint(count)); // expect: torch-perf-alloc-in-loop: 'uniform_randint' allocates a one-element tensor ('torch::randint') and reads it back to return one number, on every call
  }
}

// Robert Floyd's sampling without replacement, the draw inline.
std::vector<int64_t> floyd(int64_t population, int64_t k) {
  std::vector<int64_t> out;
  for (int64_t j = population - k; j < population; ++j)
    out.push_back(torch::randint(0, j + 1, {1}).item<int64_t>()); // expect: torch-perf-alloc-in-loop: one-element tensor
  return out;
}

// --- Negatives ---------------------------------------------------------------

// One-element look-alikes: the tensor is the helper's result (the caller
// keeps it); a one-element tensor of the iteration's value used as a tensor,
// not read back; the helper called once, outside any loop.
inline at::Tensor one_draw(int64_t high) { return torch::randint(0, high, {1}); }

void one_element_ok(const at::Tensor &x, at::Tensor &acc, int64_t n) {
  std::vector<at::Tensor> draws;
  for (int64_t i = 1; i < n; ++i) {
    draws.push_back(one_draw(i));
    acc.add_(at::full({1}, static_cast<double>(i)));
  }
  int64_t seed = uniform_randint(n);
  acc.add_(static_cast<double>(seed));
}

// Helper look-alikes: the shape follows the iteration; the helper returns
// what it allocates (the caller keeps it); allocates only on one branch; or
// allocates in a loop of its own (reported there).
static void per_size(int64_t n, at::Tensor &dst) {
  at::Tensor t = at::empty({n});
  t.fill_(1);
  dst.narrow(0, 0, n).copy_(t);
}

static at::Tensor make_like(const at::Tensor &x) {
  at::Tensor t = at::empty_like(x);
  t.fill_(2);
  return t;
}

static void maybe(const at::Tensor &x, bool big, at::Tensor &dst) {
  if (big) {
    at::Tensor t = at::empty_like(x);
    dst.copy_(t.fill_(3));
  }
}

struct Workspace {
  at::Tensor buf;
};

static void keep_in(Workspace &ws, const at::Tensor &x) {
  at::Tensor t = at::empty_like(x);
  ws.buf = t;
}

void helpers_ok(const at::Tensor &x, at::Tensor &dst, bool big, Workspace &ws) {
  std::vector<at::Tensor> kept;
  for (int64_t i = 1; i < x.size(0); ++i) {
    per_size(i, dst);
    kept.push_back(make_like(x));
    maybe(x, big, dst);
    keep_in(ws, x);
  }
}


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

// kaolin's level loops. The result of an early return is allocated on the
// way out of the loop: once, nothing to hoist.
std::vector<at::Tensor> halve_until_empty(const at::Tensor &x, int64_t depth) {
  at::Tensor cur = x;
  for (int64_t l = 0; l < depth; ++l) {
    int64_t next = cur.size(0) / 2;
    if (next == 0) {
      at::Tensor none = at::empty({0}, x.options());
      at::Tensor ids = at::zeros({0, 3}, x.options());
      return {none, ids};
    }
    cur = cur.slice(0, 0, next);
  }
  return {cur};
}

// A size the loop reads through its address (cudaMemcpy(&curr, ...) in
// kaolin): not the same on every iteration. The look-alike reads it once,
// before the loop.
void count_of(const at::Tensor &t, int64_t level, int64_t *n);
void levels_into(at::Tensor *store, const at::Tensor &x, int64_t depth) {
  int64_t n = 0;
  for (int64_t l = 0; l < depth; ++l) {
    count_of(x, l, &n);
    store[l] = at::empty({n}, x.options());
  }
}
void one_size_into(at::Tensor *store, const at::Tensor &x, int64_t depth) {
  int64_t n = 0;
  count_of(x, 0, &n);
  for (int64_t l = 0; l < depth; ++l)
    store[l] = at::empty({n}, x.options()); // expect: torch-perf-alloc-in-loop: 'at::empty' allocates the same tensor on every iteration
}

// pytorch-cpp's tutorials (first look round 36): a one-element draw read back
// per time step (teacher forcing) is the one-element kind, `rand(1)` as much
// as `rand({1})`; fresh noise per training step is no "same tensor": each
// iteration needs new values, and the draw is nothing next to the step.
int64_t teacher_forcing(int64_t steps, double p) {
  int64_t forced = 0;
  for (int64_t i = 0; i < steps; ++i)
    if (torch::rand(1)[0].item<double>() < p) // expect: torch-perf-alloc-in-loop: one-element tensor
      ++forced;
  return forced;
}
at::Tensor gan_steps(const at::Tensor &w, int64_t steps, int64_t batch, int64_t latent) {
  at::Tensor acc = at::zeros_like(w);
  for (int64_t s = 0; s < steps; ++s) {
    auto z = torch::randn({batch, latent});
    auto idx = torch::randint(0, 10, {batch});
    acc.add_(z.matmul(w).index_select(0, idx));
  }
  return acc;
}
// A one-element sum each step builds (style transfer's autograd losses):
// no value to draw before the loop. Look-alike: one element only read.
at::Tensor style_steps(const std::vector<at::Tensor> &feats, int64_t steps) {
  at::Tensor total = at::zeros({1});
  for (int64_t s = 0; s < steps; ++s) {
    auto style_loss = torch::zeros({1});
    for (const auto &f : feats)
      style_loss += f.mean();
    total.add_(style_loss);
    if (s % 100 == 0)
      std::printf("%f\n", style_loss.item<double>());
  }
  return total;
}
at::Tensor one_read(const at::Tensor &x, int64_t steps) {
  at::Tensor out = x.clone();
  for (int64_t s = 0; s < steps; ++s) {
    auto scale = torch::ones({1}); // expect: torch-perf-alloc-in-loop: one-element tensor
    out.mul_(scale);
  }
  return out;
}
