//===--- IncludeInference.cpp - Include directories of a tree without a build -===//

#include "project/IncludeInference.h"
#include "model/SafeRead.h"
#include "project/Project.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

namespace torchlint {
namespace {

using llvm::StringRef;

constexpr size_t MaxIndexedFiles = 200000;
constexpr size_t MaxHeaderBytes = 4 << 20;
constexpr int MaxDepth = 6;

bool isHeaderName(StringRef Name) {
  StringRef Ext = llvm::sys::path::extension(Name);
  return Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" || Ext == ".cuh" ||
         Ext == ".inl" || Ext == ".inc" || Ext == ".tcc";
}

/// Directories no project header is taken from. Vendored code and
/// submodules are searched: their headers are what the project includes.
bool skippedDirectory(StringRef Name, StringRef Path) {
  ForeignKind K = foreignKindOf(Name, Path);
  return K != ForeignKind::None && K != ForeignKind::Vendored && K != ForeignKind::Submodule;
}

/// The spellings of the file's #include directives ("a/b.h" and <a/b.h>).
std::vector<std::string> includesOf(const std::string &File, const std::string &Root) {
  std::vector<std::string> Out;
  auto Buf = readTreeFile(File, {Root}, MaxHeaderBytes);
  if (!Buf)
    return Out;
  llvm::SmallVector<StringRef, 64> Lines;
  Buf->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include"))
      continue;
    L = L.ltrim();
    if (L.empty() || (L[0] != '"' && L[0] != '<'))
      continue;
    char Close = L[0] == '"' ? '"' : '>';
    size_t End = L.find(Close, 1);
    if (End == StringRef::npos || End == 1)
      continue;
    Out.push_back(L.slice(1, End).str());
  }
  return Out;
}

size_t commonPrefix(StringRef A, StringRef B) {
  size_t N = 0;
  while (N < A.size() && N < B.size() && A[N] == B[N])
    ++N;
  return N;
}

} // namespace

const IncludeInference::Index &IncludeInference::indexOf(const std::string &Root) {
  auto &Slot = Indexes[Root];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<Index>();
  std::vector<std::string> Stack = {Root};
  size_t Seen = 0;
  while (!Stack.empty() && Seen < MaxIndexedFiles) {
    std::string Dir = std::move(Stack.back());
    Stack.pop_back();
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
         It != End && !EC && Seen < MaxIndexedFiles; It.increment(EC)) {
      ++Seen;
      StringRef Name = llvm::sys::path::filename(It->path());
      if (It->type() == llvm::sys::fs::file_type::directory_file) {
        if (!skippedDirectory(Name, It->path()))
          Stack.push_back(It->path());
      } else if (It->type() == llvm::sys::fs::file_type::regular_file &&
                 isHeaderName(Name)) {
        Slot->Headers.push_back(It->path());
      }
    }
  }
  llvm::sort(Slot->Headers);
  return *Slot;
}

std::vector<std::string> IncludeInference::includeDirsFor(const std::string &File,
                                                          const std::string &Root) {
  std::vector<std::string> Dirs = {Root};
  const Index &Idx = indexOf(Root);
  auto Resolves = [&](const std::string &From, const std::string &Spelling,
                      std::string &Found) {
    llvm::SmallString<256> Rel(llvm::sys::path::parent_path(From));
    llvm::sys::path::append(Rel, Spelling);
    // A header is a regular file: a directory of its name is skipped, as
    // the compiler skips it.
    if (llvm::sys::fs::is_regular_file(Rel)) {
      Found = Rel.str().str();
      return true;
    }
    for (const std::string &D : Dirs) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Spelling);
      if (llvm::sys::fs::is_regular_file(P)) {
        Found = P.str().str();
        return true;
      }
    }
    return false;
  };
  std::set<std::string> Visited;
  std::vector<std::pair<std::string, int>> Work = {{File, 0}};
  while (!Work.empty()) {
    auto [Cur, Depth] = Work.back();
    Work.pop_back();
    if (!Visited.insert(Cur).second)
      continue;
    for (const std::string &S : includesOf(Cur, Root)) {
      if (llvm::sys::path::is_absolute(S) || StringRef(S).contains(".."))
        continue;
      std::string Found;
      if (!Resolves(Cur, S, Found)) {
        if (llvm::any_of(KnownDirs, [&](const std::string &D) {
              llvm::SmallString<256> P(D);
              llvm::sys::path::append(P, S);
              return llvm::sys::fs::is_regular_file(P);
            }))
          continue; // torch's, Python's or the system's.
        // A project header whose path ends in the spelling: its prefix is
        // an include directory. The project's own before vendored code,
        // then the nearest to the including file.
        std::string Suffix = "/" + S, Best;
        std::pair<bool, size_t> BestScore;
        for (const std::string &H : Idx.Headers)
          if (StringRef(H).ends_with(Suffix)) {
            std::pair<bool, size_t> Score = {!inForeignDirectory(H, Root), commonPrefix(H, Cur)};
            if (Best.empty() || Score > BestScore || (Score == BestScore && H < Best)) {
              Best = H;
              BestScore = Score;
            }
          }
        if (Best.empty())
          continue; // A system or torch header, or truly missing.
        Dirs.push_back(Best.substr(0, Best.size() - Suffix.size()));
        Found = Best;
      }
      // Follow the project's own headers.
      if (Depth < MaxDepth && StringRef(Found).starts_with(Root + "/"))
        Work.push_back({Found, Depth + 1});
    }
  }
  return Dirs;
}

} // namespace torchlint
