//===--- ExportFixes.cpp - --export-fixes: clang-tidy's YAML --------------===//

#include "report/ExportFixes.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {
namespace {

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

clang::tooling::DiagnosticMessage message(const std::string &Text, const Location &Loc) {
  clang::tooling::DiagnosticMessage M;
  M.Message = Text;
  M.FilePath = absolute(Loc.File);
  M.FileOffset = Loc.Offset;
  return M;
}

} // namespace

std::string exportFixesYaml(const LintResult &Result) {
  clang::tooling::TranslationUnitDiagnostics TU;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const Finding &F : Result.Findings) {
    clang::tooling::DiagnosticMessage Main = message(F.Message, F.Loc);
    for (const FixIt &Fix : F.FixIts) {
      const std::string File = absolute(Fix.Loc.File);
      clang::tooling::Replacement R(File, Fix.Loc.Offset, Fix.Length, Fix.Replacement);
      if (llvm::Error E = Main.Fix[File].add(R))
        llvm::consumeError(std::move(E)); // Overlapping: clang-tidy drops it too.
    }
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const Note &N : F.Notes)
      Notes.push_back(message(N.Message, N.Loc));
    TU.Diagnostics.emplace_back(F.Check, Main, Notes,
                                F.AsError ? clang::tooling::Diagnostic::Error
                                          : clang::tooling::Diagnostic::Warning,
                                Cwd.str());
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  OS.flush();
  return Out;
}

bool writeExportFixes(const std::string &Path, const LintResult &Result, std::string &Error) {
  const std::string Text = exportFixesYaml(Result);
  // llvm::writeToOutput: a temporary file beside Path, then rename.
  if (llvm::Error E = llvm::writeToOutput(absolute(Path), [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      })) {
    Error = llvm::toString(std::move(E));
    return false;
  }
  return true;
}

} // namespace torchlint
