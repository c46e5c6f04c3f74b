// Testdata for torch-perf-element-loop: per-element tensor access in loops.
#include <optional>
#include <torch/torch.h>

#include <vector>

using torch::indexing::Slice;

// --- Positives ---------------------------------------------------------------

float sumItems(const torch::Tensor &x) {
  float s = 0;
  for (int64_t i = 0; i < x.size(0); ++i)
    s += x[i].item<float>(); // expect: torch-perf-element-loop: reads one element per loop iteration through 'item()'
  return s;
}

// One finding per statement, for the write and the read in it.
void fillNested(torch::Tensor &out, const torch::Tensor &a) {
  for (int64_t i = 0; i < out.size(0); ++i)
    for (int64_t j = 0; j < out.size(1); ++j)
      out[i][j] = a[i][j] * 2; // expect: torch-perf-element-loop: 'out[i][j]' indexes a tensor element by element in nested loops
}

void writeScalar(torch::Tensor &t) {
  for (int64_t i = 0; i < t.size(0); ++i)
    t[i] = 0; // expect: torch-perf-element-loop: writes one element per loop iteration
}

double viaIndex(const at::Tensor &img) {
  double acc = 0;
  for (int64_t y = 0; y < img.size(0); ++y)
    for (int64_t x = 0; x < img.size(1); ++x)
      acc += img.index({y, x}).item<double>(); // expect: torch-perf-element-loop: 'img.index({y, x}).item<double>()'
  return acc;
}

float viaSelect(const at::Tensor &v) {
  float best = 0;
  for (int64_t i = 0; i < v.numel(); ++i) {
    float value = v.select(0, i).item<float>(); // expect: torch-perf-element-loop: through 'item()'
    best = value > best ? value : best;
  }
  return best;
}

float viaNarrow(const at::Tensor &v) {
  float s = 0;
  for (int64_t i = 0; i < v.size(0); ++i)
    s += v.narrow(0, i, 1).item<float>(); // expect: torch-perf-element-loop
  return s;
}

float viaDataPtr(const at::Tensor &v) {
  float s = 0;
  for (int64_t i = 0; i < v.size(0); ++i)
    s += *v[i].data_ptr<float>(); // expect: torch-perf-element-loop: through 'data_ptr()'
  return s;
}

// The deprecated spelling real code still writes, data<T>(), counts as
// data_ptr<T>() does; Tensor::data() (a tensor) reads nothing.
float viaDeprecatedData(const at::Tensor &v) {
  float s = 0;
  for (int64_t i = 0; i < v.size(0); ++i)
    s += v[i].data<float>()[0]; // expect: torch-perf-element-loop: through 'data()'
  return s;
}

void indexPut(at::Tensor &mask, const std::vector<int64_t> &hits) {
  for (size_t k = 0; k < hits.size(); ++k)
    mask.index_put_({static_cast<int64_t>(k)}, 1); // expect: torch-perf-element-loop: writes one element
}

float derivedIndex(const at::Tensor &flat, int64_t w) {
  float s = 0;
  for (int64_t r = 0; r < 4; ++r) {
    int64_t k = r * w + 1;
    s += flat[k].item<float>(); // expect: torch-perf-element-loop
  }
  return s;
}

float rangeFor(const at::Tensor &v, const std::vector<int64_t> &idx) {
  float s = 0;
  for (int64_t i : idx)
    s += v[i].item<float>(); // expect: torch-perf-element-loop
  return s;
}

std::vector<int64_t> best_per_row(const at::Tensor &scores) {
  std::vector<int64_t> out;
  for (int64_t r = 0; r < scores.size(0); ++r)
    out.push_back(scores.select(0, r).argmax().item<int64_t>()); // expect: torch-perf-element-loop: reads a reduction back to the host on every iteration
  return out;
}

