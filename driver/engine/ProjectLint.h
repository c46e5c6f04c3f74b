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

#include <map>
#include <set>

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
  /// The terms of a first run's budget for parsing the neighbours the stored
  /// index lacks (budget()): the named files' estimated parse costs (CPU
  /// seconds, parseCostOf) and how many sources their trees hold; no budget
  /// when empty (--project=full, a text pass that gave up). The neighbours
  /// over it are deferred: the findings they could change say so, and a
  /// later run parses them (at least one each run).
  std::map<std::string, double> NamedCost;
  size_t TreeSources = 0;
  /// Per named file, the other named files whose facts can change its
  /// findings: one that costs less than a file that needs it is parsed for
  /// its facts first too, rather than that file linted twice.
  std::map<std::string, std::vector<std::string>> NamedNeeds;
  /// The files (named, neighbours) that load the torch PCH, when known: a
  /// C++ source that loads none parses torch's headers itself, as a CUDA
  /// source does; and on a first run whose named files load none, the first
  /// neighbour that does pays for its build.
  std::set<std::string> LoadPch;
  bool PchKnown = false;
  /// Called with the files the run parses (named and neighbours), before
  /// the first is (the shared PCH holds their torch headers).
  std::function<void(const std::vector<std::string> &)> BeforeParsing;
  static constexpr double PchBuildSeconds = 6, NoPchSeconds = 4, MinBudgetSeconds = 5;
  static constexpr size_t SmallTree = 100;

  /// A file's estimated parse cost: \p Estimate, and NoPchSeconds for a C++
  /// source known to load no PCH.
  double costOf(const std::string &File, double Estimate) const;
  /// The seconds (estimated, wall) a first run on \p Files with \p Jobs
  /// workers may spend parsing neighbours before them: half the named
  /// files' time and 2 s per 1,000 sources of their trees (the bound of
  /// docs/linter-speed.md); in a tree of at most SmallTree sources never
  /// under MinBudgetSeconds (a small extension's first run parses all it
  /// needs); negative: no limit.
  double budget(const std::vector<std::string> &Files, unsigned Jobs) const;
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
