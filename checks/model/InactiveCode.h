//===--- InactiveCode.h - Code another build configuration compiles -*- C++ -*-===//
//
// torchlint parses one configuration of a file: the macros setup.py defines
// for the default build. Real extensions keep other backends' code in the
// same function under `#ifdef` (mmcv's `#ifdef MMCV_WITH_DIOPI` calls a
// vendor kernel that releases the GIL itself). A fix-it written for the
// parsed configuration must not break the others, so what those blocks do is
// read from their text.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_INACTIVECODE_H
#define TORCHLINT_CHECKS_MODEL_INACTIVECODE_H

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <utility>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace torchlint::model {

/// What gilReleasedInOtherBuilds reads of a TU's files, kept between its
/// calls on the functions of one TU (the project facts ask it of every
/// function), so that each file is searched once per name.
struct InactiveCodeCache {
  /// By FileID: its text with comments and literals blanked, kept when that
  /// code releases the GIL anywhere (empty otherwise).
  std::map<unsigned, std::string> FileCode;
  std::map<std::pair<unsigned, std::string>, bool> DefinitionReleases;
};

/// Where another build configuration would release the GIL in \p F: a block
/// of its body that the preprocessor skipped (no statement of the AST lies
/// in it) and that releases it in code, not a comment or a string
/// (`gil_scoped_release`, `Py_BEGIN_ALLOW_THREADS`,
/// `PyEval_SaveThread`), or calls a function that a skipped part of the same
/// file defines and that releases it there. Invalid when none.
clang::SourceLocation gilReleasedInOtherBuilds(const clang::FunctionDecl *F,
                                               InactiveCodeCache *Cache = nullptr);

/// The first arm of \p F's body that the preprocessor skipped and that
/// holds code (fast_rnnt's binding: `#ifdef FT_WITH_CUDA` calls the CUDA
/// kernel, which writes `ans_grad`; the `#else` arm was parsed): where its
/// directive is, and the directive's text ("#ifdef FT_WITH_CUDA"). What the
/// AST says of F, its writes included, is the parsed arms' only. Invalid
/// location when none.
std::pair<clang::SourceLocation, std::string> skippedArmOf(const clang::FunctionDecl *F);

/// A macro \p F's body expands whose file defines it twice, the definition
/// this lint did not take reaching CUDA (inplace_abn's `CUDA_DISPATCH`: under
/// `#ifdef WITH_CUDA` it calls the CUDA launcher, under `#else` it raises;
/// not `IABN_CHECK`, spelled `AT_CHECK` for an older torch): the code parsed
/// is one build's. Its name and where that other definition is; an empty
/// name when none.
std::pair<std::string, clang::SourceLocation> macroDefinedOtherwise(const clang::FunctionDecl *F);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_INACTIVECODE_H