// Box code: each coordinate is one element of a row, combined as tensors (no
// item() anywhere): a dispatcher call and a 0-d tensor per element. The
// constant inner index under a loop over the rows makes each an element.
at::Tensor boxAreas(const at::Tensor &b) {
  at::Tensor areas = at::empty({b.size(0)}, b.options());
  for (int64_t n = 0; n < b.size(0); ++n)
    areas[n] = (b[n][3] - b[n][1]) * (b[n][2] - b[n][0]); // expect: torch-perf-element-loop: 'areas[n] = (b[n][3] - b[n][1]) * (b[n][2] - b[n][0])' computes with single elements as tensors
  return areas;
}

// A rank the code proves (dim() == 1): v[i] and v[j] are elements.
void swapPairs(at::Tensor &v) {
  TORCH_CHECK(v.dim() == 1, "swapPairs: a 1-D tensor");
  for (int64_t i = 0, j = 1; j < v.size(0); i += 2, j += 2) {
    at::Tensor t = v[i].clone(); // expect: torch-perf-element-loop: 'v[i].clone()' computes with single elements as tensors
    v[i] = v[j]; // expect: torch-perf-element-loop: 'v[i] = v[j]' computes with single elements as tensors
    v[j] = t; // expect: torch-perf-element-loop: 'v[j] = t' computes with single elements as tensors
  }
}

// A rank from a view: rows of 4.
at::Tensor widths(const at::Tensor &flat) {
  at::Tensor boxes = flat.view({-1, 4});
  at::Tensor w = at::empty({boxes.size(0)}, flat.options());
  int64_t k;
  for (k = 0; k < boxes.size(0); ++k)
    w[k] = boxes[k][2] - boxes[k][0]; // expect: torch-perf-element-loop: computes with single elements as tensors
  return w;
}

// A reduction read through its data pointer, the loop variable declared
// before the loop and a second one in the comma increment.
float rowSums(const at::Tensor &x) {
  float s = 0;
  int64_t r, c;
  for (r = 0, c = 0; r < x.size(0); ++r, ++c)
    s += x[r].sum().data_ptr<float>()[0]; // expect: torch-perf-element-loop: reads a reduction back to the host on every iteration
  return s;
}

// One-wide narrow/slice copies into a tensor the code proves 1-D: one element
// per iteration.
void copy_elements(at::Tensor &dst, const at::Tensor &src, const std::vector<int64_t> &order) {
  TORCH_CHECK(dst.dim() == 1, "dst must be 1-D");
  for (int64_t i = 0; i < static_cast<int64_t>(order.size()); ++i)
    dst.narrow(0, i, 1).copy_(src.narrow(0, order[i], 1)); // expect: torch-perf-element-loop: writes one element per loop iteration
  for (int64_t i = 0; i < dst.size(0); ++i)
    dst.slice(0, i, i + 1).fill_(static_cast<double>(i)); // expect: torch-perf-element-loop: writes one element per loop iteration
}

// Element-wise copies between a tensor and a std::vector, both ways.
std::vector<float> toVector(const at::Tensor &t) {
  std::vector<float> v(t.size(0));
  for (int64_t i = 0; i < t.size(0); ++i)
    v[i] = t[i].item().toFloat(); // expect: torch-perf-element-loop: reads one element per loop iteration through 'item()'
  return v;
}
void fromVector(at::Tensor &t, const std::vector<float> &v) {
  TORCH_CHECK(t.dim() == 1, "fromVector: a 1-D tensor");
  for (size_t i = 0; i < v.size(); ++i)
    t[i] = v[i]; // expect: torch-perf-element-loop: 't[i] = v[i]' writes one element per loop iteration
}

// A template and its instances are one finding (mmcv's box_iou_rotated).
template <typename T>
void fillTemplate(torch::Tensor &out, const T *values, int64_t n, int64_t m) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      out[i * m + j] = static_cast<T>(values[i * m + j]); // expect: torch-perf-element-loop: 'out[i * m + j]'
}
template void fillTemplate<float>(torch::Tensor &, const float *, int64_t, int64_t);

// --- Negatives that look like positives ---------------------------------------

