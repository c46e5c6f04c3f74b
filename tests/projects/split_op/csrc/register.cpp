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

// The schemas are in ops.cpp, the kernels in cpu/: the first writes its
// argument through a helper defined in a third file.
TORCH_LIBRARY_IMPL(split_op, CPU, m) {
  m.impl("fill_rows", &split_op::fill_rows_cpu); // expect: torch-compile-schema: 'split_op::fill_rows_cpu' mutates argument 'x' of 'split_op::fill_rows' but the schema does not say so
  m.impl("copy_rows", &split_op::copy_rows_cpu);
  m.impl("norm_rows", &split_op::norm_rows_cpu);
}

TORCH_LIBRARY_IMPL(split_op, Autograd, m) { m.impl("scaled", &split_op::scaled_autograd); }
