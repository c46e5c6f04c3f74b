//===--- Project.cpp - What belongs to the project being linted -----------===//

#include "project/Project.h"

#include "model/SafeRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

namespace torchlint {

namespace {

bool exists(llvm::StringRef Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return llvm::sys::fs::exists(P);
}

/// .torch-lint.yaml files larger than this are refused.
constexpr uint64_t MaxConfigBytes = 1 << 20;
/// Entries a skipped directory is searched for sources to count.
constexpr unsigned MaxCountedEntries = 100000;

struct ProjectConfig {
  std::vector<std::string> Exclude;
};

} // namespace

} // namespace torchlint

template <> struct llvm::yaml::MappingTraits<torchlint::ProjectConfig> {
  static void mapping(IO &IO, torchlint::ProjectConfig &C) {
    IO.mapOptional("Exclude", C.Exclude);
  }
};

namespace torchlint {

bool isSourceFile(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c++" || Ext == ".cu" ||
         Ext == ".C";
}

bool isTorchCSource(llvm::StringRef Path) {
  if (llvm::sys::path::extension(Path) != ".c")
    return false;
  // Never a file of version control metadata, whatever its name (a
  // `x.c` symlink to .git/config inside the tree is not read).
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real) || !vcsMetadataIn(Real, "").empty())
    return false;
  // (A C source larger than this is generated code, no extension's.)
  std::unique_ptr<llvm::MemoryBuffer> Buffer = readRegularFile(Real, 4u << 20);
  if (!Buffer)
    return false;
  llvm::StringRef Rest = Buffer->getBuffer();
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim(" \t");
    if (Line.consume_front("<") || Line.consume_front("\""))
      for (llvm::StringRef Dir : {"torch/", "ATen/", "c10/", "pybind11/"})
        if (Line.starts_with(Dir))
          return true;
  }
  return false;
}

std::string gitWorkTreeOf(llvm::StringRef Dir) {
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> G(D);
    llvm::sys::path::append(G, ".git");
    if (llvm::sys::fs::exists(G))
      return D.str();
    if (llvm::sys::path::parent_path(D) == D)
      break;
  }
  return {};
}

std::string ProjectRootFinder::of(const std::string &File) const {
  llvm::StringRef Dir = llvm::sys::path::parent_path(File);
  // --project-root, for the files under it (by real path: the root was
  // resolved).
  if (!Override.empty()) {
    llvm::SmallString<256> Real;
    llvm::StringRef Path = llvm::sys::fs::real_path(File, Real) ? llvm::StringRef(File)
                                                                : llvm::StringRef(Real);
    if (Path.starts_with(Override + "/"))
      return Override;
  }
  if (std::string Top = gitWorkTreeOf(Dir); !Top.empty())
    return Top;
  // The nearest Python package root; else the top of a chain of CMake
  // directories (each subdirectory of a CMake project has its own).
  std::string CMakeTop;
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    if (exists(D, "setup.py") || exists(D, "pyproject.toml"))
      return D.str();
    if (exists(D, "CMakeLists.txt"))
      CMakeTop = D.str();
    else if (!CMakeTop.empty())
      break;
    if (llvm::sys::path::parent_path(D) == D)
      break;
  }
  if (!CMakeTop.empty())
    return CMakeTop;
  llvm::StringRef F(File);
  if (F.starts_with(Cwd) && F.size() > Cwd.size() && F[Cwd.size()] == '/')
    return Cwd;
  return Dir.str();
}

std::string ProjectRootFinder::markedOf(const std::string &File) const {
  std::string Root = of(File);
  if (Root == Override || Root == gitWorkTreeOf(Root) || exists(Root, "setup.py") ||
      exists(Root, "pyproject.toml") || exists(Root, "CMakeLists.txt"))
    return Root;
  return {};
}

