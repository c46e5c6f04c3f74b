//===--- Catalog.cpp - The single list of torchlint checks ----------------===//

#include "Catalog.h"

#include "binding/ArrayCopyCheck.h"
#include "binding/GilCheck.h"
#include "bugprone/DataPtrContiguityCheck.h"
#include "bugprone/WriteToCopyCheck.h"
#include "compile/DataDependentCheck.h"
#include "compile/DivergentGuardCheck.h"
#include "compile/MissingFakeKernelCheck.h"
#include "compile/OpaqueBindingCheck.h"
#include "compile/SchemaCheck.h"
#include "compile/SymIntCheck.h"
#include "layout/LayoutFromShapeCheck.h"
#include "perf/AllocInLoopCheck.h"
#include "perf/ElementLoopCheck.h"
#include "perf/MemoryFormatCheck.h"
#include "perf/ParallelGrainCheck.h"
#include "perf/RedundantCopyCheck.h"
#include "perf/TemporaryCheck.h"
#include "perf/ValueReadCheck.h"
#include "perf/Uint8RoundtripCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/STLExtras.h"

namespace torchlint {
namespace {

template <typename CheckT>
std::unique_ptr<clang::tidy::ClangTidyCheck>
make(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
  return std::make_unique<CheckT>(Name, Context);
}

using L = CheckLevel;
using F = FixItKind;

// Keep sorted by name.
const CheckInfo Checks[] = {
    {"torch-binding-array-copy", "binding", L::Level2,
     "needless copies at the pybind11 boundary: forcecast arrays cloned into "
     "tensors, nested std::vector arguments, element-wise tensor-to-vector copies",
     "", F::None, &make<checks::ArrayCopyCheck>},
    {"torch-binding-gil", "binding", L::Level2,
     "a pybind11 binding of a tensor function that keeps the GIL while its "
     "C++ works on the host: loops over data, waits for the device",
     "", F::Some, &make<checks::GilCheck>},
    {"torch-binding-gil-launch", "binding", L::Level2,
     "a pybind11 binding of a tensor function that keeps the GIL while it "
     "only checks, allocates and launches CUDA work",
     "", F::Some, &make<checks::GilCheck>},
    {"torch-bugprone-data-ptr-contiguity", "bugprone", L::Level2,
     "data_ptr of a tensor parameter indexed linearly without evidence that "
     "it is contiguous",
     "", F::Always, &make<checks::DataPtrContiguityCheck>},
    {"torch-bugprone-write-to-copy", "bugprone", L::Level1,
     "writes into x.contiguous(), x.to(...), x.cpu() of a tensor the caller "
     "sees: its own tensor when nothing converts, a lost copy otherwise",
     "", F::None, &make<checks::WriteToCopyCheck>},
    {"torch-compile-data-dependent", "compile", L::Level2,
     "reads of tensor data (.item(), data_ptr, accessors, equal) and "
     "data-dependent shapes in code torch.compile traces",
     "GB0033", F::Some, &make<checks::DataDependentCheck>},
    {"torch-compile-divergent-guard", "compile", L::Level2,
     "code whose path depends on being traced or compiled (is_meta, "
     "isTracing, dispatch-key tests, is_compiling): compile by exclusion",
     "", F::None, &make<checks::DivergentGuardCheck>},
    {"torch-compile-missing-fake-kernel", "compile", L::Level2,
     "a custom op with backend kernels but no Meta, composite or Python fake "
     "kernel cannot run under torch.compile",
     "GB0090", F::Some, &make<checks::MissingFakeKernelCheck>},
    {"torch-compile-opaque-binding", "compile", L::Level1,
     "a pybind11 binding of a tensor function is opaque to Dynamo: a graph "
     "break at every call",
     "GB0007", F::Some, &make<checks::OpaqueBindingCheck>},
    {"torch-compile-opaque-binding-unreached", "compile", L::Level2,
     "a pybind11 binding of a tensor function that the project's Python calls "
     "only where no forward, backward or compiled function reaches: a graph "
     "break where its users compile those callers",
     "GB0007", F::Some, &make<checks::OpaqueBindingCheck>},
    {"torch-compile-schema", "compile", L::Level2,
     "operator schemas that do not parse, do not match the kernel's C++ "
     "signature, or hide a mutation or an alias",
     "", F::Some, &make<checks::SchemaCheck>},
    {"torch-compile-symint", "compile", L::Level2,
     "sizes()/size()/numel()/strides() in traced kernels fail on symbolic "
     "shapes; use the sym_* forms",
     "", F::Some, &make<checks::SymIntCheck>},
    {"torch-layout-from-shape", "layout", L::Level2,
     "a branch that decides the layout (NCHW/NHWC, NCHW/CDHW) from a size "
     "and treats dimensions differently in its arms",
     "", F::None, &make<checks::LayoutFromShapeCheck>},
    {"torch-perf-alloc-in-loop", "perf", L::Level2,
     "tensor factories with loop-invariant arguments inside a loop: hoist "
     "and reuse",
     "", F::None, &make<checks::AllocInLoopCheck>},
    {"torch-perf-element-loop", "perf", L::Level2,
     "per-element tensor indexing inside a loop: one dispatcher call and a new "
     "Tensor per element",
     "", F::None, &make<checks::ElementLoopCheck>},
    {"torch-perf-memory-format", "perf", L::Level2,
     "contiguous() or MemoryFormat::Contiguous on a 4-D/5-D tensor converts "
     "channels_last input with a full copy",
     "", F::Always, &make<checks::MemoryFormatCheck>},
    {"torch-perf-parallel-grain", "perf", L::Level2,
     "at::parallel_for with grain 0/1 over trivial work, OpenMP inside "
     "parallel_for, an OpenMP region per item of a serial loop, thread counts "
     "set outside main",
     "", F::None, &make<checks::ParallelGrainCheck>},
    {"torch-perf-redundant-copy", "perf", L::Level1,
     "a copy or initialisation whose result is never observed: clone of a "
     "fresh tensor, zeros/ones overwritten, repeated contiguous()/to()",
     "", F::Always, &make<checks::RedundantCopyCheck>},
    {"torch-perf-temporary", "perf", L::Level2,
     "temporaries copied into preallocated outputs (dst.copy_(a + b)) and "
     "outputs rebound to temporaries: use the _out variant",
     "", F::Some, &make<checks::TemporaryCheck>},
    {"torch-perf-uint8-roundtrip", "perf", L::Level2,
     "uint8 converted to float, transformed elementwise and rounded back: a "
     "256-entry lookup table does it",
     "", F::None, &make<checks::Uint8RoundtripCheck>},
    {"torch-perf-value-read", "perf", L::Level1,
     "a validation (TORCH_CHECK) that reads a value of a CUDA tensor on the "
     "host in every call of an op or binding: a copy and a wait for the device",
     "", F::None, &make<checks::ValueReadCheck>},
};

} // namespace

llvm::ArrayRef<CheckInfo> catalog() { return Checks; }

const CheckInfo *findCheck(llvm::StringRef Name) {
  for (const CheckInfo &Info : Checks)
    if (Info.Name == Name)
      return &Info;
  return nullptr;
}

std::string defaultChecksGlob() {
  std::string Glob = "-*";
  for (const CheckInfo &Info : Checks)
    if (Info.Level != CheckLevel::Level2)
      (Glob += ",") += Info.Name.str();
  return Glob;
}

llvm::StringRef levelName(CheckLevel Level) {
  switch (Level) {
  case CheckLevel::Level0:
    return "level0";
  case CheckLevel::Level1:
    return "level1";
  case CheckLevel::Level2:
    return "level2";
  }
  return "level2";
}

llvm::StringRef fixItKindName(FixItKind Kind) {
  switch (Kind) {
  case FixItKind::None:
    return "none";
  case FixItKind::Some:
    return "some";
  case FixItKind::Always:
    return "always";
  }
  return "none";
}

} // namespace torchlint
