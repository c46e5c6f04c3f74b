//===--- Output.cpp - Rendering findings ----------------------------------===//

#include "report/Output.h"
#include "report/MissingHeaders.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <map>
#include <set>
#include <tuple>
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

std::string escapeForTerminal(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (size_t I = 0; I < S.size(); ++I) {
    unsigned char C = S[I];
    // C1 controls are U+0080..U+009F: C2 80..C2 9F in UTF-8.
    bool C1 = C == 0xc2 && I + 1 < S.size() &&
              static_cast<unsigned char>(S[I + 1]) >= 0x80 &&
              static_cast<unsigned char>(S[I + 1]) <= 0x9f;
    if (C == '\t' || (C >= 0x20 && C != 0x7f && !C1)) {
      Out += static_cast<char>(C);
      continue;
    }
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    if (C == '\r') {
      Out += "\\r";
      continue;
    }
    unsigned V = C1 ? static_cast<unsigned char>(S[++I]) : C;
    Out += llvm::formatv(C1 ? "\\u{0:x-4}" : "\\x{0:x-2}", V).str();
  }
  return Out;
}

namespace {

/// The line holding \p Loc, as clang counts lines (LF, CRLF or a lone CR).
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
  size_t Begin = Loc.Offset;
  while (Begin > 0 && Text[Begin - 1] != '\n' && Text[Begin - 1] != '\r')
    --Begin;
  size_t End = Text.find_first_of("\r\n", Loc.Offset);
  return Text.slice(Begin, End == llvm::StringRef::npos ? Text.size() : End);
}

/// At most this many bytes of a source line are shown, around the column
/// (as clang clips long lines).
constexpr size_t SnippetWidth = 160;

void printSnippet(llvm::raw_ostream &OS, const Location &Loc,
                  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> &Files,
                  bool Color) {
  llvm::StringRef Line = lineOf(Loc, Files);
  if (Line.empty() && Loc.Column > 1)
    return;
  size_t Col = std::min<size_t>(Loc.Column ? Loc.Column - 1 : 0, Line.size());
  std::string Before, After;
  if (Line.size() > SnippetWidth) {
    size_t Start = Col > SnippetWidth / 2 ? Col - SnippetWidth / 2 : 0;
    // Never cut a UTF-8 sequence.
    while (Start > 0 && (static_cast<unsigned char>(Line[Start]) & 0xc0) == 0x80)
      --Start;
    size_t Stop = std::min(Line.size(), Start + SnippetWidth);
    while (Stop < Line.size() && (static_cast<unsigned char>(Line[Stop]) & 0xc0) == 0x80)
      ++Stop;
    Before = Start > 0 ? "..." : "";
    After = Stop < Line.size() ? "..." : "";
    Col -= Start;
    Line = Line.slice(Start, Stop);
  }
  std::string Num = std::to_string(Loc.Line);
  OS << llvm::formatv("{0,5} | ", Num) << Before << escapeForTerminal(Line) << After
     << "\n";
  OS << "      | " << std::string(Before.size(), ' ');
  // The caret under the column of the escaped text; tabs kept for alignment.
  std::string Prefix = escapeForTerminal(Line.take_front(Col));
  for (char C : Prefix)
    OS << (C == '\t' ? '\t' : ' ');
  if (Color)
    OS.changeColor(llvm::raw_ostream::GREEN, true);
  OS << "^";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

void printFixIts(llvm::raw_ostream &OS, const Finding &F) {
  for (const FixIt &Fix : F.FixIts) {
    OS << "      | fix-it: ";
    if (Fix.Length == 0 && llvm::StringRef(Fix.Replacement).contains('\n')) {
      OS << "insert at " << Fix.Loc.Line << ":" << Fix.Loc.Column << ":\n";
      llvm::SmallVector<llvm::StringRef, 16> Lines;
      llvm::StringRef(Fix.Replacement).split(Lines, '\n');
      for (llvm::StringRef L : Lines)
        OS << "      | + " << escapeForTerminal(L) << "\n";
      continue;
    }
    if (Fix.Length == 0)
      OS << "insert '" << escapeForTerminal(Fix.Replacement) << "'";
    else if (Fix.Replacement.empty())
      OS << "remove " << Fix.Length << " character" << (Fix.Length == 1 ? "" : "s");
    else
      OS << "replace " << Fix.Length << " character" << (Fix.Length == 1 ? "" : "s")
         << " with '" << escapeForTerminal(Fix.Replacement) << "'";
    OS << " at " << Fix.Loc.Line << ":" << Fix.Loc.Column << "\n";
  }
}

} // namespace