// Per-row copies: a row of a 2-D tensor, a slice of unknown rank (torchcodec
// copies whole frames this way), a chunk two wide.
void copy_rows(at::Tensor &dst, const at::Tensor &src, at::Tensor &any) {
  TORCH_CHECK(dst.dim() == 2, "dst must be 2-D");
  for (int64_t i = 0; i < dst.size(0); ++i)
    dst.narrow(0, i, 1).copy_(src.narrow(0, i, 1));
  for (int64_t i = 0; i < any.size(0); ++i)
    any.slice(0, i, i + 1).copy_(src.slice(0, i, i + 1));
  TORCH_CHECK(src.dim() == 1, "src must be 1-D");
  for (int64_t i = 0; i + 2 <= src.size(0); i += 2)
    any.slice(0, i, i + 2).copy_(src.slice(0, i, i + 2));
}


// A rank the code proves makes x[i][0] a row of a [N, K, 4] tensor: whole
// rows, one op each.
at::Tensor firstCorners(const at::Tensor &x) {
  TORCH_CHECK(x.dim() == 3, "firstCorners: [N, K, 4]");
  at::Tensor out = at::empty({x.size(0), x.size(2)}, x.options());
  for (int64_t i = 0; i < x.size(0); ++i)
    out[i] = x[i][0] + x[i][1];
  return out;
}

// Single-level accesses without a rank: rows, as likely as elements.
void addRows(at::Tensor &a, const at::Tensor &b) {
  for (int64_t i = 0; i < a.size(0); ++i)
    a[i] = a[i] + b[i];
}

// An element-like chain handed to a whole-tensor op, and accessors (the fix).
at::Tensor viaAccessor(const at::Tensor &b) {
  at::Tensor areas = at::empty({b.size(0)}, b.options());
  auto ba = b.accessor<float, 2>();
  auto aa = areas.accessor<float, 1>();
  for (int64_t n = 0; n < b.size(0); ++n)
    aa[n] = (ba[n][3] - ba[n][1]) * (ba[n][2] - ba[n][0]);
  return areas;
}

// A batch loop handing one sample to a whole-tensor op: one dispatch per
// sample is fine.
std::vector<at::Tensor> perSample(const at::Tensor &batch, const at::Tensor &w) {
  std::vector<at::Tensor> out;
  for (int64_t b = 0; b < batch.size(0); ++b)
    out.push_back(at::matmul(batch[b], w));
  return out;
}

void perSampleAssign(at::Tensor &out, const at::Tensor &in) {
  for (int64_t b = 0; b < in.size(0); ++b)
    out[b] = in[b].sigmoid();
}

// gsplat: columns of an [N, 9] tensor in a 3x3 loop: select(1, k) leaves the
// N rows, so each iteration is a whole-column op, not an element.
void columns(at::Tensor &grad_R9, const at::Tensor &t, const at::Tensor &g) {
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      grad_R9.select(1, a * 3 + b).sub_(t.select(1, a) * g.select(1, b));
}

// torchcodec: one data pointer per row, handed to a C API; no element read.
void rowPointers(const at::Tensor &samples, std::vector<uint8_t *> &buffers) {
  for (int64_t i = 0; i < samples.size(0); i++)
    buffers[i] = static_cast<uint8_t *>(samples[i].data_ptr());
}

// Two selects on dim 0 of a 2-D tensor reach an element: still reported.
float rowThenColumn(const at::Tensor &m) {
  float s = 0;
  for (int64_t i = 0; i < m.size(0); ++i)
    for (int64_t j = 0; j < m.size(1); ++j)
      s += m.select(0, i).select(0, j).item<float>(); // expect: torch-perf-element-loop: through 'item()'
  return s;
}

// Accessors and raw pointers are the fix.
float withAccessor(const at::Tensor &t) {
  auto a = t.accessor<float, 2>();
  float s = 0;
  for (int64_t i = 0; i < a.size(0); ++i)
    for (int64_t j = 0; j < a.size(1); ++j)
      s += a[i][j];
  return s;
}

float withPointer(const at::Tensor &t) {
  const float *p = t.data_ptr<float>();
  float s = 0;
  for (int64_t i = 0; i < t.numel(); ++i)
    s += p[i];
  return s;
}

