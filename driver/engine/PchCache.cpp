//===--- PchCache.cpp - Precompiled torch headers, built by torch-lint ----===//

#include "engine/PchCache.h"
#include "support/CacheFiles.h"
#include "project/CompileFlags.h"
#include "model/ProjectModel.h"
#include "model/SafeRead.h"
#include "engine/ClangResources.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace clang;

namespace torchlint {
namespace {

/// Generates a PCH with every function body skipped (the checks never look
/// into torch's function bodies).
class BodylessPchAction : public GeneratePCHAction {
public:
  explicit BodylessPchAction(std::string Out) : Out(std::move(Out)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    // ClangTool's argument adjusters strip -o: set the output here.
    CI.getFrontendOpts().OutputFile = Out;
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return GeneratePCHAction::CreateASTConsumer(CI, InFile);
  }

private:
  std::string Out;
};

class OneCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit OneCommandDatabase(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(StringRef) const override {
    return {C};
  }

private:
  tooling::CompileCommand C;
};

/// The compile command's flags without the input file and output options.
std::vector<std::string> flagsOf(const tooling::CompileCommand &Command,
                                 const std::string &File) {
  std::vector<std::string> Flags;
  const auto &Args = Command.CommandLine;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == File || A == Command.Filename || A == "-c" || A == "-fsyntax-only")
      continue;
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if (A.starts_with("-o") || A == "-MD" || A == "-MMD")
      continue;
    Flags.push_back(A.str());
  }
  return Flags;
}

} // namespace

const std::set<std::string> &PchCache::Listings::of(const std::string &Dir) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Entries.try_emplace(Dir);
  if (New) {
    std::error_code EC;
    unsigned N = 0;
    for (llvm::sys::fs::directory_iterator I(Dir, EC), End; I != End && !EC && N < 20000;
         I.increment(EC), ++N)
      It->second.insert(llvm::sys::path::filename(I->path()).str());
  }
  return It->second;
}

namespace {

/// \p Flags without the -I/-iquote directories that cannot change what the
/// torch headers resolve to: none of their entries is named like an entry
/// of a system include directory (-isystem: torch, Python, CUDA) or like
/// omp.h. Files whose project include directories differ then share one
/// PCH (the directories still apply to the file's own includes).
std::vector<std::string> withoutProjectDirs(const std::vector<std::string> &Flags,
                                            StringRef Directory, PchCache::Listings &Listings) {
  std::set<std::string> Surface = {"omp.h", "pybind11", "Python.h"};
  for (size_t I = 0; I + 1 < Flags.size(); ++I)
    if (Flags[I] == "-isystem")
      for (const std::string &E : Listings.of(Flags[I + 1]))
        Surface.insert(E);
  auto Harmless = [&](StringRef D) {
    llvm::SmallString<256> Abs(D);
    if (!llvm::sys::path::is_absolute(Abs)) {
      Abs = Directory;
      llvm::sys::path::append(Abs, D);
    }
    if (!llvm::sys::fs::is_directory(Abs))
      return false;
    const std::set<std::string> &Mine = Listings.of(Abs.str().str());
    return llvm::none_of(Mine, [&](const std::string &E) { return Surface.count(E); });
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    if ((F == "-I" || F == "-iquote") && I + 1 < Flags.size() && Harmless(Flags[I + 1])) {
      ++I;
      continue;
    }
    if (F.starts_with("-I") && F.size() > 2 && Harmless(F.drop_front(2)))
      continue;
    if (F.starts_with("-iquote") && F.size() > 7 && Harmless(F.drop_front(7)))
      continue;
    Out.push_back(F.str());
  }
  return Out;
}

} // namespace

std::string PchCache::defaultDir() { return model::ProjectIndex::defaultCacheDir(); }

