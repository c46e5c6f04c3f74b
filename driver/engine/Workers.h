//===--- Workers.h - One process per file --------------------------*- C++ -*-===//
//
// Each file is linted in a worker process (torch-lint itself, re-run with
// --worker on that one file), so that one hostile or broken file cannot end
// or hang the run: a worker that crashes or runs past the per-file time limit
// (--timeout) becomes an error for its file (exit 3) and every other file's
// findings are still reported. Workers print their result as JSON on stdout;
// the parent merges them in file order, so the output does not depend on -j.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_WORKERS_H
#define TORCHLINT_DRIVER_WORKERS_H

#include "engine/Finding.h"

#include "llvm/ADT/StringRef.h"
#include <condition_variable>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

namespace model {
class Session;
}

/// What a worker hands back: its result and the compile-database flags it
/// dropped.
struct WorkerResult {
  LintResult Result;
  std::set<std::string> Dropped;
};

/// The full-fidelity JSON a worker prints (offsets, fix-its, digests).
std::string serializeWorkerResult(const WorkerResult &R);
/// Parses serializeWorkerResult's output; false if it is not that.
bool parseWorkerResult(llvm::StringRef Text, WorkerResult &R);

/// The worker processes several runWorkers calls at once share: at most
/// \p Jobs run at a time in all (ProjectLint.cpp starts a named file while
/// its fact sources are parsed).
class WorkerSlots {
public:
  explicit WorkerSlots(unsigned Jobs) : Free(Jobs ? Jobs : 1) {}
  void acquire() {
    std::unique_lock<std::mutex> Lock(M);
    Freed.wait(Lock, [&] { return Free > 0; });
    --Free;
  }
  void release() {
    {
      std::lock_guard<std::mutex> Lock(M);
      ++Free;
    }
    Freed.notify_one();
  }

private:
  std::mutex M;
  std::condition_variable Freed;
  unsigned Free;
};

/// Lints \p Files, \p Jobs at a time, each in `torch-lint <WorkerArgs>
/// --worker <file>`, killed after \p TimeoutSeconds: each file's result, in
/// \p Files' order. \p Env is added to the workers' environment
/// ("NAME=value"); \p PerFile adds arguments for one file (inferred include
/// directories). The project's Python is scanned once, in \p Run, for every
/// worker. With \p Slots, each worker also holds one of them while it runs.
std::vector<WorkerResult> runWorkers(
    const std::vector<std::string> &Files, const std::vector<std::string> &WorkerArgs,
    const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
    const std::function<void(const std::string &)> &Done,
    const std::function<std::vector<std::string>(const std::string &)> &PerFile,
    const model::Session &Run, WorkerSlots *Slots = nullptr);
/// Their merge: sorted by file order, then position; a finding in a header
/// several files include once.
WorkerResult mergeWorkerResults(std::vector<WorkerResult> &Results,
                                const std::vector<std::string> &Files);

} // namespace torchlint

#endif
