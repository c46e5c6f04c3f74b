//===--- ExportFixes.h - --export-fixes: clang-tidy's YAML -------*- C++ -*-===//
//
// The findings and their fix-its in the YAML clang-tidy writes for
// --export-fixes (clang::tooling::TranslationUnitDiagnostics), so that
// clang-apply-replacements and editor integrations that consume clang-tidy's
// fixes consume torch-lint's.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_REPORT_EXPORTFIXES_H
#define TORCHLINT_DRIVER_REPORT_EXPORTFIXES_H

#include "engine/Finding.h"

#include <string>

namespace torchlint {

/// The YAML of \p Result's findings: one diagnostic per finding (its
/// message, notes and fix-its, paths absolute), Level Warning, as clang-tidy
/// writes them. Fix-its of one finding that overlap are dropped, as
/// clang-tidy drops them.
std::string exportFixesYaml(const LintResult &Result);

/// Writes exportFixesYaml(\p Result) to \p Path atomically; false and
/// \p Error when it cannot.
bool writeExportFixes(const std::string &Path, const LintResult &Result, std::string &Error);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_REPORT_EXPORTFIXES_H