namespace {

/// Appends the leading angle includes of \p Source to \p Out, following
/// quote includes. Returns false if the prefix ended inside a followed header
/// (then nothing after it in the includer may be added).
bool scanPrefix(StringRef Source, StringRef Dir, const std::vector<std::string> &QuoteDirs,
                std::vector<std::string> &Out, unsigned Depth, bool IsHeader) {
  StringRef Rest = Source;
  if (Rest.starts_with("\xEF\xBB\xBF"))
    Rest = Rest.drop_front(3);
  bool SawGuard = false;
  while (!Rest.empty()) {
    Rest = Rest.ltrim(" \t\r\n");
    if (Rest.empty())
      break;
    if (Rest.starts_with("//")) {
      Rest = Rest.drop_until([](char C) { return C == '\n'; });
      continue;
    }
    if (Rest.starts_with("/*")) {
      size_t End = Rest.find("*/");
      if (End == StringRef::npos)
        return false;
      Rest = Rest.drop_front(End + 2);
      continue;
    }
    if (!Rest.starts_with("#"))
      return false;
    StringRef Line = Rest.take_until([](char C) { return C == '\n'; });
    StringRef Directive = Line.drop_front(1).ltrim(" \t").rtrim(" \t\r");
    Rest = Rest.drop_front(Line.size());
    if (Directive.starts_with("pragma") && Directive.drop_front(6).trim() == "once")
      continue;
    // A header's include guard: `#ifndef X` then `#define X`, nothing else.
    if (IsHeader && !SawGuard && Directive.starts_with("ifndef")) {
      StringRef Macro = Directive.drop_front(6).trim();
      StringRef Next = Rest.ltrim(" \t\r\n").take_until([](char C) { return C == '\n'; });
      StringRef Def = Next.drop_front(Next.starts_with("#") ? 1 : 0).ltrim(" \t");
      if (!Next.starts_with("#") || !Def.consume_front("define") ||
          Def.trim() != Macro)
        return false;
      Rest = Rest.ltrim(" \t\r\n").drop_front(Next.size());
      SawGuard = true;
      continue;
    }
    if (!Directive.consume_front("include") || Line.ends_with("\\"))
      return false;
    Directive = Directive.ltrim(" \t");
    char Close = Directive.starts_with("<") ? '>' : Directive.starts_with("\"") ? '"' : 0;
    if (!Close)
      return false;
    size_t End = Directive.find(Close, 1);
    if (End == StringRef::npos)
      return false;
    StringRef Header = Directive.substr(1, End - 1);
    StringRef After = Directive.drop_front(End + 1).trim();
    if (!After.empty() && !After.starts_with("//"))
      return false;
    if (Close == '>') {
      Out.push_back(Header.str());
      continue;
    }
    // A project header: follow it if it can be found.
    if (Depth >= 8)
      return false;
    std::vector<std::string> Dirs = {Dir.str()};
    Dirs.insert(Dirs.end(), QuoteDirs.begin(), QuoteDirs.end());
    bool Followed = false;
    for (const std::string &D : Dirs) {
      llvm::SmallString<256> Path(D);
      llvm::sys::path::append(Path, Header);
      // Only small regular files: a FIFO or device here would hang the read
      // (the parse itself is served by the sandbox, SandboxFS.h).
      auto Buf = readRegularFile(Path, 4 << 20);
      if (!Buf)
        continue;
      if (!scanPrefix(Buf->getBuffer(), llvm::sys::path::parent_path(Path), QuoteDirs,
                      Out, Depth + 1, /*IsHeader=*/true))
        return false;
      Followed = true;
      break;
    }
    if (!Followed)
      return false;
  }
  return true;
}

} // namespace

bool PchCache::isTorchFamily(StringRef Header) {
  return Header.starts_with("torch/") || Header.starts_with("ATen/") ||
         Header.starts_with("c10/") || Header.starts_with("pybind11/");
}

namespace {

/// A header name from an untrusted file (or the cache list made of them)
/// that may go into a shared prefix: a torch-family name of plain path
/// characters, with no `..`.
bool isSharableName(StringRef H) {
  return PchCache::isTorchFamily(H) && !H.contains("..") && llvm::all_of(H, [](char C) {
           return llvm::isAlnum(C) || C == '_' || C == '-' || C == '.' || C == '/' || C == '+';
         });
}

} // namespace

std::vector<std::string> PchCache::includePrefix(StringRef Source, StringRef Dir,
                                                 const std::vector<std::string> &QuoteDirs) {
  std::vector<std::string> Includes;
  scanPrefix(Source, Dir, QuoteDirs, Includes, 0, /*IsHeader=*/false);
  bool Torch =
      llvm::any_of(Includes, [](const std::string &H) { return isTorchFamily(H); });
  return Torch ? Includes : std::vector<std::string>{};
}

bool PchCache::isPchError(StringRef Message) {
  return Message.contains("precompiled header") || Message.contains("PCH file") ||
         Message.contains("AST file") || Message.contains("has been modified since");
}

