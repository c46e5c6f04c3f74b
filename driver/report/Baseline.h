//===--- Baseline.h - Which findings to report -------------------*- C++ -*-===//
//
// Everything that narrows a run down to the findings a CI job should report:
// stable finding fingerprints (shared with the SARIF and Code Climate
// outputs), baselines (--baseline / --write-baseline), line filters
// (--line-filter, --diff-base <git rev>) and file shards (--shard i/n).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_BASELINE_H
#define TORCHLINT_DRIVER_BASELINE_H

#include "engine/Finding.h"

#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class MemoryBuffer;
}

namespace torchlint {

/// Source files read once, for line texts and positions.
class SourceCache {
public:
  SourceCache();
  ~SourceCache();
  /// The text of 1-based line \p Line of \p File without its line break;
  /// empty when the file or line does not exist.
  llvm::StringRef lineText(const std::string &File, unsigned Line);
  /// 1-based line and byte column of byte offset \p Offset in \p File;
  /// nullopt when the file cannot be read or is shorter.
  std::optional<std::pair<unsigned, unsigned>> position(const std::string &File,
                                                        unsigned Offset);

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<unsigned> LineStarts;
  };
  Entry *get(const std::string &File);
  std::map<std::string, Entry> Files;
};

/// \p Line with leading and trailing whitespace removed and every run of
/// inner whitespace collapsed to one space.
std::string normaliseLine(llvm::StringRef Line);

/// Absolute \p Path relative to absolute directory \p BaseDir, with '/'
/// separators and ".." where \p Path is outside \p BaseDir (lexically; no
/// symlinks are resolved).
std::string relativePath(llvm::StringRef Path, llvm::StringRef BaseDir);

/// The absolute, dot-free form of \p Path (relative to the working directory).
std::string absolutePath(llvm::StringRef Path);

/// A finding's identity across edits that move it: the first 128 bits (hex)
/// of SHA-256 over the check, the file path relative to \p BaseDir, the
/// source line text with whitespace normalised, and the occurrence index among
/// findings with the same (check, path, line text). The enclosing function is
/// not part of it (the Finding model does not carry it). Returns one
/// fingerprint per finding, in order; compute it before filtering findings.
std::vector<std::string> fingerprints(const std::vector<Finding> &Findings,
                                      llvm::StringRef BaseDir, SourceCache &Sources);

/// Line ranges (1-based, inclusive) of one file, as clang-tidy's
/// --line-filter has them; no ranges means the whole file.
struct LineFilterEntry {
  std::string Name;
  std::vector<std::pair<unsigned, unsigned>> Lines;
};

/// The reporting options (all optional; empty means unset).
struct SelectOptions {
  std::string Baseline;      ///< --baseline <file>
  std::string WriteBaseline; ///< --write-baseline <file>
  std::string DiffBase;      ///< --diff-base <git rev>
  std::string LineFilter;    ///< --line-filter <json>
  std::string Shard;         ///< --shard i/n
};

/// Narrows the files to lint and the findings to report.
class FindingSelector {
public:
  /// Validates the options, reads the baseline and line filter, keeps only
  /// this shard's share of \p Files (sorted first), and runs `git diff` for the
  /// remaining files. Returns a message for a usage error (exit 2), or empty.
  std::string prepare(const SelectOptions &Options, std::vector<std::string> &Files);

  /// Sets \p Ids to the fingerprints of \p Result's findings (relative to the
  /// working directory, for the CI formats), writes the baseline
  /// (--write-baseline; every finding of \p Result), then drops the findings
  /// in the baseline and those outside the line filters, keeping \p Ids
  /// aligned. Returns an error message when the baseline cannot be written.
  std::string apply(LintResult &Result, std::vector<std::string> &Ids);

  /// How many findings the baseline hid in the last apply().
  size_t hiddenByBaseline() const { return Hidden; }

private:
  using Ranges = std::vector<std::pair<unsigned, unsigned>>;
  bool passesLineFilter(const std::string &File, unsigned Line) const;
  bool passesDiff(const std::string &File, unsigned Line);
  /// Records the changed lines of \p File against the --diff-base revision;
  /// an error message on failure.
  std::string diffFile(const std::string &File);
  /// The --diff-base commit in the repository holding \p File; an error
  /// message on failure.
  std::string commitFor(const std::string &File, std::string &Top, std::string &Commit);
  /// --git-dir and --work-tree of the repository at \p Top.
  std::vector<std::string> repoArgs(const std::string &Top) const;

  SelectOptions Options;
  std::string BaselinePath, BaselineDir, WritePath, WriteDir;
  std::set<std::string> BaselineIds;
  bool HaveLineFilter = false;
  std::vector<LineFilterEntry> LineFilters;
  std::map<std::string, std::string> DirTop;            ///< directory -> top level.
  std::map<std::string, std::string> RepoCommit;        ///< toplevel -> commit.
  std::map<std::string, std::optional<Ranges>> Changed; ///< nullopt: unknown.
  std::string Git;
  size_t Hidden = 0;
};


/// Parses "i/n" (1 <= i <= n); an error message or empty.
std::string parseShard(llvm::StringRef Spec, unsigned &Index, unsigned &Count);

/// The files of shard \p Index (1-based) of \p Count: round-robin over the
/// sorted list.
std::vector<std::string> shardFiles(std::vector<std::string> Files, unsigned Index,
                                    unsigned Count);

/// Parses clang-tidy's --line-filter JSON; an error message or empty.
std::string parseLineFilter(llvm::StringRef Json, std::vector<LineFilterEntry> &Out);

/// The added/changed line ranges of a `git diff -U0` patch (new side).
std::vector<std::pair<unsigned, unsigned>> parseDiffHunks(llvm::StringRef Patch);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_BASELINE_H
