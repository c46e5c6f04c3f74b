//===--- Baseline.cpp - Which findings to report --------------------------===//

#include "report/Baseline.h"
#include "project/Project.h"
#include "support/Subprocess.h"

#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <climits>
#include <nlohmann/json.hpp>

namespace torchlint {

// ---------------------------------------------------------------------------
// Source lines and paths
// ---------------------------------------------------------------------------

SourceCache::SourceCache() = default;
SourceCache::~SourceCache() = default;

SourceCache::Entry *SourceCache::get(const std::string &File) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    Entry E;
    if (auto B = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false)) {
      E.Buffer = std::move(*B);
      llvm::StringRef Text = E.Buffer->getBuffer();
      E.LineStarts.push_back(0);
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n')
          E.LineStarts.push_back(I + 1);
    }
    It = Files.emplace(File, std::move(E)).first;
  }
  return It->second.Buffer ? &It->second : nullptr;
}

llvm::StringRef SourceCache::lineText(const std::string &File, unsigned Line) {
  Entry *E = get(File);
  if (!E || Line == 0 || Line > E->LineStarts.size())
    return {};
  llvm::StringRef Text = E->Buffer->getBuffer();
  size_t Begin = E->LineStarts[Line - 1];
  size_t End = Line < E->LineStarts.size() ? E->LineStarts[Line] - 1 : Text.size();
  return Text.slice(Begin, End).rtrim("\r");
}

std::optional<std::pair<unsigned, unsigned>>
SourceCache::position(const std::string &File, unsigned Offset) {
  Entry *E = get(File);
  if (!E || Offset > E->Buffer->getBufferSize())
    return std::nullopt;
  auto It = std::upper_bound(E->LineStarts.begin(), E->LineStarts.end(), Offset);
  unsigned Line = It - E->LineStarts.begin();
  return std::make_pair(Line, Offset - E->LineStarts[Line - 1] + 1);
}

