//===--- Workers.cpp - One process per file --------------------------------===//

#include "engine/Workers.h"

#include "support/Subprocess.h"
#include "model/PythonFakes.h"
#include "model/PythonTree.h"
#include "model/Session.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <map>
#include <tuple>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

extern char **environ;

namespace torchlint {
namespace {

using nlohmann::json;

json locJson(const Location &L) {
  return {{"file", L.File}, {"line", L.Line}, {"column", L.Column}, {"offset", L.Offset}};
}

Location locFrom(const json &J) {
  Location L;
  L.File = J.at("file").get<std::string>();
  L.Line = J.at("line").get<unsigned>();
  L.Column = J.at("column").get<unsigned>();
  L.Offset = J.at("offset").get<unsigned>();
  return L;
}

/// Strings are hex-encoded: file names and messages may hold any bytes.
std::string hexOf(llvm::StringRef S) { return llvm::toHex(S, /*LowerCase=*/true); }
std::string fromHex(const json &J) { return llvm::fromHex(J.get<std::string>()); }

} // namespace

std::string serializeWorkerResult(const WorkerResult &W) {
  json Findings = json::array(), Errors = json::array(), Parsed = json::object();
  auto HexLoc = [](const Location &L) {
    json J = locJson(L);
    J["file"] = hexOf(L.File);
    return J;
  };
  for (const Finding &F : W.Result.Findings) {
    json J = {{"check", F.Check},          {"level", F.Level},
              {"loc", HexLoc(F.Loc)},      {"message", hexOf(F.Message)},
              {"graph_break", F.GraphBreak}, {"notes", json::array()},
              {"fixits", json::array()},   {"as_error", F.AsError}};
    for (const Note &N : F.Notes)
      J["notes"].push_back({{"loc", HexLoc(N.Loc)}, {"message", hexOf(N.Message)}});
    for (const FixIt &X : F.FixIts)
      J["fixits"].push_back({{"loc", HexLoc(X.Loc)},
                             {"length", X.Length},
                             {"replacement", hexOf(X.Replacement)}});
    Findings.push_back(std::move(J));
  }
  for (const FileError &E : W.Result.Errors)
    Errors.push_back({{"file", hexOf(E.File)},
                      {"message", hexOf(E.Message)},
                      {"partial", E.Partial},
                      {"header", hexOf(E.Header)},
                      {"hint", hexOf(E.Hint)}});
  for (const auto &[File, Digest] : W.Result.Parsed)
    Parsed[hexOf(File)] = llvm::toHex(llvm::ArrayRef<uint8_t>(Digest), true);
  json Dropped = json::array();
  for (const std::string &D : W.Dropped)
    Dropped.push_back(hexOf(D));
  return json({{"torchlint_worker", 1},
               {"findings", Findings},
               {"errors", Errors},
               {"parsed", Parsed},
               {"skipped_headers", [&] {
                  json A = json::array();
                  for (const std::string &H : W.Result.SkippedTorchHeaders)
                    A.push_back(hexOf(H));
                  return A;
                }()},
               {"facts", [&] {
                  json A = json::object();
                  for (const auto &[File, Facts] : W.Result.Facts)
                    A[hexOf(File)] = model::toJson(Facts);
                  return A;
                }()},
               {"queries", [&] {
                  json A = json::object();
                  for (const auto &[File, Qs] : W.Result.Queries) {
                    json L = json::array();
                    for (const model::ProjectQuery &Q : Qs)
                      L.push_back({Q.Kind, Q.Arg, Q.Answer});
                    A[hexOf(File)] = L;
                  }
                  return A;
                }()},
               {"inputs", [&] {
                  json A = json::object();
                  for (const auto &[File, In] : W.Result.Inputs) {
                    json M = json::object();
                    for (const auto &[Path, Digest] : In)
                      M[hexOf(Path)] = Digest;
                    A[hexOf(File)] = M;
                  }
                  return A;
                }()},
               {"dropped", Dropped}})
      // (Facts quote paths and USRs as they are: a name that is not UTF-8
      // is shown with U+FFFD rather than ending the worker.)
      .dump(-1, ' ', false, json::error_handler_t::replace);
}

bool parseWorkerResult(llvm::StringRef Text, WorkerResult &W) {
  json J = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (!J.is_object() || J.value("torchlint_worker", 0) != 1)
    return false;
  try {
    auto HexLoc = [](const json &L) {
      json Copy = L;
      Copy["file"] = llvm::fromHex(L.at("file").get<std::string>());
      return locFrom(Copy);
    };
    for (const json &F : J.at("findings")) {
      Finding Out;
      Out.Check = F.at("check").get<std::string>();
      Out.Level = F.at("level").get<std::string>();
      Out.Loc = HexLoc(F.at("loc"));
      Out.Message = fromHex(F.at("message"));
      Out.GraphBreak = F.at("graph_break").get<std::string>();
      Out.AsError = F.at("as_error").get<bool>();
      for (const json &N : F.at("notes"))
        Out.Notes.push_back({HexLoc(N.at("loc")), fromHex(N.at("message"))});
      for (const json &X : F.at("fixits"))
        Out.FixIts.push_back(
            {HexLoc(X.at("loc")), X.at("length").get<unsigned>(), fromHex(X.at("replacement"))});
      W.Result.Findings.push_back(std::move(Out));
    }
    for (const json &E : J.at("errors"))
      W.Result.Errors.push_back({fromHex(E.at("file")), fromHex(E.at("message")),
                                 E.at("partial").get<bool>(), fromHex(E.at("header")),
                                 fromHex(E.at("hint"))});
    for (const json &H : J.at("skipped_headers"))
      W.Result.SkippedTorchHeaders.insert(fromHex(H));
    for (const auto &[File, Facts] : J.at("facts").items())
      W.Result.Facts[llvm::fromHex(File)] = model::tuFactsFromJson(Facts);
    for (const auto &[File, In] : J.at("inputs").items())
      for (const auto &[Path, Digest] : In.items())
        W.Result.Inputs[llvm::fromHex(File)][llvm::fromHex(Path)] = Digest.get<std::string>();
    for (const auto &[File, Qs] : J.at("queries").items())
      for (const json &Q : Qs)
        W.Result.Queries[llvm::fromHex(File)].push_back(
            {Q.at(0).get<std::string>(), Q.at(1).get<std::string>(), Q.at(2).get<std::string>()});
    for (const auto &[File, Digest] : J.at("parsed").items()) {
      std::string Bytes = llvm::fromHex(Digest.get<std::string>());
      if (Bytes.size() != 32)
        return false;
      std::array<uint8_t, 32> D;
      std::copy(Bytes.begin(), Bytes.end(), D.begin());
      W.Result.Parsed[llvm::fromHex(File)] = D;
    }
    for (const json &D : J.at("dropped"))
      W.Dropped.insert(fromHex(D));
  } catch (const json::exception &) {
    return false;
  }
  return true;
}

std::vector<WorkerResult> runWorkers(
    const std::vector<std::string> &Files, const std::vector<std::string> &WorkerArgs,
    const std::vector<std::string> &Env, unsigned Jobs, unsigned TimeoutSeconds,
    const std::function<void(const std::string &)> &Done,
    const std::function<std::vector<std::string>(const std::string &)> &PerFile,
    const model::Session &Run, WorkerSlots *Slots) {
  std::string Self = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&mergeWorkerResults));
  std::vector<std::string> Environment;
  for (char **E = environ; E && *E; ++E)
    if (!llvm::any_of(Env, [&](const std::string &Ours) {
          return llvm::StringRef(*E).starts_with(Ours.substr(0, Ours.find('=') + 1));
        }))
      Environment.push_back(*E); // The caller's, except what is set below.
  Environment.insert(Environment.end(), Env.begin(), Env.end());
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);

  // The project's Python is scanned once, here, for every worker (each
  // would scan it again for its one file): written for them to preload.
  for (const std::string &F : Files) {
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    (void)Run.pythonOps(model::pythonRoots("", Run.projectRootOfFile(Abs.str().str())));
  }
  std::vector<std::string> Args = WorkerArgs;
  llvm::SmallString<256> ScansPath;
  int FD = -1;
  if (!llvm::sys::fs::createTemporaryFile("torchlint-python", "json", FD, ScansPath)) {
    {
      llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
      Out << Run.pythonScansToJson();
    }
    Args.insert(std::find(Args.begin(), Args.end(), "--"),
                "--worker-python-scans=" + ScansPath.str().str());
  }
  struct RemoveAtEnd {
    std::string Path;
    ~RemoveAtEnd() {
      if (!Path.empty())
        llvm::sys::fs::remove(Path);
    }
  } Scans{ScansPath.str().str()};

  std::vector<WorkerResult> Results(Files.size());
  std::atomic<size_t> Next{0};
  std::mutex DoneLock;
  auto Work = [&] {
    for (size_t I; (I = Next++) < Files.size();) {
      std::vector<std::string> Argv = {Self};
      Argv.insert(Argv.end(), Args.begin(), Args.end());
      // The file goes before any `--` the worker arguments end with.
      auto Dash = std::find(Argv.begin(), Argv.end(), "--");
      std::vector<std::string> Own = {"--worker", Files[I]};
      if (PerFile)
        llvm::append_range(Own, PerFile(Files[I]));
      Argv.insert(Dash, Own.begin(), Own.end());
      if (Slots)
        Slots->acquire();
      ProcessResult P = runProcess(Argv, Environment, Cwd.str().str(), TimeoutSeconds,
                                   /*MaxOutput=*/512u << 20);
      if (Slots)
        Slots->release();
      WorkerResult &W = Results[I];
      if (P.Status == 0 && parseWorkerResult(P.Out, W)) {
      } else if (P.Error.find("ran past") != std::string::npos) {
        W.Result.Errors.push_back(
            {Files[I], "timed out after " + std::to_string(TimeoutSeconds) +
                           " s (--timeout); not analysed"});
      } else if (P.Error.find("killed by signal") != std::string::npos) {
        W.Result.Errors.push_back(
            {Files[I], "crashed the analyser (" + P.Error.substr(P.Error.find("signal")) +
                           "); not analysed, other files are unaffected"});
      } else {
        std::string Why = P.Error.empty() ? llvm::StringRef(P.Err).trim().str() : P.Error;
        W.Result.Errors.push_back(
            {Files[I], "could not be analysed: " +
                           (Why.empty() ? "worker exited " + std::to_string(P.Status)
                                        : Why.substr(0, 300))});
      }
      if (Done) {
        std::lock_guard<std::mutex> Lock(DoneLock);
        Done(Files[I]);
      }
    }
  };
  std::vector<std::thread> Threads;
  for (unsigned J = 0; J < std::max(1u, Jobs); ++J)
    Threads.emplace_back(Work);
  for (std::thread &T : Threads)
    T.join();
  return Results;
}

