//===--- ProjectLint.cpp - Linting files as parts of one project ----------===//

#include "ProjectLint.h"
#include "model/ProjectModel.h"
#include "model/SafeRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using nlohmann::json;

namespace torchlint {
namespace {

std::string hexDigest(llvm::ArrayRef<uint8_t> D) { return llvm::toHex(D, /*LowerCase=*/true); }

std::string digestOfFile(const std::string &File) {
  auto Buf = readRegularFile(File, uint64_t(64) << 20);
  if (!Buf)
    return {};
  return hexDigest(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Buf->getBuffer())));
}

/// The stored index at \p Path, less the entries whose file changed since
/// (those still there are added to \p Stale: their facts are taken again).
model::ProjectIndex loadIndex(const std::string &Path, std::vector<std::string> &Stale) {
  model::ProjectIndex I;
  auto Buf = readRegularFile(Path, uint64_t(1) << 30);
  if (!Buf)
    return I;
  json J = json::parse(Buf->getBuffer().begin(), Buf->getBuffer().end(), nullptr,
                       /*allow_exceptions=*/false);
  try {
    I = model::ProjectIndex::fromJson(J);
  } catch (const json::exception &) {
    return {}; // Another version's, or damaged: rebuilt by this run.
  }
  for (auto It = I.Units.begin(); It != I.Units.end();) {
    const std::string &Want = I.Digests[It->first];
    std::string Now = digestOfFile(It->first);
    if (Want.empty() || Now != Want) {
      if (!Now.empty())
        Stale.push_back(It->first);
      I.Digests.erase(It->first);
      It = I.Units.erase(It);
    } else {
      ++It;
    }
  }
  return I;
}

} // namespace

std::string projectIndexPath(const std::string &IndexDir, const std::string &Root) {
  auto D = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Root));
  return IndexDir + "/" + hexDigest(llvm::ArrayRef<uint8_t>(D).take_front(12)) + ".json";
}

WorkerResult lintProject(
    const std::vector<std::string> &Files, const std::vector<std::string> &WorkerArgs,
    const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
    const std::function<void(const std::string &, size_t Total)> &Done,
    const std::function<std::vector<std::string>(const std::string &)> &PerFile,
    const ProjectRun &Project) {
  if (!Project.Enabled) {
    std::vector<WorkerResult> Results = runWorkers(
        Files, WorkerArgs, Env, Jobs, TimeoutSeconds,
        [&](const std::string &F) {
          if (Done)
            Done(F, Files.size());
        },
        PerFile);
    return mergeWorkerResults(Results, Files);
  }
  // The stored facts of the rest of each project; its files that changed
  // since are parsed again for theirs (not reported).
  std::map<std::string, std::string> Roots; // Root -> stored index.
  if (!Project.IndexDir.empty() && Project.RootOf)
    for (const std::string &F : Files)
      if (std::string Root = Project.RootOf(F); !Root.empty())
        Roots.emplace(Root, projectIndexPath(Project.IndexDir, Root));
  auto Index = std::make_shared<model::ProjectIndex>();
  std::vector<std::string> Stale;
  for (const auto &[Root, Path] : Roots) {
    model::ProjectIndex Stored = loadIndex(Path, Stale);
    Index->Units.insert(Stored.Units.begin(), Stored.Units.end());
    Index->Digests.insert(Stored.Digests.begin(), Stored.Digests.end());
  }
  std::set<std::string> Named(Files.begin(), Files.end());
  std::vector<std::string> All = Files;
  for (const std::string &S : Stale)
    if (!Named.count(S))
      All.push_back(S);

  size_t Total = All.size();
  auto Count = [&](const std::string &F) {
    if (Done)
      Done(F, Total);
  };
  std::vector<WorkerResult> Results =
      runWorkers(All, WorkerArgs, Env, Jobs, TimeoutSeconds, Count, PerFile);
  for (const WorkerResult &R : Results)
    for (const auto &[File, Facts] : R.Result.Facts) {
      Index->Units[File] = Facts;
      auto P = R.Result.Parsed.find(File);
      Index->Digests[File] =
          P == R.Result.Parsed.end() ? "" : hexDigest(llvm::ArrayRef<uint8_t>(P->second));
    }

  // The files whose questions the merged index answers otherwise.
  std::vector<std::string> Again;
  std::vector<size_t> AgainAt;
  for (size_t I = 0; I < Files.size(); ++I) {
    bool Changed = false;
    for (const auto &[File, Queries] : Results[I].Result.Queries) {
      model::ProjectView View(Index, File, Index->Units[File]);
      for (const model::ProjectQuery &Q : Queries)
        Changed |= View.answer(Q.Kind, Q.Arg) != Q.Answer;
    }
    if (Changed) {
      Again.push_back(Files[I]);
      AgainAt.push_back(I);
    }
  }
  if (!Again.empty()) {
    llvm::SmallString<256> Path;
    int FD = -1;
    if (!llvm::sys::fs::createTemporaryFile("torchlint-project", "json", FD, Path)) {
      {
        llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
        Out << Index->toJson().dump(-1, ' ', false, json::error_handler_t::replace);
      }
      std::vector<std::string> Args = WorkerArgs;
      auto Dash = std::find(Args.begin(), Args.end(), "--");
      Args.insert(Dash, "--worker-project-index=" + Path.str().str());
      Total += Again.size();
      std::vector<WorkerResult> Second =
          runWorkers(Again, Args, Env, Jobs, TimeoutSeconds, Count, PerFile);
      for (size_t J = 0; J < Again.size(); ++J)
        Results[AgainAt[J]] = std::move(Second[J]);
      llvm::sys::fs::remove(Path);
    }
  }

  // Stored for the next run, per project root.
  for (const auto &[Root, Path] : Roots) {
    model::ProjectIndex Part;
    for (const auto &[File, Facts] : Index->Units)
      if (llvm::StringRef(File).starts_with(Root + "/")) {
        Part.Units[File] = Facts;
        Part.Digests[File] = Index->Digests[File];
      }
    // Written beside, then renamed: a concurrent run reads the old or the
    // new index, never half of one.
    std::error_code EC = llvm::sys::fs::create_directories(Project.IndexDir);
    llvm::SmallString<256> Temp;
    int FD = -1;
    if (!EC)
      EC = llvm::sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temp);
    if (!EC) {
      {
        llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
        Out << Part.toJson().dump(-1, ' ', false, json::error_handler_t::replace);
        Out.close();
        if (Out.has_error())
          EC = Out.error();
        Out.clear_error();
      }
      if (!EC)
        EC = llvm::sys::fs::rename(Temp, Path);
      if (EC)
        llvm::sys::fs::remove(Temp);
    }
    if (EC && !Project.Quiet)
      llvm::errs() << "torch-lint: project index not stored in " << Project.IndexDir << ": "
                   << EC.message() << "\n";
  }
  Results.resize(Files.size()); // Only the named files are reported.
  return mergeWorkerResults(Results, Files);
}

} // namespace torchlint
