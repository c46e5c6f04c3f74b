// Every kernel is registered here; they are defined in cpu/, cuda/ and meta/.
#include "kernels.h"
#include <torch/library.h>

TORCH_LIBRARY_IMPL(split_op, CPU, m) {
  m.impl("scale", &split_op::scale_cpu);
  m.impl("count", &split_op::count_cpu);
  m.impl("clamp_rows", &split_op::clamp_rows_cpu);
}

TORCH_LIBRARY_IMPL(split_op, CUDA, m) { m.impl("count", &split_op::count_cuda); }

TORCH_LIBRARY_IMPL(split_op, Meta, m) { m.impl("scale", &split_op::scale_meta); }

TORCH_LIBRARY_IMPL(split_op, CompositeImplicitAutograd, m) {
  m.impl("softsign", &split_op::softsign);
}