WorkerResult mergeWorkerResults(std::vector<WorkerResult> &Results,
                                const std::vector<std::string> &Files) {
  WorkerResult All;
  for (WorkerResult &W : Results) {
    llvm::append_range(All.Result.Findings, W.Result.Findings);
    llvm::append_range(All.Result.Errors, W.Result.Errors);
    All.Result.Parsed.insert(W.Result.Parsed.begin(), W.Result.Parsed.end());
    All.Result.SkippedTorchHeaders.insert(W.Result.SkippedTorchHeaders.begin(),
                                          W.Result.SkippedTorchHeaders.end());
    All.Dropped.insert(W.Dropped.begin(), W.Dropped.end());
    All.Result.Facts.insert(W.Result.Facts.begin(), W.Result.Facts.end());
    All.Result.Queries.insert(W.Result.Queries.begin(), W.Result.Queries.end());
    All.Result.Inputs.insert(W.Result.Inputs.begin(), W.Result.Inputs.end());
  }
  // In file order, then position; a finding in a header that several files
  // include is reported once.
  std::map<std::string, size_t> Order;
  for (size_t I = 0; I < Files.size(); ++I)
    Order.emplace(Files[I], I);
  auto Rank = [&](const std::string &F) {
    auto It = Order.find(F);
    return It == Order.end() ? Files.size() : It->second;
  };
  auto &Findings = All.Result.Findings;
  llvm::stable_sort(Findings, [&](const Finding &A, const Finding &B) {
    return std::make_tuple(Rank(A.Loc.File), std::cref(A.Loc.File), A.Loc.Offset,
                           std::cref(A.Check)) <
           std::make_tuple(Rank(B.Loc.File), std::cref(B.Loc.File), B.Loc.Offset,
                           std::cref(B.Check));
  });
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return A.Check == B.Check && A.Loc.File == B.Loc.File &&
                                      A.Loc.Offset == B.Loc.Offset &&
                                      A.Message == B.Message;
                             }),
                 Findings.end());
  return All;
}

} // namespace torchlint