ForeignKind foreignKindOf(llvm::StringRef Name, llvm::StringRef Path) {
  if (Name.starts_with("."))
    return ForeignKind::Hidden;
  if (Name == "node_modules" || Name == "site-packages" || Name == "dist-packages" ||
      Name == "__pycache__" || Name.ends_with(".egg-info"))
    return ForeignKind::Packages;
  if (Name == "third_party" || Name == "third-party" || Name == "thirdparty" ||
      Name == "3rdparty" || Name == "external" || Name == "vendor")
    return ForeignKind::Vendored;
  if (Name == "venv" || exists(Path, "pyvenv.cfg") || exists(Path, "conda-meta"))
    return ForeignKind::VirtualEnv;
  if (Name == "build" || Name == "_build" || Name == "dist" ||
      Name.starts_with("cmake-build-") || exists(Path, "CMakeCache.txt") ||
      exists(Path, "build.ninja"))
    return ForeignKind::BuildTree;
  // A submodule's work tree has a .git file; a nested clone a .git
  // directory.
  if (exists(Path, ".git"))
    return ForeignKind::Submodule;
  return ForeignKind::None;
}

bool inForeignDirectory(llvm::StringRef Path, llvm::StringRef Root) {
  llvm::StringRef Rel = Path;
  if (!Rel.consume_front(Root) || !Rel.consume_front("/"))
    return false;
  for (size_t End = Rel.find('/'); End != llvm::StringRef::npos; End = Rel.find('/', End + 1)) {
    std::string Dir = (Root + "/" + Rel.substr(0, End)).str();
    if (foreignKindOf(llvm::sys::path::filename(Dir), Dir) != ForeignKind::None)
      return true;
  }
  return false;
}

llvm::StringRef describe(ForeignKind K) {
  switch (K) {
  case ForeignKind::None:
    return "project code";
  case ForeignKind::Hidden:
    return "hidden directories";
  case ForeignKind::BuildTree:
    return "build trees";
  case ForeignKind::VirtualEnv:
    return "virtual environments";
  case ForeignKind::Packages:
    return "installed packages";
  case ForeignKind::Submodule:
    return "git submodules";
  case ForeignKind::Vendored:
    return "vendored code";
  }
  return "";
}

std::string FileSelection::addPattern(Patterns &To, llvm::StringRef Text,
                                      llvm::StringRef Origin) {
  auto P = std::make_unique<Pattern>();
  llvm::StringRef T = Text.trim();
  T.consume_front("./");
  P->Text = T.rtrim('/').str();
  auto Glob = llvm::GlobPattern::create(P->Text);
  if (!Glob)
    return "invalid pattern '" + Text.str() + "': " + llvm::toString(Glob.takeError());
  P->Glob = std::move(*Glob);
  P->PathPattern = llvm::StringRef(P->Text).contains('/');
  P->Origin = Origin.str();
  To.push_back(std::move(P));
  return {};
}

FileSelection::FileSelection(std::vector<std::string> Globs, bool Defaults)
    : Defaults(Defaults) {
  for (const std::string &G : Globs)
    if (std::string Error = addPattern(FromCommandLine, G, "--exclude");
        !Error.empty() && Problem.empty())
      Problem = "--exclude: " + Error;
}

std::string FileSelection::loadProject(const std::string &Root) {
  if (!Problem.empty())
    return Problem;
  auto [It, New] = Project.try_emplace(Root);
  if (!New)
    return {};
  llvm::SmallString<256> Path(Root);
  llvm::sys::path::append(Path, ProjectConfigName);
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) || !llvm::sys::fs::exists(St))
    return {};
  // The tree's file, by the one rule (SafeRead.h): a FIFO or device would
  // hang or flood the read, a symlink out of the project echo its keys.
  if (std::string Why = treeFileProblem(Path, {Root}, MaxConfigBytes); !Why.empty())
    return Problem = "refused to read '" + Path.str().str() + "': " + Why;
  auto Buf = readRegularFile(Path, MaxConfigBytes);
  if (!Buf)
    return Problem = "cannot read " + Path.str().str();
  ProjectConfig Config;
  std::string Diag;
  llvm::yaml::Input In(Buf->getBuffer(), nullptr,
                       [](const llvm::SMDiagnostic &D, void *Ctx) {
                         auto &Out = *static_cast<std::string *>(Ctx);
                         if (Out.empty())
                           Out = D.getMessage().str();
                       },
                       &Diag);
  if (Buf->getBuffer().trim().empty())
    return {};
  In >> Config;
  if (In.error())
    return Problem = "malformed " + Path.str().str() + ": " +
                     (Diag.empty() ? In.error().message() : Diag) +
                     " (expected 'Exclude: [<glob>, ...]')";
  for (const std::string &G : Config.Exclude)
    if (std::string Error = addPattern(It->second, G, ProjectConfigName); !Error.empty())
      return Problem = Path.str().str() + ": Exclude: " + Error;
  return {};
}