std::vector<std::string> PchCache::torchPrefix(const std::string &File,
                                               const tooling::CompileCommand &Command,
                                               StringRef Source) {
  std::vector<std::string> Flags = flagsOf(Command, File);
  std::vector<std::string> QuoteDirs;
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    for (StringRef Opt : {"-I", "-iquote"}) {
      if (F == Opt && I + 1 < Flags.size())
        QuoteDirs.push_back(Flags[I + 1]);
      else if (F.starts_with(Opt) && F.size() > Opt.size())
        QuoteDirs.push_back(F.drop_front(Opt.size()).str());
    }
  }
  for (std::string &D : QuoteDirs)
    if (!llvm::sys::path::is_absolute(D)) {
      llvm::SmallString<256> Abs(Command.Directory);
      llvm::sys::path::append(Abs, D);
      D = Abs.str().str();
    }
  std::vector<std::string> Prefix =
      includePrefix(Source, llvm::sys::path::parent_path(File), QuoteDirs);
  // Only the torch-family headers go into the PCH: the standard headers
  // around them are cheap, self-contained and order-independent, and
  // leaving them out lets files that differ only in those share one entry.
  llvm::erase_if(Prefix, [](const std::string &H) { return !isTorchFamily(H); });
  // A header named again (an includer's and its project header's) adds
  // nothing: once, where first named.
  std::set<std::string> Seen;
  llvm::erase_if(Prefix, [&](const std::string &H) { return !Seen.insert(H).second; });
  return Prefix;
}

std::vector<std::string> PchCache::foundHeaders(const tooling::CompileCommand &Command,
                                                std::vector<std::string> Headers) {
  // (Debian's torch is in /usr/include, where the compiler looks anyway.)
  std::vector<std::string> Dirs = includeDirsIn(Command.CommandLine, Command.Directory);
  Dirs.push_back("/usr/local/include");
  Dirs.push_back("/usr/include");
  llvm::erase_if(Headers, [&](const std::string &H) {
    if (!isSharableName(H))
      return true;
    return llvm::none_of(Dirs, [&](const std::string &D) {
      llvm::SmallString<256> Path(D);
      llvm::sys::path::append(Path, H);
      return llvm::sys::fs::is_regular_file(Path);
    });
  });
  return Headers;
}

std::string PchCache::groupOf(const std::string &File,
                              const tooling::CompileCommand &Command) const {
  // The project and the flags the entry is built with, in any order: the
  // parent, which shares, and the workers, which look up, may order them
  // differently.
  std::vector<std::string> Flags =
      withoutProjectDirs(flagsOf(Command, File), Command.Directory, DirectoryListings);
  llvm::sort(Flags);
  llvm::SHA256 Hash;
  for (const std::string &S : {RootOf ? RootOf(File) : std::string(), Command.Directory}) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  }
  for (const std::string &F : Flags) {
    Hash.update(F);
    Hash.update(StringRef("\0", 1));
  }
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "pch",
                          "shared-" + llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 24) +
                              ".txt");
  return Path.str().str();
}

std::vector<std::string> PchCache::sharedPrefix(const std::string &Group) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Shared.try_emplace(Group);
  if (New)
    if (auto Buf = readRegularFile(Group, 64 << 10)) {
      llvm::SmallVector<StringRef, 16> Lines;
      Buf->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
      for (StringRef L : Lines)
        if (isSharableName(L) && It->second.size() < MaxSharedHeaders)
          It->second.push_back(L.str());
    }
  return It->second;
}

void PchCache::share(const std::string &Group,
                     const std::vector<std::vector<std::string>> &Prefixes) {
  std::vector<std::string> Union = sharedPrefix(Group);
  bool Grew = false;
  for (const std::vector<std::string> &P : Prefixes)
    for (const std::string &H : P)
      if (isSharableName(H) && !llvm::is_contained(Union, H) &&
          Union.size() < MaxSharedHeaders) {
        Union.push_back(H);
        Grew = true;
      }
  if (!Grew)
    return;
  std::string Text;
  for (const std::string &H : Union)
    Text += H + "\n";
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Group)) ||
      writeReplacing(Group, Text))
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  Shared[Group] = std::move(Union);
}

std::vector<std::string> PchCache::argsFor(const std::string &File,
                                           const tooling::CompileCommand &Command,
                                           StringRef Source) {
  std::vector<std::string> Prefix = torchPrefix(File, Command, Source);
  if (Prefix.empty())
    return {};
  std::vector<std::string> Flags = flagsOf(Command, File);
  for (const std::string &F : Flags)
    if (F == "-include-pch" || F == "-include" || StringRef(F).starts_with("-include"))
      return {}; // The project already preincludes something.
  // Built, and keyed, without the project's own include directories.
  Flags = withoutProjectDirs(Flags, Command.Directory, DirectoryListings);
  // The project's shared entry, when it holds this file's torch headers.
  if (RootOf) {
    std::vector<std::string> Union = sharedPrefix(groupOf(File, Command));
    // (Whatever its order: the same headers in another order, or one
    // named twice, are no entry of their own.)
    if (!Union.empty() &&
        llvm::all_of(Prefix, [&](const std::string &H) { return llvm::is_contained(Union, H); }))
      if (std::vector<std::string> Use = entryFor(Flags, Command, Union, /*Shared=*/true);
          !Use.empty())
        return Use;
  }
  return entryFor(Flags, Command, Prefix, /*Shared=*/false);
}