// Loops over std containers, constant indices, indices not from the loop.
float containers(const std::vector<float> &v, const at::Tensor &t, int64_t k) {
  float s = 0;
  for (size_t i = 0; i < v.size(); ++i)
    s += v[i];
  for (int r = 0; r < 3; ++r)
    s += t[k].item<float>() + t[0].item<float>();
  return s;
}

// A loop over tensors, indexing each with a constant.
float firstOfEach(const std::vector<at::Tensor> &ts) {
  float s = 0;
  for (const at::Tensor &t : ts)
    s += t[0].item<float>();
  return s;
}

// Blocks of a tensor viewed into more dimensions than the loops index
// (mmcv's deform_conv: a GEMM per batch and group), also when the view is
// assigned to a parameter.
void groupGemm(at::Tensor output, const at::Tensor &weight, const at::Tensor &columns,
               int64_t group) {
  output = output.view({output.size(0), group, output.size(1) / group, output.size(2),
                        output.size(3)});
  for (int64_t b = 0; b < output.size(0); ++b)
    for (int64_t g = 0; g < group; ++g)
      output[b][g] = output[b][g].flatten(1).addmm_(weight[g].flatten(1), columns[g]).view_as(output[b][g]);
  output = output.view({output.size(0), output.size(1) * output.size(2), output.size(3),
                        output.size(4)});
}

// Used as a tensor with dimensions (flatten(1) fails on a 0-d element): a
// block, whatever the loops (mmcv's deform_conv weight gradient).
void groupBlocks(at::Tensor &grad_weight, const at::Tensor &buffer, const at::Tensor &columns,
                 int64_t n, int64_t group) {
  for (int64_t e = 0; e < n; ++e)
    for (int64_t g = 0; g < group; ++g)
      grad_weight[g] = grad_weight[g].flatten(1).addmm_(buffer[e][g].flatten(1), columns[g]).view_as(grad_weight[g]);
}

// A matrix operand of a GEMM, whatever the loops (torchsparse's
// gather-scatter convolution: the weight of each kernel offset a group lists,
// kernel[kmap_idx] of a [K, Cin, Cout] weight, one mm_out each).
void offsetGemms(at::Tensor &out, const at::Tensor &in, const at::Tensor &kernel,
                 const std::vector<std::vector<int64_t>> &groups) {
  for (size_t i = 0; i < groups.size(); ++i)
    for (size_t j = 0; j < groups[i].size(); ++j) {
      int64_t kmap_idx = groups[i][j] + static_cast<int64_t>(i + j);
      at::mm_out(out, in, kernel[kmap_idx]);
      out.addmm_(in, kernel[kmap_idx]);
    }
}

// A chunk, not an element.
std::vector<at::Tensor> chunks(const at::Tensor &t, int64_t n) {
  std::vector<at::Tensor> out;
  for (int64_t i = 0; i < t.size(0); i += n)
    out.push_back(t.narrow(0, i, n).sum());
  return out;
}

// One reduction read per loop over something else.
float total_once(const at::Tensor &t, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s + t.sum().item<float>();
}

// One access outside any loop.
float once(const at::Tensor &t, int64_t i) { return t[i].item<float>(); }

// torchcodec: each iteration decodes a frame into out.data[f] (a project
// function given a tensor, as an optional preallocated output); the scalar
// write beside it is noise.
struct FrameBatch {
  at::Tensor data, pts;
};
double decodeFrameInto(int64_t index, std::optional<at::Tensor> frame);
void decodeFrames(FrameBatch &out, int64_t start, int64_t stop) {
  for (int64_t i = start, f = 0; i < stop; ++i, ++f) {
    double pts = decodeFrameInto(i, out.data[f]);
    out.pts[f] = pts;
  }
}

// A project function that takes no tensor does not make the write the small
// part: still reported.
double ptsOf(int64_t index);
void framePts(at::Tensor &pts, int64_t n) {
  for (int64_t f = 0; f < n; ++f)
    pts[f] = ptsOf(f); // expect: torch-perf-element-loop: writes one element per loop iteration
}