std::string normaliseLine(llvm::StringRef Line) {
  std::string Out;
  bool Space = false;
  for (char C : Line.trim(" \t\r\n\v\f")) {
    if (llvm::isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::string relativePath(llvm::StringRef Path, llvm::StringRef BaseDir) {
  auto Split = [](llvm::StringRef P) {
    std::vector<llvm::StringRef> Parts;
    for (auto It = llvm::sys::path::begin(P), End = llvm::sys::path::end(P); It != End;
         ++It)
      if (*It != "/" && !It->empty())
        Parts.push_back(*It);
    return Parts;
  };
  std::vector<llvm::StringRef> A = Split(Path), B = Split(BaseDir);
  size_t Common = 0;
  while (Common < A.size() && Common < B.size() && A[Common] == B[Common])
    ++Common;
  std::string Out;
  for (size_t I = Common; I < B.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < A.size(); ++I) {
    Out += A[I].str();
    if (I + 1 < A.size())
      Out += '/';
  }
  return Out;
}

std::vector<std::string> fingerprints(const std::vector<Finding> &Findings,
                                      llvm::StringRef BaseDir, SourceCache &Sources) {
  std::vector<std::string> Ids;
  std::map<std::string, unsigned> Seen;
  for (const Finding &F : Findings) {
    std::string Key;
    auto Add = [&](llvm::StringRef Part) {
      Key += Part;
      Key += '\0';
    };
    Add("torchlint-fingerprint-v1");
    Add(F.Check);
    Add(F.Loc.File.empty() ? std::string() : relativePath(F.Loc.File, BaseDir));
    Add(normaliseLine(Sources.lineText(F.Loc.File, F.Loc.Line)));
    unsigned Occurrence = Seen[Key]++;
    Add(std::to_string(Occurrence));
    auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
    Ids.push_back(llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16),
                              /*LowerCase=*/true));
  }
  return Ids;
}

// ---------------------------------------------------------------------------
// Shards, line filters, diffs
// ---------------------------------------------------------------------------

std::string parseShard(llvm::StringRef Spec, unsigned &Index, unsigned &Count) {
  auto [I, N] = Spec.split('/');
  if (I.empty() || N.empty() || I.getAsInteger(10, Index) || N.getAsInteger(10, Count) ||
      Count == 0 || Index == 0 || Index > Count ||
      !llvm::all_of(Spec, [](char C) { return llvm::isDigit(C) || C == '/'; }))
    return "--shard: expected i/n with 1 <= i <= n (e.g. 2/4), got '" + Spec.str() + "'";
  return {};
}

std::vector<std::string> shardFiles(std::vector<std::string> Files, unsigned Index,
                                    unsigned Count) {
  llvm::sort(Files);
  std::vector<std::string> Mine;
  for (size_t I = 0; I < Files.size(); ++I)
    if (I % Count == Index - 1)
      Mine.push_back(Files[I]);
  return Mine;
}

std::string parseLineFilter(llvm::StringRef Json, std::vector<LineFilterEntry> &Out) {
  using nlohmann::json;
  json J = json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  const std::string Expected =
      "expected JSON like [{\"name\":\"file.cpp\",\"lines\":[[1,3],[5,5]]}]";
  if (J.is_discarded())
    return "--line-filter: not valid JSON; " + Expected;
  if (!J.is_array())
    return "--line-filter: " + Expected;
  for (const json &Item : J) {
    if (!Item.is_object() || !Item.contains("name") || !Item["name"].is_string() ||
        Item["name"].get<std::string>().empty())
      return "--line-filter: every entry needs a non-empty \"name\"; " + Expected;
    LineFilterEntry E;
    E.Name = Item["name"].get<std::string>();
    if (Item.contains("lines")) {
      const json &Lines = Item["lines"];
      if (!Lines.is_array())
        return "--line-filter: \"lines\" of '" + E.Name + "' must be an array; " +
               Expected;
      for (const json &R : Lines) {
        if (!R.is_array() || R.size() != 2 || !R[0].is_number_unsigned() ||
            !R[1].is_number_unsigned() || R[0].get<uint64_t>() == 0 ||
            R[0].get<uint64_t>() > R[1].get<uint64_t>() ||
            R[1].get<uint64_t>() > UINT_MAX)
          return "--line-filter: bad line range " + R.dump() + " for '" + E.Name +
                 "' (expected [first, last] with 1 <= first <= last)";
        E.Lines.push_back({R[0].get<unsigned>(), R[1].get<unsigned>()});
      }
    }
    Out.push_back(std::move(E));
  }
  return {};
}

std::vector<std::pair<unsigned, unsigned>> parseDiffHunks(llvm::StringRef Patch) {
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Patch.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    // @@ -a[,b] +c[,d] @@
    if (!L.consume_front("@@ -"))
      continue;
    size_t Plus = L.find(" +");
    if (Plus == llvm::StringRef::npos)
      continue;
    llvm::StringRef New = L.drop_front(Plus + 2);
    New = New.take_until([](char C) { return C == ' '; });
    auto [Start, Len] = New.split(',');
    unsigned First = 0, Count = 1;
    if (Start.getAsInteger(10, First) || (!Len.empty() && Len.getAsInteger(10, Count)))
      continue;
    if (Count == 0)
      continue; // Only deletions: no line of the new file changed.
    Ranges.push_back({First, First + Count - 1});
  }
  return Ranges;
}

