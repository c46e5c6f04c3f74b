//===--- Inputs.cpp - The files a torch-lint command line names -----------===//

#include "cli/Inputs.h"
#include "engine/SandboxFS.h"
#include "project/FactSources.h"
#include "report/Output.h"
#include "report/Verify.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace torchlint {

/// A name walkTree looks at as a source: a C++ or CUDA one, or a `.c` file
/// (kept when it includes torch, isTorchCSource).
static bool isSourceFileOrC(llvm::StringRef Name) {
  return isSourceFile(Name) || llvm::sys::path::extension(Name) == ".c";
}

/// Collects the sources under \p Dir (named as the user named it) into
/// \p Found. Symlinks are followed only to targets inside \p Root (the real
/// path of the directory the user named), each real directory once: no
/// cycles, no leaving the tree. What \p Selection skips (Project.h) is
/// skipped; so are FIFOs, devices and sockets. \p Project: the project
/// root patterns are relative to.
static bool walkTree(const std::string &Dir, const std::string &Root, const std::string &Project,
              FileSelection &Selection, std::vector<std::string> &Found,
              unsigned &SkippedOutside, std::error_code &EC,
              bool (*Wanted)(llvm::StringRef) = isSourceFileOrC) {
  auto Inside = [&](llvm::StringRef Real) {
    return Real == Root || Real.starts_with(Root + "/");
  };
  std::set<std::string> Visited;
  std::vector<std::string> Stack = {Dir};
  while (!Stack.empty()) {
    std::string Current = std::move(Stack.back());
    Stack.pop_back();
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Current, Real) || !Visited.insert(Real.str().str()).second)
      continue;
    std::vector<std::string> Subdirs;
    for (llvm::sys::fs::directory_iterator It(Current, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      llvm::sys::fs::file_type Type = It->type();
      llvm::SmallString<256> Target;
      if (Type == llvm::sys::fs::file_type::symlink_file) {
        if (llvm::sys::fs::real_path(It->path(), Target)) {
          // Dangling: a source by name is reported as unreadable.
          if (Wanted(Name) && llvm::sys::path::extension(Name) != ".c")
            Found.push_back(It->path());
          continue;
        }
        if (!Inside(Target)) {
          SkippedOutside += (Wanted(Name) && llvm::sys::path::extension(Name) != ".c") ||
                            llvm::sys::fs::is_directory(Target);
          continue;
        }
        llvm::sys::fs::file_status St;
        if (llvm::sys::fs::status(Target, St))
          continue;
        Type = St.type();
      }
      if (Type == llvm::sys::fs::file_type::directory_file) {
        if (!Selection.skipDirectory(It->path(), Project))
          Subdirs.push_back(It->path());
        continue;
      }
      // (A `.c` file's lines are read only here: a regular file inside.)
      if (Type == llvm::sys::fs::file_type::regular_file && Wanted(Name) &&
          (llvm::sys::path::extension(Name) != ".c" || isTorchCSource(It->path())) &&
          !Selection.excludeFile(It->path(), Project))
        Found.push_back(It->path());
    }
    if (EC)
      return false;
    // Depth first, in name order (the result is sorted anyway).
    llvm::sort(Subdirs, std::greater<>());
    llvm::append_range(Stack, Subdirs);
  }
  return true;
}

