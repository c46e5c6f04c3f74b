//===--- Output.cpp - Rendering findings ----------------------------------===//

#include "Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <map>
#include <nlohmann/json.hpp>

namespace torchlint {

const char *const Version = TORCHLINT_VERSION;

std::string displayPath(const std::string &Path) {
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd) || Path.empty())
    return Path;
  llvm::StringRef P(Path);
  if (P.starts_with(Cwd) && P.size() > Cwd.size() &&
      llvm::sys::path::is_separator(P[Cwd.size()]))
    return P.drop_front(Cwd.size() + 1).str();
  return Path;
}

namespace {

llvm::StringRef lineOf(const Location &Loc,
                       std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> &Files) {
  auto &Buf = Files[Loc.File];
  if (!Buf) {
    auto B = llvm::MemoryBuffer::getFile(Loc.File, false, false);
    if (!B)
      return {};
    Buf = std::move(*B);
  }
  llvm::StringRef Text = Buf->getBuffer();
  if (Loc.Offset > Text.size())
    return {};
  size_t Begin = Text.rfind('\n', Loc.Offset == 0 ? 0 : Loc.Offset - 1);
  Begin = (Begin == llvm::StringRef::npos || Loc.Offset == 0) ? 0 : Begin + 1;
  if (Loc.Offset > 0 && Text[Loc.Offset - 1] == '\n')
    Begin = Loc.Offset;
  size_t End = Text.find('\n', Loc.Offset);
  return Text.slice(Begin, End == llvm::StringRef::npos ? Text.size() : End)
      .rtrim("\r");
}

void printSnippet(llvm::raw_ostream &OS, const Location &Loc,
                  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> &Files,
                  bool Color) {
  llvm::StringRef Line = lineOf(Loc, Files);
  if (Line.empty() && Loc.Column > 1)
    return;
  std::string Num = std::to_string(Loc.Line);
  OS << llvm::formatv("{0,5} | ", Num) << Line << "\n";
  OS << "      | ";
  for (unsigned I = 1; I < Loc.Column && I - 1 < Line.size(); ++I)
    OS << (Line[I - 1] == '\t' ? '\t' : ' ');
  if (Color)
    OS.changeColor(llvm::raw_ostream::GREEN, true);
  OS << "^";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

} // namespace

void printText(llvm::raw_ostream &OS, const LintResult &Result, bool Color) {
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Files;
  for (const Finding &F : Result.Findings) {
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    OS << displayPath(F.Loc.File) << ":" << F.Loc.Line << ":" << F.Loc.Column
       << ": ";
    if (Color)
      OS.changeColor(llvm::raw_ostream::MAGENTA, true);
    OS << "warning: ";
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    OS << F.Message << " [" << F.Check << "]";
    if (Color)
      OS.resetColor();
    OS << "\n";
    printSnippet(OS, F.Loc, Files, Color);
    for (const FixIt &Fix : F.FixIts) {
      OS << "      | fix-it: ";
      if (Fix.Length == 0 && llvm::StringRef(Fix.Replacement).contains('\n')) {
        OS << "insert at " << Fix.Loc.Line << ":" << Fix.Loc.Column << ":\n";
        llvm::SmallVector<llvm::StringRef, 16> Lines;
        llvm::StringRef(Fix.Replacement).split(Lines, '\n');
        for (llvm::StringRef L : Lines)
          OS << "      | + " << L << "\n";
        continue;
      }
      if (Fix.Length == 0)
        OS << "insert '" << Fix.Replacement << "'";
      else if (Fix.Replacement.empty())
        OS << "remove " << Fix.Length << " character" << (Fix.Length == 1 ? "" : "s");
      else
        OS << "replace " << Fix.Length << " character"
           << (Fix.Length == 1 ? "" : "s") << " with '" << Fix.Replacement << "'";
      OS << " at " << Fix.Loc.Line << ":" << Fix.Loc.Column << "\n";
    }
    for (const Note &N : F.Notes) {
      OS << displayPath(N.Loc.File) << ":" << N.Loc.Line << ":" << N.Loc.Column
         << ": note: " << N.Message << "\n";
      printSnippet(OS, N.Loc, Files, Color);
    }
  }
  for (const FileError &E : Result.Errors)
    OS << displayPath(E.File) << ": error: " << E.Message << "\n";
}

void printJson(llvm::raw_ostream &OS, const LintResult &Result) {
  using nlohmann::json;
  auto Loc = [](const Location &L) {
    return json{{"file", displayPath(L.File)}, {"line", L.Line}, {"column", L.Column}};
  };
  json Findings = json::array();
  for (const Finding &F : Result.Findings) {
    json J = {{"check", F.Check}, {"level", F.Level}};
    J.update(Loc(F.Loc));
    J["message"] = F.Message;
    json Notes = json::array();
    for (const Note &N : F.Notes) {
      json NJ = Loc(N.Loc);
      NJ["message"] = N.Message;
      Notes.push_back(std::move(NJ));
    }
    J["notes"] = std::move(Notes);
    json Fixes = json::array();
    for (const FixIt &Fix : F.FixIts) {
      json FJ = Loc(Fix.Loc);
      FJ["offset"] = Fix.Loc.Offset;
      FJ["length"] = Fix.Length;
      FJ["replacement"] = Fix.Replacement;
      Fixes.push_back(std::move(FJ));
    }
    J["fixits"] = std::move(Fixes);
    J["graph_break"] = F.GraphBreak.empty() ? json(nullptr) : json(F.GraphBreak);
    Findings.push_back(std::move(J));
  }
  json Errors = json::array();
  for (const FileError &E : Result.Errors)
    Errors.push_back({{"file", displayPath(E.File)}, {"message", E.Message}});
  json Doc = {{"tool", "torch-lint"},
              {"version", Version},
              {"findings", std::move(Findings)},
              {"errors", std::move(Errors)}};
  // Sources may hold invalid UTF-8: replace it rather than fail.
  OS << Doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

} // namespace torchlint
