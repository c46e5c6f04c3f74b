//===--- ProjectLint.cpp - Linting files as parts of one project ----------===//

#include "engine/ProjectLint.h"
#include "support/CacheFiles.h"
#include "engine/PchCache.h"
#include "model/ProjectModel.h"
#include "model/PythonFakes.h"
#include "model/PythonTree.h"
#include "model/Session.h"
#include "model/SafeRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <thread>

using nlohmann::json;

namespace torchlint {
namespace {

std::string hexDigest(llvm::ArrayRef<uint8_t> D) { return llvm::toHex(D, /*LowerCase=*/true); }

/// Results of earlier runs (<cache>/results): a file's worker result is kept
/// under the digest of everything that went into it (torch-lint itself, the
/// worker's arguments and environment, the file's path and bytes) and serves
/// again while every file it read (LintResult::Inputs) has the same bytes
/// and, for a result linted with the project index, while each question it
/// asked gets the same answer.
class ResultCache {
public:
  ResultCache(std::string Dir, std::string ToolId, const model::Session &Run)
      : Dir(std::move(Dir)), Tool(std::move(ToolId)), Run(Run) {}
  bool enabled() const { return !Dir.empty(); }
  const model::Session &session() const { return Run; }

  std::string keyOf(const std::string &File, const std::vector<std::string> &Args,
                    const std::vector<std::string> &Env, const std::vector<std::string> &Own,
                    bool WithIndex) const {
    std::string Digest = digestOfRegularFile(File);
    if (Digest.empty())
      return {};
    llvm::SHA256 H;
    auto Add = [&](llvm::StringRef S) {
      H.update(S);
      H.update(llvm::StringRef("\0", 1));
    };
    Add(Tool);
    for (const auto *List : {&Args, &Env, &Own}) {
      for (const std::string &A : *List)
        Add(A);
      Add("\n");
    }
    Add(File);
    Add(Digest);
    // The .clang-tidy files that configure it (its directory and up).
    llvm::SmallString<256> Dir(File);
    while (llvm::sys::path::has_parent_path(Dir)) {
      llvm::sys::path::remove_filename(Dir);
      std::string Config = (Dir + "/.clang-tidy").str();
      if (llvm::sys::fs::exists(Config)) {
        Add(Config);
        Add(digestOfRegularFile(Config));
      }
      if (Dir.size() <= 1)
        break;
    }
    Add(WithIndex ? "project" : "own");
    return hexDigest(H.final());
  }

  /// Whether a result is stored under \p Key (holding or not).
  bool stored(const std::string &Key) const {
    return !Key.empty() && llvm::sys::fs::exists(Dir + "/" + Key + ".json");
  }

  /// The stored result under \p Key if it still holds.
  /// \p SearchDirs: where a header the result found missing would be found
  /// now (the result is stale once one is there).
  std::optional<WorkerResult> lookup(const std::string &Key,
                                     const std::vector<std::string> &SearchDirs,
                                     const std::shared_ptr<const model::ProjectIndex> &Index) {
    if (Key.empty())
      return std::nullopt;
    auto Buf = readRegularFile(Dir + "/" + Key + ".json", uint64_t(256) << 20);
    WorkerResult W;
    if (!Buf || !parseWorkerResult(Buf->getBuffer(), W))
      return std::nullopt;
    for (const auto &[Main, Inputs] : W.Result.Inputs)
      for (const auto &[Path, Digest] : Inputs)
        if (digestNow(Path) != Digest)
          return std::nullopt;
    // Linted in part: only while what was missing still is (a submodule
    // checked out, a -dev package installed).
    for (const FileError &E : W.Result.Errors)
      for (const std::string &D : SearchDirs)
        if (!E.Header.empty() && llvm::sys::fs::exists(D + "/" + E.Header))
          return std::nullopt;
    if (Index)
      for (const auto &[Main, Queries] : W.Result.Queries) {
        auto Own = W.Result.Facts.find(Main);
        model::ProjectView View(Run, Index, Main,
                                Own == W.Result.Facts.end() ? model::TUFacts() : Own->second);
        for (const model::ProjectQuery &Q : Queries)
          if (View.answer(Q.Kind, Q.Arg) != Q.Answer)
            return std::nullopt;
      }
    // Used: kept longest by trim().
    llvm::sys::fs::file_t FD;
    if (!llvm::sys::fs::openFileForWrite(Dir + "/" + Key + ".json", FD,
                                         llvm::sys::fs::CD_OpenExisting,
                                         llvm::sys::fs::OF_Append)) {
      llvm::sys::fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
      llvm::sys::fs::closeFile(FD);
    }
    return W;
  }

