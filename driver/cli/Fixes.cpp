//===--- Fixes.cpp - --fix: the fix-its written into the named files ------===//

#include "cli/Fixes.h"
#include "cli/Cli.h"
#include "fixits/ApplyFixes.h"
#include "model/PythonTokens.h"
#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace torchlint {
namespace {

/// Whether Clang reports errors in \p File's code: it does not parse, or
/// its semantic analysis rejects some of it (FileError::Partial).
bool hasParseError(const std::string &File, const std::vector<FileError> &Errors) {
  for (const FileError &E : Errors)
    if (E.File == File && (llvm::StringRef(E.Message).starts_with("could not be parsed") ||
                           llvm::StringRef(E.Message).starts_with(RejectedInPart)))
      return true;
  return false;
}

/// Writes the fixed \p File (applyFixes, for one file); false when it
/// could not (said).
bool fixFile(const std::string &File, std::vector<fixits::Edit> Edits, const LintResult &Result,
             bool Quiet, const EngineOptions *Reparse,
             const clang::tooling::CompilationDatabase *Database,
             const std::vector<std::string> &WriteRoots, bool Python) {
  // The file written is the real one (a symlink stays a symlink), and only
  // inside the tree that was named.
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(File, Real)) {
    llvm::errs() << "torch-lint: error: cannot resolve " << escapeForTerminal(displayPath(File))
                 << " to fix it: " << EC.message() << "\n";
    return false;
  }
  if (!llvm::any_of(WriteRoots, [&](const std::string &Root) {
        return llvm::StringRef(Real).starts_with(Root + "/");
      })) {
    llvm::errs() << "torch-lint: error: " << escapeForTerminal(displayPath(File))
                 << " resolves to " << escapeForTerminal(Real.str())
                 << ", outside the linted tree; not fixed\n";
    return false;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Real, false, false);
  if (!Buf) {
    llvm::errs() << "torch-lint: error: cannot read " << escapeForTerminal(displayPath(File))
                 << " to fix it: " << Buf.getError().message() << "\n";
    return false;
  }
  // Fault injection for the test of the check below: the file is edited
  // between the parse and the fix.
  if (std::getenv("TORCHLINT_TEST_EDIT_BEFORE_FIX")) {
    std::string Edited = (*Buf)->getBuffer().str() + "// edited during the run\n";
    std::string Ignored;
    fixits::writeFileAtomically(Real.str().str(), Edited, Ignored);
    Buf = llvm::MemoryBuffer::getFile(Real, false, false);
    if (!Buf)
      return true;
  }
  // Fix-its refer to the bytes that were parsed: a file edited since is
  // left alone.
  auto Parsed = Result.Parsed.find(File);
  if (Parsed == Result.Parsed.end() ||
      Parsed->second !=
          llvm::SHA256::hash(llvm::arrayRefFromStringRef((*Buf)->getBuffer()))) {
    llvm::errs() << "torch-lint: error: " << escapeForTerminal(displayPath(File))
                 << " changed since it was linted; not fixed (run again)\n";
    return false;
  }
  fixits::Applied A = fixits::applyEdits((*Buf)->getBuffer(), std::move(Edits));
  for (const std::string &D : A.Dropped)
    llvm::errs() << "torch-lint: warning: " << escapeForTerminal(displayPath(File))
                 << ": fix-it not applied: " << escapeForTerminal(D) << "\n";
  if (A.Content == (*Buf)->getBuffer())
    return true;
  // Fault injection for the tests of the rollback below.
  if (std::getenv("TORCHLINT_TEST_BREAK_FIXES"))
    A.Content += "\n}}} // injected by TORCHLINT_TEST_BREAK_FIXES\n";
  // Re-parse the fixed text before writing: a fix that makes a file that
  // parsed stop parsing is rolled back. (A Python file's fix-its replace a
  // callee's name by a dotted one: its brackets must pair as they did.)
  if (Python) {
    if (model::python::balanced(model::python::tokenize((*Buf)->getBuffer())) &&
        !model::python::balanced(model::python::tokenize(A.Content))) {
      llvm::errs() << "torch-lint: error: the fixes for " << escapeForTerminal(displayPath(File))
                   << " would make it fail to parse; nothing was written\n";
      return false;
    }
  } else if (Reparse && !hasParseError(File, Result.Errors)) {
    EngineOptions Check = *Reparse;
    Check.Progress = nullptr;
    Check.Overlay[File] = A.Content;
    LintResult After = lint({File}, *Database, Check);
    if (hasParseError(File, After.Errors)) {
      llvm::errs() << "torch-lint: error: the fixes for " << escapeForTerminal(displayPath(File))
                   << " would make it fail to parse; nothing was written\n";
      return false;
    }
  }
  std::string Error;
  if (!fixits::writeFileAtomically(Real.str().str(), A.Content, Error)) {
    llvm::errs() << "torch-lint: error: " << Error << " (file left unchanged)\n";
    return false;
  }
  if (!Quiet)
    llvm::errs() << "torch-lint: applied " << A.AppliedCount << " fix-it"
                 << (A.AppliedCount == 1 ? "" : "s") << " to "
                 << escapeForTerminal(displayPath(File)) << "\n";
  return true;
}

} // namespace