namespace {

/// The key of an entry: everything that changes what the PCH contains or
/// whether Clang accepts it. (-D values are accepted silently by Clang, so
/// they must be in the key; so is a missing -D_GLIBCXX_USE_CXX11_ABI.)
std::string entryKey(const std::vector<std::string> &Flags,
                     const tooling::CompileCommand &Command,
                     const std::vector<std::string> &Prefix) {
  llvm::SHA256 Hash;
  auto Add = [&](StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  };
  Add(getClangFullVersion());
  Add(TORCHLINT_VERSION);
  Add(clangResourceDir());
  Add(Command.Directory);
  for (const std::string &F : Flags)
    Add(F);
  Add("--prefix--");
  for (const std::string &H : Prefix)
    Add(H);
  return llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
}

/// The entry's header (its #includes of \p Prefix), written in the work
/// directory \p Work and renamed to \p Header.
bool stagePrefixHeader(StringRef Work, const std::string &Key,
                       const std::vector<std::string> &Prefix, const std::string &Header) {
  std::string Staged = (Work + "/prefix.h").str();
  std::error_code EC;
  llvm::raw_fd_ostream OS(Staged, EC, llvm::sys::fs::CD_CreateNew);
  if (EC)
    return false;
  OS << "// torch-lint PCH prefix, key " << Key << "\n#pragma once\n";
  for (const std::string &H : Prefix)
    OS << "#include <" << H << ">\n";
  OS.close();
  return !OS.has_error() && !llvm::sys::fs::rename(Staged, Header);
}

/// Builds the bodiless PCH of \p Header with the file's \p Flags into
/// \p Temp; false when Clang could not.
bool compileBodylessPch(const std::vector<std::string> &Flags,
                        const tooling::CompileCommand &Command, const std::string &Header,
                        const std::string &Temp) {
  tooling::CompileCommand Build;
  Build.Directory = Command.Directory;
  Build.Filename = Header;
  Build.CommandLine.push_back(Command.CommandLine.empty() ? "clang++"
                                                          : Command.CommandLine[0]);
  Build.CommandLine.insert(Build.CommandLine.end(), Flags.begin(), Flags.end());
  for (const std::string &A : {std::string("-resource-dir"), clangResourceDir(),
                                std::string("-Wno-everything"), std::string("-x"),
                                std::string("c++-header")})
    Build.CommandLine.push_back(A);
  Build.CommandLine.push_back(Header);
  OneCommandDatabase DB(Build);
  tooling::ClangTool Tool(DB, {Header});
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
  struct Factory : tooling::FrontendActionFactory {
    std::string Out;
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<BodylessPchAction>(Out);
    }
  } F;
  F.Out = Temp;
  return Tool.run(&F) == 0 && llvm::sys::fs::exists(Temp);
}

} // namespace