void projectNeighbours(const Options &O, const std::vector<std::string> &Files,
                       ProjectRun &Project) {
  std::set<std::string> Named, Roots;
  for (const std::string &F : Files) {
    llvm::SmallString<256> P(F);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Named.insert(P.str().str());
    if (std::string Root = rootsOf(O).markedOf(F); !Root.empty())
      Roots.insert(Root);
  }
  std::vector<std::string> &Out = Project.Neighbours;
  // The first run's budget for facts (ProjectRun::budget) is worked out
  // from the named files' estimated costs and the trees' sizes.
  bool Budgeted = !O.ProjectFull;
  for (const std::string &Root : Roots) {
    FileSelection Selection(O.Excludes, O.DefaultExcludes);
    llvm::SmallString<256> Real;
    if (!Selection.loadProject(Root).empty() || llvm::sys::fs::real_path(Root, Real))
      continue;
    std::vector<std::string> Found;
    unsigned Outside = 0;
    std::error_code EC;
    walkTree(Root, Real.str().str(), Root, Selection, Found, Outside, EC);
    std::vector<std::string> Others, NamedHere;
    for (const std::string &F : Found) {
      llvm::SmallString<256> P(F);
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (!Named.count(P.str().str()))
        Others.push_back(P.str().str());
    }
    for (const std::string &F : Named)
      if (llvm::StringRef(F).starts_with(Root + "/"))
        NamedHere.push_back(F);
    if (!O.ProjectFull) {
      // The project's headers, for includes found through -I directories.
      std::vector<std::string> Headers;
      unsigned HeadersOutside = 0;
      walkTree(Root, Real.str().str(), Root, Selection, Headers, HeadersOutside, EC,
               [](llvm::StringRef Name) {
                 return llvm::is_contained({".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".inc"},
                                           llvm::sys::path::extension(Name));
               });
      FactSourceSelection S = selectFactSources(NamedHere, Others, Headers, Root);
      if (O.Verbose && !O.Quiet) {
        llvm::errs() << "torch-lint: project " << escapeForTerminal(Root) << ": "
                     << S.Picked.size() << " of " << Others.size()
                     << " other sources can add facts to the named files"
                     << (S.Complete ? "" : " (the text pass gave up: all of them)") << "; "
                     << S.NotHost << " have no torch host code\n";
        for (size_t I = 0; I < S.Why.size(); ++I)
          llvm::errs() << "  " << escapeForTerminal(displayPath(S.Picked[I])) << ": "
                       << escapeForTerminal(S.Why[I]) << "\n";
      }
      if (S.Complete) {
        for (size_t I = 0; I < NamedHere.size() && I < S.NamedCost.size(); ++I) {
          Project.NamedCost[NamedHere[I]] = S.NamedCost[I];
          for (size_t J : S.NamedNeeds[I])
            Project.NamedNeeds[NamedHere[I]].push_back(NamedHere[J]);
        }
        Project.TreeSources += Found.size();
        for (size_t I : S.ByNeed)
          if (Out.size() < 5000) {
            Out.push_back(S.Picked[I]);
            Project.NeighbourTexts.push_back(std::move(S.Texts[I]));
            Project.NeighbourCost.push_back(S.Cost[I]);
          }
        continue;
      }
      Budgeted = false; // The text pass gave up: every source, no budget.
      Others = std::move(S.Picked);
    } else {
      Budgeted = false;
    }
    for (std::string &F : Others)
      if (Out.size() < 5000) {
        Out.push_back(std::move(F));
        Project.NeighbourTexts.emplace_back();
        Project.NeighbourCost.push_back(0);
      }
  }
  if (!Budgeted)
    Project.NamedCost.clear(); // No budget: every source.
}

int collectFiles(const Options &O, std::vector<std::string> &Files) {
  // One entry per file however many names reach it (symlinks, hard links,
  // a directory named twice): edits are applied exactly once.
  std::set<llvm::sys::fs::UniqueID> Seen;
  unsigned SkippedOutside = 0;
  FileSelection Selection(O.Excludes, O.DefaultExcludes);
  auto Add = [&](const std::string &Path) {
    llvm::sys::fs::UniqueID Id;
    if (llvm::sys::fs::getUniqueID(Path, Id) || Seen.insert(Id).second)
      Files.push_back(Path);
  };
  for (const std::string &Input : O.Inputs) {
    llvm::SmallString<256> Abs(Input);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Abs, St) || !llvm::sys::fs::exists(St))
      return usageError("no such file or directory: '" + Input + "'");
    // Patterns are relative to the project root the input is in.
    std::string Project = rootsOf(O).of(
        llvm::sys::fs::is_directory(St) ? (Abs + "/.").str() : Abs.str().str());
    if (std::string Problem = Selection.loadProject(Project); !Problem.empty())
      return usageError(Problem);
    if (llvm::sys::fs::is_directory(St)) {
      llvm::SmallString<256> Root;
      if (llvm::sys::fs::real_path(Abs, Root))
        Root = Abs;
      std::vector<std::string> Found;
      std::error_code EC;
      if (!walkTree(Abs.str().str(), Root.str().str(), Project, Selection, Found,
                    SkippedOutside, EC) &&
          !EC)
        EC = std::make_error_code(std::errc::io_error);
      if (EC)
        return usageError("cannot read directory '" + Input + "': " + EC.message());
      if (Found.empty())
        return usageError("no C++ sources (.cpp, .cc, .cxx, .cu, .c including torch) under '" + Input + "'" +
                          (Selection.summary().empty() ? "" : " (" + Selection.summary() + ")"));
      llvm::sort(Found);
      for (std::string &F : Found)
        Add(F);
      continue;
    }
    if (!llvm::sys::fs::is_regular_file(St))
      return usageError("not a regular file: '" + Input + "'");
    // Named files are linted whatever directory they are in; only the
    // user's patterns exclude them (a pre-commit hook names every file).
    if (!Selection.excludeFile(Abs.str().str(), Project))
      Add(Abs.str().str());
  }
  if (Files.empty())
    return usageError("every named file is excluded (" + Selection.summary() + ")");
  if (std::string Summary = Selection.summary(); !Summary.empty() && !O.Quiet)
    llvm::errs() << "torch-lint: " << escapeForTerminal(Summary)
                 << (Selection.skippedByDefault() ? "; --no-default-excludes lints them" : "") << "\n";
  if (SkippedOutside && !O.Quiet)
    llvm::errs() << "torch-lint: " << SkippedOutside
                 << " symlink(s) to sources or directories outside the named "
                    "directories not followed\n";
  return -1;
}

std::vector<std::string> projectRoots(const Options &O,
                                      const std::vector<std::string> &Files) {
  ReadPolicy P;
  for (const std::string &F : Files)
    P.addRoot(rootsOf(O).of(F));
  for (const std::string &In : O.Inputs)
    if (llvm::sys::fs::is_directory(In))
      P.addRoot(In);
  return P.Roots;
}

std::string findCompileDatabase(const std::string &File, const ProjectRootFinder &Roots) {
  std::string Root = Roots.of(File);
  for (llvm::StringRef D = llvm::sys::path::parent_path(File); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    for (const char *Rel : {"compile_commands.json", "build/compile_commands.json"}) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Rel);
      if (llvm::sys::fs::exists(P))
        return P.str().str();
    }
    if (D == Root || llvm::sys::path::parent_path(D) == D)
      break;
  }
  return {};
}

bool isGoldenFile(const std::string &File, const std::vector<std::string> &Files) {
  for (const std::string &Other : Files)
    if (Other != File && goldenPathFor(Other) == File)
      return true;
  return false;
}

} // namespace torchlint
