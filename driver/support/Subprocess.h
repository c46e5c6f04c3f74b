//===--- Subprocess.h - Running helper programs safely ----------*- C++ -*-===//
//
// torch-lint runs two programs: git (for --diff-base) and the project's
// Python (to find its torch). Both run on behalf of an untrusted tree, so
// they run with an environment torch-lint writes (never the caller's), in a
// working directory torch-lint chooses, stdin from /dev/null, and killed
// (with their process group) after a time limit.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_SUBPROCESS_H
#define TORCHLINT_DRIVER_SUBPROCESS_H

#include <string>
#include <vector>

namespace torchlint {

struct ProcessResult {
  /// The exit status; -1 when the program could not be started, was killed
  /// by a signal or ran past its time limit (Error says which).
  int Status = -1;
  std::string Out, Err, Error;
};

/// Runs \p Argv (Argv[0] is an absolute path, never searched) in \p Cwd with
/// exactly the environment \p Env ("NAME=value"), for at most \p Seconds.
/// Output beyond \p MaxOutput bytes per stream is dropped.
ProcessResult runProcess(const std::vector<std::string> &Argv,
                         const std::vector<std::string> &Env, const std::string &Cwd,
                         unsigned Seconds, size_t MaxOutput = 64 << 20);

/// Children die with torch-lint: each runs with PR_SET_PDEATHSIG (SIGKILL),
/// and SIGINT, SIGTERM, SIGHUP and SIGQUIT kill every child's process group
/// before torch-lint ends as the signal would have ended it. runProcess
/// installs the handlers on its first call.
void killChildrenWithThisProcess();

/// The environment helper programs get: PATH=/usr/bin:/bin, LC_ALL=C,
/// HOME=/nonexistent, and nothing else.
std::vector<std::string> minimalEnvironment();

} // namespace torchlint

#endif
