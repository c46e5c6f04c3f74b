//===--- ProjectLint.h - Linting files as parts of one project -*- C++ -*-===//
//
// Project mode (checks/model/ProjectModel.h). Each named file is linted in a
// worker with only its own facts; their facts are merged, with those a
// previous run stored for the rest of the project (the index in the cache,
// one per project root, each file's entry valid while its bytes are the
// same, as clangd's index shards); the files whose checks asked a question
// the merged index answers otherwise are linted again with it; the index is
// stored again with the fresh facts. A directory run thus sees every file of
// the directories it lints, and a later run on a few files (pre-commit) the
// rest of the project as that run saw it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_PROJECTLINT_H
#define TORCHLINT_DRIVER_PROJECTLINT_H

#include "engine/Workers.h"
#include "model/ProjectModel.h"

namespace torchlint {

struct ProjectRun {
  /// What the run knows of its projects (checks/model/Session.h); null: a
  /// session of this call's own.
  std::shared_ptr<model::Session> Session;
  /// The project root of a file (Project.h).
  std::function<std::string(const std::string &)> RootOf;
  /// The cache whose projects/ holds the stored indexes; empty: none read
  /// or written.
  std::string CacheDir;
  bool Quiet = false;
  bool Enabled = true; ///< Off (--no-project): each file alone.
  /// Where worker results are kept (<cache>/results); empty: none.
  std::string ResultsDir;
  /// What identifies this torch-lint (results of another build are not used).
  std::string ToolId;
  uint64_t ResultsMaxBytes = uint64_t(256) << 20;
  /// The other source files of the named files' projects (not named, not
  /// reported): those with no facts in the stored index are parsed for
  /// theirs, so a run on two files of a fresh clone sees the whole project.
  std::vector<std::string> Neighbours;
  /// Per neighbour: what its text says (FactSources.h), for the answers
  /// that assume it when it is deferred, and its estimated parse cost (CPU
  /// seconds, parseCostOf).
  std::vector<model::DeferredSource> NeighbourTexts;
  std::vector<double> NeighbourCost;
  /// How much (CPU seconds, estimated) this run may spend parsing the
  /// neighbours the stored index lacks, in their order (most needed
  /// first); negative: no limit. Those over it are deferred: the findings
  /// they could change say so, and a later run parses them.
  double FactBudget = -1;
};

/// What a run did not parse of the neighbours, for the summary line.
struct DeferredFacts {
  std::vector<std::string> Files;
  double Cost = 0; ///< Their estimated parse cost.
};

/// Lints \p Files in workers (runWorkers), as parts of their projects.
/// \p Done gets the number of parses the run makes so far.
WorkerResult lintProject(
    const std::vector<std::string> &Files, const std::vector<std::string> &WorkerArgs,
    const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
    const std::function<void(const std::string &, size_t Total)> &Done,
    const std::function<std::vector<std::string>(const std::string &)> &PerFile,
    const ProjectRun &Project, DeferredFacts *Deferred = nullptr);

} // namespace torchlint

#endif