namespace {

/// Runs git on behalf of an untrusted tree. The repository is named
/// explicitly (--git-dir/--work-tree) once it is found, and nothing the
/// repository or tree could configure runs: no fsmonitor, hooks, pager,
/// external diff or textconv drivers, no implicit bare repositories (a
/// directory laid out as one inside the tree is not a repository); a clean
/// environment (the user's HOME for their own configuration, nothing else).
ProcessResult runGit(const std::string &Git, const std::string &Cwd,
                     const std::vector<std::string> &Repo,
                     const std::vector<std::string> &Args) {
  std::vector<std::string> Argv = {Git,
                                   "--no-pager",
                                   "--no-optional-locks",
                                   "--literal-pathspecs",
                                   "-c", "core.fsmonitor=false",
                                   "-c", "core.hooksPath=/dev/null",
                                   "-c", "safe.bareRepository=explicit",
                                   "-c", "core.pager=cat",
                                   "-c", "diff.external=",
                                   "-c", "core.untrackedCache=false"};
  Argv.insert(Argv.end(), Repo.begin(), Repo.end());
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::vector<std::string> Env = minimalEnvironment();
  Env.push_back("GIT_TERMINAL_PROMPT=0");
  Env.push_back("GIT_OPTIONAL_LOCKS=0");
  for (const char *Keep : {"HOME", "XDG_CONFIG_HOME"}) {
    if (const char *V = std::getenv(Keep); V && *V) {
      if (std::string(Keep) == "HOME")
        Env.erase(std::remove_if(Env.begin(), Env.end(),
                                 [](const std::string &E) {
                                   return llvm::StringRef(E).starts_with("HOME=");
                                 }),
                  Env.end());
      Env.push_back(std::string(Keep) + "=" + V);
    }
  }
  ProcessResult R = runProcess(Argv, Env, Cwd, /*Seconds=*/300);
  R.Err = llvm::StringRef(R.Err).trim().str();
  if (R.Status < 0 && R.Err.empty())
    R.Err = R.Error;
  return R;
}

std::string firstLine(llvm::StringRef S) {
  return S.trim().split('\n').first.rtrim("\r").str();
}

/// Git's one-value output without its final line break (paths may hold
/// spaces or even line breaks).
std::string chomp(llvm::StringRef S) {
  S.consume_back("\n");
  return S.str();
}

std::string parentDir(const std::string &File) {
  return llvm::sys::path::parent_path(File).str();
}

} // namespace

std::string FindingSelector::commitFor(const std::string &File, std::string &Top,
                                       std::string &Commit) {
  std::string Dir = parentDir(File);
  auto It = DirTop.find(Dir);
  if (It == DirTop.end()) {
    // The repository is found without running git: the nearest directory
    // with a .git entry (a PR cannot commit one; a directory merely laid out
    // as a bare repository is not one).
    std::string Found = gitWorkTreeOf(Dir);
    if (Found.empty())
      return "--diff-base: '" + displayPath(File) + "' is not in a git repository";
    It = DirTop.emplace(Dir, Found).first;
  }
  Top = It->second;
  auto C = RepoCommit.find(Top);
  if (C == RepoCommit.end()) {
    ProcessResult R = runGit(Git, Top, repoArgs(Top),
                             {"rev-parse", "--verify", "--quiet", "--end-of-options",
                              Options.DiffBase + "^{commit}"});
    if (R.Status != 0)
      return "--diff-base: unknown revision '" + Options.DiffBase +
             "' in the git repository at '" + Top + "'";
    C = RepoCommit.emplace(Top, chomp(R.Out)).first;
  }
  Commit = C->second;
  return {};
}

std::vector<std::string> FindingSelector::repoArgs(const std::string &Top) const {
  return {"--git-dir=" + Top + "/.git", "--work-tree=" + Top};
}