// mmcv's nms_rotated and nms_quadri (after detectron2): every pair of boxes
// takes both rows' pointers through views, dets[i] and dets[j]: two
// dispatcher calls and two Tensors per pair, for a function that reads five
// floats from each.
template <typename T> float boxIou(const T *a, const T *b, int mode);
template <typename T>
at::Tensor nmsPairs(const at::Tensor &dets, const at::Tensor &order_t, float threshold) {
  int64_t ndets = dets.size(0);
  at::Tensor suppressed_t = at::zeros({ndets}, dets.options().dtype(at::kByte));
  auto suppressed = suppressed_t.data_ptr<uint8_t>();
  auto order = order_t.data_ptr<int64_t>();
  for (int64_t _i = 0; _i < ndets; _i++) {
    auto i = order[_i];
    for (int64_t _j = _i + 1; _j < ndets; _j++) {
      auto j = order[_j];
      auto ovr = boxIou<T>(dets[i].data_ptr<T>(), dets[j].data_ptr<T>(), 0); // expect: torch-perf-element-loop: takes a row's data pointer through a view on every iteration of nested loops
      if (ovr >= threshold)
        suppressed[j] = 1;
    }
  }
  return suppressed_t;
}
template at::Tensor nmsPairs<float>(const at::Tensor &, const at::Tensor &, float);

// Look-alike: one pointer per row in nested loops, taken once per row of the
// outer loop, outside the inner one.
void rowPointersOnce(const at::Tensor &boxes, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float *row = boxes[i].data_ptr<float>();
    for (int64_t k = 0; k < 4; ++k)
      out[i * 4 + k] = row[k];
  }
}

// --- Per-sample setup -------------------------------------------------------------

// pytorch3d's rasterizers: each mesh's first face and face count read with
// item() in the batch loop, then every pixel rasterised over those faces:
// the reads bound the inner loop, per-sample setup of its work.
void rasterizeBatch(const at::Tensor &first_idx, const at::Tensor &counts, at::Tensor out,
                    int64_t N, int64_t H, int64_t W) {
  auto out_a = out.accessor<float, 3>();
  for (int64_t n = 0; n < N; ++n) {
    const int64_t start = first_idx[n].item<int64_t>();
    const int64_t stop = start + counts[n].item<int64_t>();
    for (int64_t y = 0; y < H; ++y)
      for (int64_t x = 0; x < W; ++x)
        for (int64_t f = start; f < stop; ++f)
          out_a[n][y][x] += static_cast<float>(f);
  }
}

// Look-alike: the value read is used in the loop's work, not as a bound.
void scaleRows(const at::Tensor &scales, at::Tensor out, int64_t N) {
  auto out_a = out.accessor<float, 2>();
  for (int64_t n = 0; n < N; ++n) {
    const float s = scales[n].item<float>(); // expect: torch-perf-element-loop: reads one element per loop iteration through 'item()'
    for (int64_t j = 0; j < 4; ++j)
      out_a[n][j] *= s;
  }
}

// pyg-lib's farthest point sampling: each iteration's argmax is of the
// distances the previous iteration updated, so there is no reduction over
// all iterations at once to suggest.
at::Tensor farthestPoints(const at::Tensor &y, int64_t k) {
  at::Tensor out = at::empty({k}, y.options().dtype(at::kLong));
  int64_t *out_data = out.data_ptr<int64_t>();
  at::Tensor dist = (y - y[0]).pow(2).sum(1);
  for (int64_t i = 1; i < k; i++) {
    int64_t argmax = dist.argmax().data_ptr<int64_t>()[0];
    out_data[i] = argmax;
    dist = at::min(dist, (y - y[argmax]).pow(2).sum(1));
  }
  return out;
}

// Look-alike: the reduced tensor is not updated by the loop.
int64_t firstMaxima(const at::Tensor &dist, int64_t k, int64_t *out) {
  for (int64_t i = 0; i < k; i++)
    out[i] = dist[i].argmax().data_ptr<int64_t>()[0]; // expect: torch-perf-element-loop: reads a reduction back to the host on every iteration
  return k;
}
