//===--- Inputs.h - The files a torch-lint command line names -----*- C++ -*-===//
//
// The named files and directories expanded into the sources to lint (symlinks
// kept inside the named trees, excludes applied); the other sources of their
// projects (project mode); where their compile database is.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_CLI_INPUTS_H
#define TORCHLINT_DRIVER_CLI_INPUTS_H

#include "cli/Options.h"
#include "engine/ProjectLint.h"

#include <string>
#include <vector>

namespace torchlint {

/// Expands directories into their C++ sources, sorted; absolute paths.
/// -1, or the exit code of the error (said).
int collectFiles(const Options &O, std::vector<std::string> &Files);

/// The source files of the projects of \p Files that are not among them:
/// what a run on a few files of a project needs the facts of (project mode).
/// Only for roots that are projects (--project-root, a git work tree, a
/// setup.py or pyproject.toml, a CMake top), walked as a named directory is
/// (defaults and excludes), at most 5,000 files; unless --project=full, only
/// those the text pass picks (FactSources.h), most needed first, with the
/// terms of the first run's budget for them (ProjectRun::budget), in \p Project.
void projectNeighbours(const Options &O, const std::vector<std::string> &Files,
                       ProjectRun &Project);

/// The real paths of the trees being linted: each named file's project
/// and each named directory.
std::vector<std::string> projectRoots(const Options &O, const std::vector<std::string> &Files);

/// compile_commands.json in \p File's directory or a parent (or their
/// build/), up to its project's root; empty if none.
std::string findCompileDatabase(const std::string &File, const ProjectRootFinder &Roots);

/// A golden `x.fixed.cpp` of another input (testdata): not itself verified.
bool isGoldenFile(const std::string &File, const std::vector<std::string> &Files);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_CLI_INPUTS_H
