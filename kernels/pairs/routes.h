// Routes: every implementation of a fix's contract that was tried, the fixed
// kernel among them. A performance engineer does not stop at the first fix
// that beats the hazard: the same contract (dtype, layout, aliasing,
// rounding) is written the ways that could win -- ATen ops (fused, in place,
// out=), a loop the compiler vectorises, explicit SIMD, a lookup table -- and
// the fastest that keeps the contract becomes `fixed`. The others stay here:
// tests/IdentityTest.cpp proves every route byte-identical to the hazard, and
// bench/bench.cpp times every route beside the hazard, so the choice is
// measured on each run (docs/benchmarks.md) and the rejected routes say where
// the boundary lies.
#pragma once

#include <string>
#include <vector>

namespace torchlint::kernels {

/// One implementation of a pair's contract. Fn is the pair's function type
/// (the signature `fixed` has).
template <typename Fn> struct Route {
  std::string name; ///< the benchmark column: route/<name>
  Fn *run;
  std::string why; ///< what it is, and why it is (not) the fix (measured)
};

/// Whether this CPU runs AVX2 code (the routes with explicit SIMD check it at
/// run time and otherwise take their portable loop: the kernels are compiled
/// for the baseline x86-64, as extensions are).
bool cpuHasAvx2();

} // namespace torchlint::kernels