std::string FindingSelector::diffFile(const std::string &File) {
  Changed[File] = std::nullopt;
  std::string Top, Commit;
  if (std::string Problem = commitFor(File, Top, Commit); !Problem.empty())
    return Problem;
  llvm::SmallString<256> Rel(File);
  if (!llvm::sys::path::replace_path_prefix(Rel, Top, ""))
    return "--diff-base: '" + displayPath(File) + "' is outside its repository '" + Top +
           "'";
  std::string Path = llvm::StringRef(Rel).ltrim('/').str();
  ProcessResult R = runGit(Git, Top, repoArgs(Top),
                           {"diff", "--no-color", "--no-ext-diff", "--no-textconv",
                            "--no-renames", "--text", "-U0", Commit, "--", Path});
  if (R.Status != 0)
    return "--diff-base: 'git diff " + Options.DiffBase + "' failed for '" +
           displayPath(File) + "': " + firstLine(R.Err);
  Ranges Lines = parseDiffHunks(R.Out);
  if (Lines.empty()) {
    // A new file git does not track yet: every line is new.
    ProcessResult U = runGit(Git, Top, repoArgs(Top),
                             {"ls-files", "-z", "--others", "--exclude-standard", "--",
                              Path});
    if (U.Status == 0 && !U.Out.empty())
      Lines.push_back({1, UINT_MAX});
  }
  Changed[File] = std::move(Lines);
  return {};
}

std::string FindingSelector::prepare(const SelectOptions &O,
                                     std::vector<std::string> &Files) {
  Options = O;
  if (!O.Shard.empty()) {
    unsigned Index = 0, Count = 0;
    if (std::string Problem = parseShard(O.Shard, Index, Count); !Problem.empty())
      return Problem;
    Files = shardFiles(std::move(Files), Index, Count);
  }
  if (!O.Baseline.empty()) {
    BaselinePath = absolutePath(O.Baseline);
    BaselineDir = parentDir(BaselinePath);
    auto Buf = llvm::MemoryBuffer::getFile(BaselinePath, /*IsText=*/true);
    if (!Buf)
      return "--baseline: cannot read '" + O.Baseline + "': " + Buf.getError().message();
    nlohmann::json J = nlohmann::json::parse((*Buf)->getBuffer().begin(),
                                             (*Buf)->getBuffer().end(), nullptr,
                                             /*allow_exceptions=*/false);
    if (J.is_discarded() || !J.is_object() || !J.contains("findings") ||
        !J["findings"].is_array())
      return "--baseline: '" + O.Baseline +
             "' is not a torch-lint baseline (write one with --write-baseline)";
    for (const auto &F : J["findings"]) {
      if (!F.is_object() || !F.contains("fingerprint") || !F["fingerprint"].is_string())
        return "--baseline: '" + O.Baseline +
               "' is not a torch-lint baseline (a finding without a fingerprint)";
      BaselineIds.insert(F["fingerprint"].get<std::string>());
    }
  }
  if (!O.WriteBaseline.empty()) {
    WritePath = absolutePath(O.WriteBaseline);
    WriteDir = parentDir(WritePath);
    if (!llvm::sys::fs::is_directory(WriteDir))
      return "--write-baseline: no such directory '" + displayPath(WriteDir) + "'";
    if (llvm::sys::fs::is_directory(WritePath))
      return "--write-baseline: '" + O.WriteBaseline + "' is a directory";
  }
  if (!O.LineFilter.empty()) {
    if (std::string Problem = parseLineFilter(O.LineFilter, LineFilters);
        !Problem.empty())
      return Problem;
    HaveLineFilter = true;
  }
  if (!O.DiffBase.empty()) {
    if (O.DiffBase.front() == '-' ||
        llvm::any_of(O.DiffBase, [](char C) { return llvm::isSpace(C) || C == '\0'; }))
      return "--diff-base: '" + O.DiffBase + "' is not a git revision";
    auto G = llvm::sys::findProgramByName("git");
    if (!G)
      return "--diff-base: git not found on PATH";
    Git = *G;
    for (const std::string &F : Files)
      if (std::string Problem = diffFile(F); !Problem.empty())
        return Problem;
  }
  return {};
}