void printText(llvm::raw_ostream &OS, const LintResult &Result, bool Color) {
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Files;
  // torch-compile-opaque-binding and torch-binding-gil on one binding read
  // as one report: the GIL finding is printed as a second note of the
  // opaque-binding warning (both stay findings for --checks, JSON, SARIF).
  // One binding: the same place and the same quoted name ('scale',
  // 'Module.fwd'), whatever else sits there (a macro's bindings at its use).
  using Site = std::tuple<std::string, unsigned, unsigned, std::string>;
  auto SiteOf = [](const Finding &F) {
    llvm::StringRef Name = llvm::StringRef(F.Message).split('\'').second.split('\'').first;
    return Site{F.Loc.File, F.Loc.Line, F.Loc.Column, Name.str()};
  };
  std::map<Site, size_t> Opaque;
  for (size_t I = 0; I < Result.Findings.size(); ++I)
    if (Result.Findings[I].Check == "torch-compile-opaque-binding")
      Opaque.emplace(SiteOf(Result.Findings[I]), I);
  std::map<size_t, std::vector<const Finding *>> Joined;
  std::set<size_t> Folded;
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    const Finding &F = Result.Findings[I];
    auto It = F.Check == "torch-binding-gil" ? Opaque.find(SiteOf(F)) : Opaque.end();
    if (It != Opaque.end()) {
      Joined[It->second].push_back(&F);
      Folded.insert(I);
    }
  }
  auto PrintNotes = [&](const Finding &F) {
    for (const Note &N : F.Notes) {
      OS << escapeForTerminal(displayPath(N.Loc.File)) << ":" << N.Loc.Line << ":"
         << N.Loc.Column << ": note: " << escapeForTerminal(N.Message) << "\n";
      printSnippet(OS, N.Loc, Files, Color);
    }
  };
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    if (Folded.count(I))
      continue;
    const Finding &F = Result.Findings[I];
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    OS << escapeForTerminal(displayPath(F.Loc.File)) << ":" << F.Loc.Line << ":"
       << F.Loc.Column << ": ";
    if (Color)
      OS.changeColor(llvm::raw_ostream::MAGENTA, true);
    if (Color && F.AsError)
      OS.changeColor(llvm::raw_ostream::RED, true);
    OS << (F.AsError ? "error: " : "warning: ");
    if (Color)
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    // clang-tidy's spelling of a warning made an error.
    OS << escapeForTerminal(F.Message) << " [" << escapeForTerminal(F.Check)
       << (F.AsError ? ",-warnings-as-errors" : "") << "]";
    if (Color)
      OS.resetColor();
    OS << "\n";
    printSnippet(OS, F.Loc, Files, Color);
    printFixIts(OS, F);
    PrintNotes(F);
    for (const Finding *G : Joined[I]) {
      OS << escapeForTerminal(displayPath(G->Loc.File)) << ":" << G->Loc.Line << ":"
         << G->Loc.Column << ": note: also: " << escapeForTerminal(G->Message) << " ["
         << escapeForTerminal(G->Check) << "]\n";
      printFixIts(OS, *G);
      PrintNotes(*G);
    }
  }
  for (const FileError &E : Result.Errors)
    if (!E.Partial || E.Header.empty()) // Missing headers: once per header, below.
      OS << escapeForTerminal(displayPath(E.File)) << (E.Partial ? ": warning: " : ": error: ")
         << escapeForTerminal(E.Message) << "\n";
  printMissingHeaders(OS, Result);
}

std::string errorText(const FileError &E) {
  return E.Hint.empty() ? E.Message : E.Message + " (" + E.Hint + ")";
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
    J["severity"] = F.AsError ? "error" : "warning";
    Findings.push_back(std::move(J));
  }
  json Errors = json::array();
  for (const FileError &E : Result.Errors)
  {
    json J = {{"file", displayPath(E.File)},
              {"message", E.Message},
              {"severity", E.Partial ? "warning" : "error"}};
    if (!E.Header.empty())
      J["header"] = E.Header;
    if (!E.Hint.empty())
      J["hint"] = E.Hint;
    Errors.push_back(std::move(J));
  }
  json Doc = {{"tool", "torch-lint"},
              {"version", Version},
              {"findings", std::move(Findings)},
              {"errors", std::move(Errors)}};
  // Sources may hold invalid UTF-8: replace it rather than fail.
  OS << Doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

} // namespace torchlint