  /// Keeps the directory under \p MaxBytes, least recently used first out
  /// (never what the last ten minutes used: a concurrent run's), and
  /// removes temporary files of runs killed over an hour ago.
  void trim(uint64_t MaxBytes) {
    struct Entry {
      std::string Path;
      uint64_t Size;
      llvm::sys::TimePoint<> Used;
    };
    std::vector<Entry> Entries;
    uint64_t Total = 0;
    auto Now = std::chrono::system_clock::now();
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC)) {
      llvm::sys::fs::file_status St;
      if (llvm::sys::fs::status(It->path(), St, /*follow=*/false) ||
          St.type() != llvm::sys::fs::file_type::regular_file)
        continue;
      if (llvm::StringRef(It->path()).ends_with(".tmp")) {
        if (Now - St.getLastModificationTime() > std::chrono::hours(1))
          llvm::sys::fs::remove(It->path());
        continue;
      }
      Entries.push_back({It->path(), St.getSize(), St.getLastModificationTime()});
      Total += St.getSize();
    }
    if (Total <= MaxBytes)
      return;
    llvm::sort(Entries, [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
    for (const Entry &E : Entries) {
      if (Total <= MaxBytes || E.Used > Now - std::chrono::minutes(10))
        break;
      llvm::sys::fs::remove(E.Path);
      Total -= E.Size;
    }
  }

  /// Keeps \p W unless it has errors other than missing headers and code
  /// that does not compile (a timeout, a crash, a refused read, a
  /// precompiled header refused: worth trying again). A compiler error is
  /// as certain as a finding while the files the parse read keep their
  /// bytes: a file that does not build against this torch is not parsed
  /// again on every run.
  void store(const std::string &Key, const WorkerResult &W) {
    auto Kept = [](const FileError &E) {
      if (E.Partial)
        return true; // A header missing, code Clang rejects: as certain.
      llvm::StringRef M = E.Message;
      return M.starts_with("could not be parsed: ") && !PchCache::isPchError(M);
    };
    if (Key.empty() || W.Result.Inputs.empty() || !llvm::all_of(W.Result.Errors, Kept))
      return;
    if (llvm::sys::fs::create_directories(Dir))
      return;
    writeReplacing(Dir + "/" + Key + ".json", serializeWorkerResult(W));
  }

private:
  /// The digest of an input as it is now, each input hashed once a run
  /// (the results of a project share most of their headers).
  const std::string &digestNow(const std::string &Path) {
    auto [It, New] = Digests.try_emplace(Path);
    if (New) {
      llvm::StringRef Root = Path;
      It->second = Root.consume_front(model::PythonTreeInput)
                       ? Run.pythonTreeDigest(Root.str())
                       : digestOfRegularFile(Path);
    }
    return It->second;
  }

  std::string Dir, Tool;
  const model::Session &Run;
  std::map<std::string, std::string> Digests;
};

/// The directories a missing header of \p File could appear in: its own,
/// the include directories of its arguments, the system's.
std::vector<std::string> searchDirsOf(const std::string &File,
                                      const std::vector<std::string> &Args,
                                      const std::vector<std::string> &Own) {
  std::vector<std::string> Dirs = {llvm::sys::path::parent_path(File).str(), "/usr/include",
                                   "/usr/local/include"};
  for (const auto *List : {&Args, &Own})
    for (size_t I = 0; I < List->size(); ++I) {
      llvm::StringRef A = (*List)[I];
      if (A.consume_front("--worker-include-dir=") || A.consume_front("--torch-include=") ||
          (A.starts_with("-I") && A.size() > 2 && (A = A.drop_front(2), true)))
        Dirs.push_back(A.str());
      else if ((A == "-I" || A == "-isystem" || A == "-iquote") && I + 1 < List->size())
        Dirs.push_back((*List)[++I]);
      else if (A.consume_front("-isystem") && !A.empty())
        Dirs.push_back(A.str());
    }
  return Dirs;
}

/// A project index written to a temporary file for the workers
/// (--worker-project-index), removed with this object.
struct IndexFile {
  std::string Path;
  bool write(const model::ProjectIndex &Index) {
    llvm::SmallString<256> P;
    int FD = -1;
    if (llvm::sys::fs::createTemporaryFile("torchlint-project", "json", FD, P))
      return false;
    {
      llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
      Out << Index.toJson().dump(-1, ' ', false, json::error_handler_t::replace);
    }
    Path = P.str().str();
    return true;
  }
  /// A path reserved now (an empty file) for an index written later
  /// (publish), to a worker started before it is known (--worker-index-late).
  bool reserve() {
    llvm::SmallString<256> P;
    int FD = -1;
    if (llvm::sys::fs::createTemporaryFile("torchlint-project", "json", FD, P))
      return false;
    llvm::sys::fs::closeFile(FD);
    Path = P.str().str();
    return true;
  }
  /// The index renamed onto the reserved path; none (null, or it cannot be
  /// written): the path removed, and the worker goes on without one.
  void publish(const model::ProjectIndex *Index) {
    if (!Index || writeReplacing(Path, Index->toJson().dump(-1, ' ', false,
                                                            json::error_handler_t::replace)))
      llvm::sys::fs::remove(Path);
  }
  ~IndexFile() {
    if (!Path.empty()) {
      llvm::sys::fs::remove(Path);
      llvm::sys::fs::remove(Path + ".waiting"); // (reserve's.)
    }
  }
};

/// runWorkers for the files the cache cannot answer, with the arguments
/// \p RunArgs makes (called only then: it may write the index they name).
std::vector<WorkerResult>
runCached(ResultCache &Cache, const std::vector<std::string> &Files,
          const std::vector<std::string> &KeyArgs,
          const std::function<std::vector<std::string>()> &RunArgs,
          const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
          const std::function<void(const std::string &)> &Done,
          const std::function<std::vector<std::string>(const std::string &)> &PerFile,
          const std::shared_ptr<const model::ProjectIndex> &Index, WorkerSlots *Slots) {
  std::vector<WorkerResult> Results(Files.size());
  std::vector<std::string> Keys(Files.size()), Missed;
  std::vector<size_t> MissedAt;
  for (size_t I = 0; I < Files.size(); ++I) {
    if (Cache.enabled()) {
      std::vector<std::string> Own =
          PerFile ? PerFile(Files[I]) : std::vector<std::string>();
      Keys[I] = Cache.keyOf(Files[I], KeyArgs, Env, Own, Index != nullptr);
      std::vector<std::string> Dirs = searchDirsOf(Files[I], KeyArgs, Own);
      auto W = Cache.lookup(Keys[I], Dirs, Index);
      // A result linted without the index holds with it when every question
      // it asked gets the same answer from the index (lookup checks).
      if (!W && Index)
        W = Cache.lookup(Cache.keyOf(Files[I], KeyArgs, Env, Own, false), Dirs, Index);
      if (W) {
        Results[I] = std::move(*W);
        if (Done)
          Done(Files[I]);
        continue;
      }
    }
    Missed.push_back(Files[I]);
    MissedAt.push_back(I);
  }
  if (Missed.empty())
    return Results;
  std::vector<WorkerResult> Fresh =
      runWorkers(Missed, RunArgs(), Env, Jobs, TimeoutSeconds, Done, PerFile, Cache.session(), Slots);
  for (size_t J = 0; J < Missed.size(); ++J) {
    Cache.store(Keys[MissedAt[J]], Fresh[J]);
    Results[MissedAt[J]] = std::move(Fresh[J]);
  }
  return Results;
}

/// Where each project root of \p Files has its stored index.
std::map<std::string, std::string> storedIndexPaths(const std::vector<std::string> &Files,
                                                    const ProjectRun &Project) {
  std::map<std::string, std::string> Roots; // Root -> stored index.
  if (!Project.CacheDir.empty() && Project.RootOf)
    for (const std::string &F : Files)
      if (std::string Root = Project.RootOf(F); !Root.empty())
        Roots.emplace(Root, model::ProjectIndex::storedPath(Project.CacheDir, Root));
  return Roots;
}

/// What the first pass parses: the named files, then those whose stored
/// facts are stale, then the neighbours \p Index has no facts for, while
/// the budget lasts; the others go into \p Index as deferred.
std::vector<std::string> filesToParse(const std::vector<std::string> &Files,
                                      const std::vector<std::string> &Stale,
                                      const ProjectRun &Project, unsigned Jobs,
                                      model::ProjectIndex &Index, DeferredFacts &Deferred) {
  std::set<std::string> Named(Files.begin(), Files.end());
  std::vector<std::string> All = Files;
  for (const std::string &S : Stale)
    if (Named.insert(S).second)
      All.push_back(S);
  // A named file that a costlier named file needs the facts of, when the
  // stored index lacks them: parsed for them first too.
  auto CostOf = [&](const std::string &F) {
    auto It = Project.NamedCost.find(F);
    return It == Project.NamedCost.end() ? 0.0 : Project.costOf(F, It->second);
  };
  double Sum = 0, Max = 0; // (What the fact sources cost, below.)
  for (const std::string &F : Files)
    if (auto It = Project.NamedNeeds.find(F); It != Project.NamedNeeds.end())
      for (const std::string &G : It->second)
        if (!Index.Units.count(G) && CostOf(G) < CostOf(F) &&
            !llvm::is_contained(llvm::ArrayRef(All).drop_front(Files.size()), G)) {
          All.push_back(G);
          Sum += CostOf(G);
          Max = std::max(Max, CostOf(G));
        }
  // A first run (no stored facts) whose named files load no PCH pays for
  // its build with the first neighbour that loads one; a later run parses
  // at least one neighbour, so that the deferred ones are parsed in time.
  // The sources are parsed before the named files, Jobs at a time: they
  // take about the longest one's time, or their sum over the workers. (A
  // file started early, startedEarly, parses meanwhile: the budget is not
  // stretched by its time, the PCH's build and the contention for the
  // cores being larger than the estimates: TransformerEngine's pybind.cpp
  // alone took 1.79x its --no-project time when it was.)
  const double Budget = Project.budget(Files, Jobs);
  Jobs = std::max(1u, Jobs);
  bool First = Index.Units.empty(),
       PchPaid = !Project.PchKnown || !First ||
                 llvm::any_of(Files, [&](const std::string &F) { return Project.LoadPch.count(F); });
  size_t Admitted = 0;
  double Pch = 0;
  for (size_t I = 0; I < Project.Neighbours.size(); ++I) {
    const std::string &N = Project.Neighbours[I];
    if (Index.Units.count(N) || !Named.insert(N).second)
      continue;
    double Cost = Project.costOf(N, I < Project.NeighbourCost.size() ? Project.NeighbourCost[I] : 0);
    bool BuildsPch = !PchPaid && Project.LoadPch.count(N);
    double Wall = std::max(std::max(Max, Cost), (Sum + Cost) / Jobs) + Pch +
                  (BuildsPch ? ProjectRun::PchBuildSeconds : 0);
    if (Budget < 0 || Wall <= Budget || (!First && Admitted == 0)) {
      Sum += Cost;
      Max = std::max(Max, Cost);
      if (BuildsPch) {
        PchPaid = true;
        Pch = ProjectRun::PchBuildSeconds;
      }
      ++Admitted;
      All.push_back(N);
    } else if (I < Project.NeighbourTexts.size()) {
      Index.Deferred.push_back(Project.NeighbourTexts[I]);
      Index.Deferred.back().File = N;
      Deferred.Files.push_back(N);
      Deferred.Cost += Cost;
    }
  }
  return All;
}

/// The facts the workers took, each with the digest of the bytes parsed.
void mergeFacts(const std::vector<WorkerResult> &Results, model::ProjectIndex &Index) {
  for (const WorkerResult &R : Results)
    for (const auto &[File, Facts] : R.Result.Facts) {
      Index.Units[File] = Facts;
      auto P = R.Result.Parsed.find(File);
      Index.Digests[File] =
          P == R.Result.Parsed.end() ? "" : hexDigest(llvm::ArrayRef<uint8_t>(P->second));
    }
}

/// Which of the first \p Named results asked a question \p Index answers
/// otherwise (they are linted again with it).
std::vector<size_t> answeredOtherwise(size_t Named, const std::vector<WorkerResult> &Results,
                                      const std::shared_ptr<model::ProjectIndex> &Index,
                                      const model::Session &Run) {
  std::vector<size_t> Out;
  for (size_t I = 0; I < Named; ++I) {
    bool Changed = false;
    for (const auto &[File, Queries] : Results[I].Result.Queries) {
      model::ProjectView View(Run, Index, File, Index->Units[File]);
      for (const model::ProjectQuery &Q : Queries)
        Changed |= View.answer(Q.Kind, Q.Arg) != Q.Answer;
    }
    if (Changed)
      Out.push_back(I);
  }
  return Out;
}

/// The named file that starts while the fact sources are parsed, "" for
/// none: with a worker to spare, the costliest named file (the first, with
/// no estimates: --project=full) that loads no PCH (the sources build it)
/// and has no stored result (\p Stored). It parses meanwhile and waits for
/// their facts before its checks run (--worker-index-late):
/// TransformerEngine's pybind.cpp, 8 s without a PCH, needs the facts of
/// four files that wait 5 s for one.
std::string startedEarly(const std::vector<std::string> &Files, const ProjectRun &Project,
                         unsigned Jobs, const std::function<bool(const std::string &)> &Stored) {
  std::string Early;
  double Most = -1;
  if (Jobs < 2 || !Project.PchKnown)
    return Early;
  for (const std::string &F : Files) {
    auto It = Project.NamedCost.find(F);
    double Cost = It == Project.NamedCost.end() ? 0 : Project.costOf(F, It->second);
    if (!Project.LoadPch.count(F) && Cost > Most && !Stored(F)) {
      Most = Cost;
      Early = F;
    }
  }
  return Early;
}

/// \p Index stored for the next run, one file per project root.
void storeIndexes(const std::map<std::string, std::string> &Roots,
                  const model::ProjectIndex &Index, bool Quiet) {
  for (const auto &[Root, Path] : Roots) {
    model::ProjectIndex Part;
    for (const auto &[File, Facts] : Index.Units)
      if (llvm::StringRef(File).starts_with(Root + "/")) {
        Part.Units[File] = Facts;
        auto D = Index.Digests.find(File);
        Part.Digests[File] = D == Index.Digests.end() ? "" : D->second;
      }
    std::error_code EC = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    if (!EC)
      EC = writeReplacing(Path, Part.toJson().dump(-1, ' ', false, json::error_handler_t::replace));
    if (EC && !Quiet)
      llvm::errs() << "torch-lint: project index not stored in " << Path << ": "
                   << EC.message() << "\n";
  }
}

} // namespace

double ProjectRun::costOf(const std::string &File, double Estimate) const {
  bool Cpp = !llvm::is_contained({".cu", ".cuh"}, llvm::sys::path::extension(File));
  return Estimate + (PchKnown && Cpp && !LoadPch.count(File) ? NoPchSeconds : 0);
}

double ProjectRun::budget(const std::vector<std::string> &Files, unsigned Jobs) const {
  if (NamedCost.empty())
    return -1;
  Jobs = std::max(1u, Jobs);
  double Sum = 0, Max = 0;
  for (const std::string &F : Files)
    if (auto It = NamedCost.find(F); It != NamedCost.end()) {
      double C = costOf(F, It->second);
      Sum += C;
      Max = std::max(Max, C);
    }
  double Wall = std::max(Sum / Jobs, Max);
  double B = 0.5 * Wall + 2.0 * double(TreeSources) / 1000;
  return TreeSources <= SmallTree ? std::max(B, MinBudgetSeconds) : B;
}

WorkerResult lintProject(
    const std::vector<std::string> &Files, const std::vector<std::string> &WorkerArgs,
    const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
    const std::function<void(const std::string &, size_t Total)> &Done,
    const std::function<std::vector<std::string>(const std::string &)> &PerFile,
    const ProjectRun &Project, DeferredFacts *Deferred) {
  // (A caller that gives no session gets one of the run's own.)
  std::shared_ptr<model::Session> Run =
      Project.Session ? Project.Session : std::make_shared<model::Session>();
  ResultCache Cache(Project.ResultsDir, Project.ToolId, *Run);
  if (!Project.Enabled) { // --no-project: each file alone.
    if (Project.BeforeParsing)
      Project.BeforeParsing(Files);
    std::vector<WorkerResult> Results = runCached(
        Cache, Files, WorkerArgs, [&] { return WorkerArgs; }, Env, Jobs, TimeoutSeconds,
        [&](const std::string &F) { Done ? Done(F, Files.size()) : void(); }, PerFile, nullptr,
        nullptr);
    Cache.enabled() ? Cache.trim(Project.ResultsMaxBytes) : void();
    return mergeWorkerResults(Results, Files);
  }
  // The stored facts of the rest of each project; its files that changed
  // since are parsed again for theirs (not reported).
  std::map<std::string, std::string> Roots = storedIndexPaths(Files, Project);
  auto Index = std::make_shared<model::ProjectIndex>();
  std::vector<std::string> Stale;
  for (const auto &[Root, Path] : Roots) {
    model::ProjectIndex Stored = model::ProjectIndex::load(Path, &Stale);
    Index->Units.insert(Stored.Units.begin(), Stored.Units.end());
    Index->Digests.insert(Stored.Digests.begin(), Stored.Digests.end());
  }
  // The named file that parses while the fact sources are (startedEarly).
  auto KeyOf = [&](const std::string &F, bool WithIndex) {
    return Cache.enabled() ? Cache.keyOf(F, WorkerArgs, Env,
                                         PerFile ? PerFile(F) : std::vector<std::string>(),
                                         WithIndex)
                           : std::string();
  };
  std::string Early = startedEarly(Files, Project, Jobs, [&](const std::string &F) {
    return Cache.stored(KeyOf(F, true)) || Cache.stored(KeyOf(F, false));
  });
  DeferredFacts NotParsed;
  std::vector<std::string> All =
      filesToParse(Files, Stale, Project, Jobs, *Index, NotParsed);
  if (All.size() == Files.size() || llvm::count(All, Early) > 1)
    Early.clear(); // No sources to parse meanwhile; or it is one.
  if (Deferred)
    *Deferred = NotParsed;
  if (Project.BeforeParsing)
    Project.BeforeParsing(All);
  size_t Total = All.size();
  std::mutex CountLock; // (The early file's worker counts from its thread.)
  auto Count = [&](const std::string &F) {
    std::lock_guard<std::mutex> Lock(CountLock);
    Done ? Done(F, Total) : void();
  };
  // The workers' arguments with \p I written for them (once a worker is
  // needed: a run the cache answers writes nothing).
  bool WorkersRan = false;
  auto ArgsWith = [&](IndexFile &File, const model::ProjectIndex &I) {
    WorkersRan = true;
    std::vector<std::string> Args = WorkerArgs;
    if (File.Path.empty() && !File.write(I))
      return Args;
    Args.insert(std::find(Args.begin(), Args.end(), "--"), "--worker-project-index=" + File.Path);
    return Args;
  };
  const std::map<std::string, std::string> StoredDigests = Index->Digests;
  WorkerSlots Slots(Jobs);

  // The fact sources first (the stale files, the neighbours within the
  // budget), for their facts alone (no check runs on them), so that the
  // named files are linted once, with those facts; one named file may parse
  // meanwhile (startedEarly) and take them once they are known.
  std::vector<std::string> Sources(All.begin() + Files.size(), All.end());
  IndexFile Late;
  std::optional<WorkerResult> EarlyResult;
  std::thread EarlyWorker;
  if (!Early.empty() && Late.reserve()) {
    WorkersRan = true;
    std::vector<std::string> Args = WorkerArgs;
    Args.insert(std::find(Args.begin(), Args.end(), "--"),
                {"--worker-project-index=" + Late.Path, "--worker-index-late"});
    // Its slot before the sources take them all; given back once it waits
    // for their facts (it says so: <index>.waiting), else when it ends.
    Slots.acquire();
    EarlyWorker = std::thread([&, Args] {
      std::atomic<bool> Ended{false}, Released{false};
      auto Release = [&] {
        if (!Released.exchange(true))
          Slots.release();
      };
      std::thread Watch([&] {
        while (!Ended && !llvm::sys::fs::exists(Late.Path + ".waiting"))
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
        Release();
      });
      EarlyResult = std::move(
          runWorkers({Early}, Args, Env, 1, TimeoutSeconds, Count, PerFile, *Run).front());
      Ended = true;
      Watch.join();
      Release();
    });
  }
  if (!Sources.empty()) {
    std::vector<WorkerResult> Facts = runCached(
        Cache, Sources, WorkerArgs,
        [&] {
          WorkersRan = true;
          return WorkerArgs;
        },
        Env, Jobs, TimeoutSeconds, Count,
        [&](const std::string &F) {
          std::vector<std::string> A = PerFile ? PerFile(F) : std::vector<std::string>();
          A.push_back("--worker-facts-only");
          return A;
        },
        nullptr, &Slots);
    mergeFacts(Facts, *Index);
  }

  // Then the named files, with the stored index and those facts (and the
  // deferred sources, so the answers they could change say so); a file
  // whose answers the named files' own facts change is linted again below.
  std::shared_ptr<const model::ProjectIndex> FirstIndex;
  if (!Index->Units.empty() || !Index->Deferred.empty())
    FirstIndex = std::make_shared<const model::ProjectIndex>(*Index);
  if (EarlyWorker.joinable())
    Late.publish(FirstIndex.get());
  std::vector<std::string> Rest;
  for (const std::string &F : Files)
    if (F != Early || !EarlyWorker.joinable())
      Rest.push_back(F);
  IndexFile First;
  std::vector<WorkerResult> RestResults = runCached(
      Cache, Rest, WorkerArgs,
      [&] {
        if (!FirstIndex) {
          WorkersRan = true;
          return WorkerArgs;
        }
        return ArgsWith(First, *FirstIndex);
      },
      Env, Jobs, TimeoutSeconds, Count, PerFile, FirstIndex, &Slots);
  std::vector<WorkerResult> Results;
  Results.reserve(Files.size());
  for (size_t I = 0, J = 0; I < Files.size(); ++I)
    if (J < Rest.size() && Rest[J] == Files[I]) {
      Results.push_back(std::move(RestResults[J++]));
    } else { // The early file.
      EarlyWorker.join();
      Cache.store(KeyOf(Early, FirstIndex != nullptr), *EarlyResult);
      Results.push_back(std::move(*EarlyResult));
    }
  mergeFacts(Results, *Index);

  // The files whose questions the merged index answers otherwise.
  std::vector<size_t> AgainAt = answeredOtherwise(Files.size(), Results, Index, *Run);
  std::vector<std::string> Again;
  for (size_t I : AgainAt)
    Again.push_back(Files[I]);
  IndexFile Merged;
  if (!Again.empty()) {
    Total += Again.size();
    std::vector<WorkerResult> Second =
        runCached(Cache, Again, WorkerArgs, [&] { return ArgsWith(Merged, *Index); }, Env, Jobs,
                  TimeoutSeconds, Count, PerFile, Index, nullptr);
    for (size_t J = 0; J < Again.size(); ++J)
      Results[AgainAt[J]] = std::move(Second[J]);
  }

  // Stored for the next run, per project root; not rewritten when the cache
  // answered every file and each file is the one the stored index has.
  if (WorkersRan || Index->Digests != StoredDigests)
    storeIndexes(Roots, *Index, Project.Quiet);
  if (Cache.enabled())
    Cache.trim(Project.ResultsMaxBytes);
  Results.resize(Files.size()); // Only the named files are reported.
  return mergeWorkerResults(Results, Files);
}

} // namespace torchlint