std::optional<std::string> FileSelection::matchingPattern(const std::string &Path,
                                                          const std::string &Root) {
  llvm::StringRef Rel(Path);
  if (!Rel.consume_front(Root) || !Rel.consume_front("/"))
    Rel = Path; // Outside the project: matched as named.
  // A name pattern matches any component; a path pattern the path or one
  // of its parent directories.
  llvm::SmallVector<llvm::StringRef, 16> Components;
  Rel.split(Components, '/', -1, false);
  auto Matches = [&](const Pattern &P) {
    if (!P.PathPattern)
      return llvm::any_of(Components, [&](llvm::StringRef C) { return P.Glob.match(C); });
    for (size_t End = Rel.find('/'); ; End = Rel.find('/', End + 1)) {
      if (P.Glob.match(Rel.substr(0, End)))
        return true;
      if (End == llvm::StringRef::npos)
        return false;
    }
  };
  for (const auto &P : FromCommandLine)
    if (Matches(*P))
      return P->Origin;
  if (auto It = Project.find(Root); It != Project.end())
    for (const auto &P : It->second)
      if (Matches(*P))
        return P->Origin;
  return std::nullopt;
}

namespace {

/// The sources under \p Dir, counted within a budget.
unsigned countSources(const std::string &Dir) {
  unsigned N = 0, Entries = 0;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false),
       End;
       It != End && !EC && Entries < MaxCountedEntries; It.increment(EC), ++Entries)
    if (It->type() == llvm::sys::fs::file_type::regular_file && isSourceFile(It->path()))
      ++N;
  return N;
}

std::string relativeTo(const std::string &Path, const std::string &Root) {
  llvm::StringRef Rel(Path);
  if (Rel.consume_front(Root) && Rel.consume_front("/"))
    return Rel.str();
  return Path;
}

} // namespace

bool FileSelection::skipDirectory(const std::string &Path, const std::string &Root) {
  // Hidden directories (.git, .cache) are nobody's sources: always
  // skipped, never counted.
  if (llvm::sys::path::filename(Path).starts_with("."))
    return true;
  std::string Reason;
  if (std::optional<std::string> Origin = matchingPattern(Path, Root)) {
    Reason = "excluded by " + *Origin;
  } else if (Defaults) {
    ForeignKind K = foreignKindOf(llvm::sys::path::filename(Path), Path);
    if (K == ForeignKind::None)
      return false;
    Reason = describe(K).str();
  } else {
    return false;
  }
  if (unsigned N = countSources(Path)) {
    auto &[Count, Example] = Skipped[Reason];
    Count += N;
    if (Example.empty())
      Example = relativeTo(Path, Root);
  }
  return true;
}

bool FileSelection::excludeFile(const std::string &Path, const std::string &Root) {
  std::optional<std::string> Origin = matchingPattern(Path, Root);
  if (!Origin)
    return false;
  auto &[Count, Example] = Skipped["excluded by " + *Origin];
  ++Count;
  if (Example.empty())
    Example = relativeTo(Path, Root);
  return true;
}

std::string FileSelection::summary() const {
  std::string Out;
  unsigned Total = 0;
  for (const auto &[Reason, Entry] : Skipped) {
    bool Excluded = llvm::StringRef(Reason).starts_with("excluded");
    Out += (Out.empty() ? "" : ", ") + std::to_string(Entry.first) + (Excluded ? " " : " in ") +
           Reason + " (" +
           Entry.second + (Entry.first > 1 ? ", ..." : "") + ")";
    Total += Entry.first;
  }
  if (Out.empty())
    return {};
  return "not linted: " + std::to_string(Total) + " source" + (Total == 1 ? "" : "s") + ": " +
         Out;
}

} // namespace torchlint

namespace torchlint {
bool FileSelection::skippedByDefault() const {
  return llvm::any_of(Skipped, [](const auto &E) {
    return !llvm::StringRef(E.first).starts_with("excluded");
  });
}
} // namespace torchlint