int applyFixes(const std::vector<std::string> &Files, const LintResult &Result,
               bool Quiet, const EngineOptions *Reparse,
               const clang::tooling::CompilationDatabase *Database,
               const std::vector<std::string> &WriteRoots) {
  std::map<std::string, std::vector<fixits::Edit>> ByFile;
  // A fix-it in a Python file goes with its finding's C++ fix (the callers
  // of bindings the fix registers as operators): written only once that
  // C++ file is, or where that file has nothing to write (a fake kernel
  // missing-fake-kernel writes into Python only). By the finding's file.
  std::map<std::string, std::map<std::string, std::vector<fixits::Edit>>> PythonOf;
  unsigned Outside = 0;
  for (const Finding &F : Result.Findings)
    for (const FixIt &Fix : F.FixIts) {
      fixits::Edit E{Fix.Loc.Offset, Fix.Length, Fix.Replacement, F.Check};
      if (llvm::StringRef(Fix.Loc.File).ends_with(".py") &&
          llvm::is_contained(Files, F.Loc.File) && !llvm::is_contained(Files, Fix.Loc.File)) {
        PythonOf[F.Loc.File][Fix.Loc.File].push_back(std::move(E));
        continue;
      }
      if (!llvm::is_contained(Files, Fix.Loc.File)) {
        ++Outside; // Never write a file that was not named.
        continue;
      }
      ByFile[Fix.Loc.File].push_back(std::move(E));
    }
  bool Failed = false;
  std::map<std::string, std::vector<fixits::Edit>> Python;
  for (auto &[File, Edits] : ByFile) {
    bool Fixed = fixFile(File, std::move(Edits), Result, Quiet, Reparse, Database, WriteRoots,
                         /*Python=*/false);
    Failed |= !Fixed;
    if (auto It = PythonOf.find(File); It != PythonOf.end()) {
      if (Fixed)
        for (auto &[PyFile, PyEdits] : It->second)
          llvm::append_range(Python[PyFile], PyEdits);
      else
        for (auto &[PyFile, PyEdits] : It->second)
          llvm::errs() << "torch-lint: " << escapeForTerminal(displayPath(PyFile))
                       << ": the calls of the operators the fix of "
                       << escapeForTerminal(displayPath(File))
                       << " registers are left as they are (that file was not fixed)\n";
    }
  }
  for (auto &[File, Of] : PythonOf)
    if (!ByFile.count(File))
      for (auto &[PyFile, PyEdits] : Of)
        llvm::append_range(Python[PyFile], PyEdits);
  for (auto &[File, Edits] : Python)
    Failed |= !fixFile(File, std::move(Edits), Result, Quiet, Reparse, Database, WriteRoots,
                       /*Python=*/true);
  if (Outside && !Quiet)
    llvm::errs() << "torch-lint: " << Outside
                 << " fix-it(s) in files not named on the command line were not applied\n";
  return Failed ? ExitIncomplete : -1;
}

} // namespace torchlint