std::vector<std::string> PchCache::entryFor(const std::vector<std::string> &Flags,
                                            const tooling::CompileCommand &Command,
                                            const std::vector<std::string> &Prefix,
                                            bool Shared) {
  std::string Key = entryKey(Flags, Command, Prefix);

  llvm::SmallString<256> Base(Dir);
  llvm::sys::path::append(Base, "pch", Key);
  std::string Pch = (Base + ".pch").str();
  std::string Header = (Base + ".h").str();
  // A shared entry that did not build (one file's header needs what the
  // others' flags lack): each file uses its own, and no run tries again.
  std::string Failed = (Base + ".failed").str();
  std::vector<std::string> Use = {"-include-pch", Pch};

  std::lock_guard<std::mutex> Guard(Lock);
  if (llvm::sys::fs::exists(Pch)) {
    // Least recently used goes first when the cache is over its cap.
    ::utimensat(AT_FDCWD, Pch.c_str(), nullptr, 0);
    return Use;
  }
  if (Shared && llvm::sys::fs::exists(Failed))
    return {};
  if (std::error_code EC = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Base))) {
    warnUnwritable(EC);
    return {};
  }
  sweep();
  // Other torch-lint processes (the workers of this run, other runs) build
  // the same entry only once: the first takes the lock, the others wait.
  int LockFD = -1;
  if (std::error_code EC = llvm::sys::fs::openFileForReadWrite(
          Base + ".lock", LockFD, llvm::sys::fs::CD_OpenAlways, llvm::sys::fs::OF_None)) {
    warnUnwritable(EC);
    return {};
  }
  struct Unlock {
    int FD;
    ~Unlock() {
      ::flock(FD, LOCK_UN);
      ::close(FD);
    }
  } Unlocker{LockFD};
  while (::flock(LockFD, LOCK_EX) != 0 && errno == EINTR)
    ;
  if (llvm::sys::fs::exists(Pch))
    return Use;
  if (Shared && llvm::sys::fs::exists(Failed))
    return {};
  // Everything is built in a directory of its own, created exclusively
  // (mkdtemp): nothing another user or a planted symlink controls is
  // written through; a killed run's leftovers are swept by the next.
  llvm::SmallString<256> Work;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(Base + ".tmp", Work)) {
    warnUnwritable(EC);
    return {};
  }
  struct RemoveTree {
    std::string Dir;
    ~RemoveTree() { llvm::sys::fs::remove_directories(Dir); }
  } Cleanup{Work.str().str()};
  if (!stagePrefixHeader(Work.str(), Key, Prefix, Header))
    return {};
  std::string Temp = (Work + "/out.pch").str();
  if (!compileBodylessPch(Flags, Command, Header, Temp)) {
    llvm::sys::fs::remove(Temp);
    if (Shared)
      writeReplacing(Failed, "");
    return {};
  }
  if (llvm::sys::fs::rename(Temp, Pch)) {
    llvm::sys::fs::remove(Temp);
    return {};
  }
  evict(Pch);
  return Use;
}

bool PchCache::usable() {
  llvm::SmallString<256> PchDir(Dir);
  llvm::sys::path::append(PchDir, "pch");
  if (std::error_code EC = llvm::sys::fs::create_directories(PchDir)) {
    warnUnwritable(EC);
    return false;
  }
  int FD = -1;
  llvm::SmallString<256> Probe;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(PchDir + "/probe.tmp-%%%%%%%%", FD, Probe)) {
    warnUnwritable(EC);
    return false;
  }
  ::close(FD);
  llvm::sys::fs::remove(Probe);
  return true;
}

void PchCache::warnUnwritable(std::error_code EC) {
  if (Warned || Quiet)
    return;
  Warned = true;
  llvm::errs() << "torch-lint: warning: cache directory '" << Dir
               << "' is not writable (" << EC.message()
               << "); the torch headers are parsed every time (--cache-dir, --no-cache)\n";
}

void PchCache::sweep() {
  if (Swept)
    return;
  Swept = true;
  // Work directories of runs that were killed: older than an hour, so that
  // a concurrent build is never pulled from under its feet.
  llvm::SmallString<256> PchDir(Dir);
  llvm::sys::path::append(PchDir, "pch");
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  std::vector<std::string> Stale;
  for (llvm::sys::fs::directory_iterator It(PchDir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.contains(".tmp"))
      continue;
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(It->path(), St, /*follow=*/false) &&
        Now - St.getLastModificationTime() > std::chrono::hours(1))
      Stale.push_back(It->path());
  }
  for (const std::string &P : Stale)
    if (llvm::sys::fs::is_directory(P))
      llvm::sys::fs::remove_directories(P);
    else
      llvm::sys::fs::remove(P);
}

void PchCache::evict(const std::string &Keep) {
  llvm::SmallString<256> PchDir(Dir);
  llvm::sys::path::append(PchDir, "pch");
  struct Entry {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(PchDir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    if (!llvm::StringRef(It->path()).ends_with(".pch"))
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St, /*follow=*/false) ||
        St.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    Entries.push_back({It->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  llvm::sort(Entries, [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  // Entries used in the last ten minutes may be in use by a concurrent run
  // (another worker looked one up and is about to load it): kept, even if
  // that leaves the cache over its cap for a while.
  auto Recent = std::chrono::system_clock::now() - std::chrono::minutes(10);
  for (const Entry &E : Entries) {
    if (Total <= MaxBytes)
      break;
    if (E.Path == Keep || E.Used > Recent)
      continue;
    llvm::StringRef Stem = llvm::StringRef(E.Path).drop_back(4);
    llvm::sys::fs::remove(E.Path);
    llvm::sys::fs::remove(Stem + ".h");
    llvm::sys::fs::remove(Stem + ".lock");
    Total -= E.Size;
  }
}

void PchCache::invalidate(const std::vector<std::string> &Args) {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Args.size() == 2)
    llvm::sys::fs::remove(Args[1]);
}

} // namespace torchlint
