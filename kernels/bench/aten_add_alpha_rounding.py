#!/usr/bin/env python3
"""How ATen rounds `a.add(b, alpha=k)` on float32: once (a fused multiply-add)
or twice (multiply, then add). The answer depends on the CPU kernels ATen
picks, which is why the alloc_in_loop and layout_from_shape routes stay ATen
ops (docs/benchmarks.md, "At the limit"). Run it under both kernels:

    python3 kernels/bench/aten_add_alpha_rounding.py
    ATEN_CPU_CAPABILITY=default python3 kernels/bench/aten_add_alpha_rounding.py
"""

import numpy as np
import torch

torch.manual_seed(0)
n = 1 << 20
a, b, alpha = torch.rand(n), torch.rand(n), 0.3
got = a.add(b, alpha=alpha).numpy()
an, bn, k = a.numpy(), b.numpy(), np.float32(alpha)
twice = (an + k * bn).astype(np.float32)
# float32 products are exact in float64, so this is one rounding of the sum
# (up to double rounding, which these inputs do not hit: see the counts).
once = (an.astype(np.float64) + np.float64(k) * bn.astype(np.float64)).astype(np.float32)
print(f"torch {torch.__version__}, ATen CPU kernels: {torch.backends.cpu.get_cpu_capability()}")
print(f"of {n} sums: {int((got != twice).sum())} differ from multiply-then-add, "
      f"{int((got != once).sum())} from one fused rounding")
