//===--- Cli.h - The torch-lint command line ---------------------*- C++ -*-===//

#ifndef TORCHLINT_DRIVER_CLI_H
#define TORCHLINT_DRIVER_CLI_H

namespace torchlint {

/// Exit status of torch-lint (documented in docs/guide/usage.md).
enum ExitCode {
  ExitClean = 0,      ///< No findings.
  ExitFindings = 1,   ///< Findings (or --verify mismatches).
  ExitUsage = 2,      ///< Bad usage or input; nothing was written.
  ExitIncomplete = 3, ///< Some file could not be analysed (listed in errors).
  ExitOutput = 4,     ///< The report could not be written (stdout closed, full).
};

int runTorchLint(int Argc, const char **Argv);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_CLI_H