bool FindingSelector::passesLineFilter(const std::string &File, unsigned Line) const {
  for (const LineFilterEntry &E : LineFilters) {
    llvm::StringRef Name(E.Name);
    bool Match;
    if (llvm::sys::path::is_absolute(Name)) {
      Match = absolutePath(Name) == File;
    } else {
      while (Name.consume_front("./"))
        ;
      llvm::StringRef F(File);
      Match = F == Name || (F.ends_with(Name) && F.size() > Name.size() &&
                            F[F.size() - Name.size() - 1] == '/');
    }
    if (!Match)
      continue;
    if (E.Lines.empty())
      return true;
    return llvm::any_of(E.Lines, [&](const std::pair<unsigned, unsigned> &R) {
      return R.first <= Line && Line <= R.second;
    });
  }
  return false;
}

bool FindingSelector::passesDiff(const std::string &File, unsigned Line) {
  if (!Changed.count(File))
    (void)diffFile(File); // A header: not changed if git cannot tell.
  const std::optional<Ranges> &Lines = Changed[File];
  return Lines && llvm::any_of(*Lines, [&](const std::pair<unsigned, unsigned> &R) {
           return R.first <= Line && Line <= R.second;
         });
}

std::string FindingSelector::apply(LintResult &Result, std::vector<std::string> &Ids) {
  Hidden = 0;
  SourceCache Sources;
  Ids = fingerprints(Result.Findings, absolutePath("."), Sources);
  std::vector<bool> Keep(Result.Findings.size(), true);
  if (!WritePath.empty()) {
    std::vector<std::string> Prints = fingerprints(Result.Findings, WriteDir, Sources);
    nlohmann::ordered_json List = nlohmann::ordered_json::array();
    std::vector<size_t> Order(Result.Findings.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::vector<std::string> Rel;
    for (const Finding &F : Result.Findings)
      Rel.push_back(relativePath(F.Loc.File, WriteDir));
    llvm::stable_sort(Order, [&](size_t A, size_t B) {
      const Finding &FA = Result.Findings[A], &FB = Result.Findings[B];
      return std::tie(Rel[A], FA.Loc.Line, FA.Loc.Column, FA.Check, Prints[A]) <
             std::tie(Rel[B], FB.Loc.Line, FB.Loc.Column, FB.Check, Prints[B]);
    });
    for (size_t I : Order) {
      const Finding &F = Result.Findings[I];
      List.push_back({{"fingerprint", Prints[I]},
                      {"check", F.Check},
                      {"file", Rel[I]},
                      {"line", F.Loc.Line},
                      {"message", F.Message}});
    }
    nlohmann::ordered_json Doc = {{"tool", "torch-lint"},
                                  {"version", Version},
                                  {"baseline_version", 1},
                                  {"findings", std::move(List)}};
    std::string Text =
        Doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    if (llvm::Error E = llvm::writeToOutput(WritePath, [&](llvm::raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return "cannot write the baseline '" + displayPath(WritePath) +
             "': " + llvm::toString(std::move(E));
    // The baseline just written is the one in effect.
    BaselineIds = std::set<std::string>(Prints.begin(), Prints.end());
    BaselineDir = WriteDir;
    BaselinePath = WritePath;
  }
  if (!BaselinePath.empty()) {
    std::vector<std::string> Prints = fingerprints(Result.Findings, BaselineDir, Sources);
    for (size_t I = 0; I < Prints.size(); ++I)
      if (BaselineIds.count(Prints[I])) {
        Keep[I] = false;
        ++Hidden;
      }
  }
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    const Finding &F = Result.Findings[I];
    if (Keep[I] && HaveLineFilter && !passesLineFilter(F.Loc.File, F.Loc.Line))
      Keep[I] = false;
    if (Keep[I] && !Options.DiffBase.empty() && !passesDiff(F.Loc.File, F.Loc.Line))
      Keep[I] = false;
  }
  std::vector<Finding> Findings;
  std::vector<std::string> KeptIds;
  for (size_t I = 0; I < Result.Findings.size(); ++I)
    if (Keep[I]) {
      Findings.push_back(std::move(Result.Findings[I]));
      KeptIds.push_back(std::move(Ids[I]));
    }
  Result.Findings = std::move(Findings);
  Ids = std::move(KeptIds);
  return {};
}

} // namespace torchlint
