//===--- LspServer.cpp - torch-lint lsp: findings in the editor ------------===//

#include "cli/LspServer.h"
#include "model/SafeRead.h"
#include "report/Output.h"
#include "support/Subprocess.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace torchlint {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

const char *const DocsBase = "https://github.com/torchlint/torchlint/blob/main/docs/checks/";
/// How long an edit waits for the next before the buffer is linted.
constexpr std::chrono::milliseconds Debounce(500);
/// A lint of one file, at most (torch-lint's own --timeout is per worker).
constexpr unsigned LintSeconds = 900;

/// The server's standard input, read with read(2) (no stream state, no
/// read-ahead shared with anything else).
class Input {
public:
  /// One line without its "\r\n"; false at the end of the input.
  bool line(std::string &Out) {
    Out.clear();
    for (;;) {
      size_t NL = Buf.find('\n', Pos);
      if (NL != std::string::npos) {
        Out = Buf.substr(Pos, NL - Pos);
        Pos = NL + 1;
        if (!Out.empty() && Out.back() == '\r')
          Out.pop_back();
        return true;
      }
      if (!fill())
        return false;
    }
  }
  /// Exactly \p N bytes; false at the end of the input.
  bool bytes(size_t N, std::string &Out) {
    while (Buf.size() - Pos < N)
      if (!fill())
        return false;
    Out = Buf.substr(Pos, N);
    Pos += N;
    return true;
  }

private:
  bool fill() {
    if (Pos > 0) {
      Buf.erase(0, Pos);
      Pos = 0;
    }
    char Chunk[65536];
    for (;;) {
      ssize_t Got = ::read(0, Chunk, sizeof Chunk);
      if (Got < 0 && errno == EINTR)
        continue;
      if (Got <= 0)
        return false;
      Buf.append(Chunk, size_t(Got));
      return true;
    }
  }
  std::string Buf;
  size_t Pos = 0;
};

/// One message of the base protocol ("Content-Length: N", a blank line, N
/// bytes); false at the end of the input or on a frame that cannot be one.
bool readMessage(Input &In, std::string &Body) {
  size_t Length = 0;
  bool Sized = false;
  std::string Line;
  while (In.line(Line)) {
    if (Line.empty()) {
      if (Sized)
        break;
      continue;
    }
    llvm::StringRef L(Line);
    if (L.consume_front_insensitive("Content-Length:"))
      Sized = !L.trim().getAsInteger(10, Length);
  }
  if (!Sized || Length > (size_t(256) << 20))
    return false;
  return In.bytes(Length, Body);
}

/// All of \p Data to the standard output, with write(2).
void writeAll(llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t Put = ::write(1, Data.data(), Data.size());
    if (Put < 0 && errno == EINTR)
      continue;
    if (Put <= 0)
      return; // The client is gone.
    Data = Data.drop_front(size_t(Put));
  }
}

std::string uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return {};
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() && !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += char(Byte);
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Uri += char(C);
    else
      Uri += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Uri;
}

/// UTF-16 code units (LSP's default position encoding) in \p Bytes.
unsigned utf16Units(llvm::StringRef Bytes) {
  unsigned Units = 0;
  for (unsigned char C : Bytes)
    if ((C & 0xC0) != 0x80) // A lead byte: one unit, two for 4-byte forms.
      Units += C >= 0xF0 ? 2 : 1;
  return Units;
}

/// The LSP position of byte \p Offset of \p Text.
json positionAt(llvm::StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  return {{"line", Before.count('\n')},
          {"character", utf16Units(Before.drop_front(LineStart))}};
}

/// The byte offset of 1-based \p Line and byte \p Column in \p Text.
size_t offsetOf(llvm::StringRef Text, unsigned Line, unsigned Column) {
  size_t At = 0;
  for (unsigned L = 1; L < Line && At < Text.size(); ++L) {
    size_t NL = Text.find('\n', At);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    At = NL + 1;
  }
  size_t End = Text.find('\n', At);
  return std::min(At + (Column ? Column - 1 : 0), End == llvm::StringRef::npos ? Text.size() : End);
}

/// The range of the word that starts at \p Offset (one character if none).
json wordRange(llvm::StringRef Text, size_t Offset) {
  size_t End = Offset;
  while (End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_'))
    ++End;
  if (End == Offset && End < Text.size() && Text[End] != '\n')
    ++End;
  return {{"start", positionAt(Text, Offset)}, {"end", positionAt(Text, End)}};
}

class Server {
public:
  explicit Server(std::vector<std::string> LintArgs) : LintArgs(std::move(LintArgs)) {
    Self = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&runLspServer));
    llvm::SmallString<256> Here;
    llvm::sys::fs::current_path(Here);
    Cwd = Here.str().str();
    for (char **E = environ; E && *E; ++E)
      Env.push_back(*E);
  }

  int run() {
    std::thread(&Server::lintLoop, this).detach(); // A lint in flight ends with us.
    bool ShutdownAsked = false;
    std::string Body;
    Input In;
    while (readMessage(In, Body)) {
      json Msg = json::parse(Body, nullptr, /*allow_exceptions=*/false);
      if (Msg.is_discarded() || !Msg.is_object()) {
        send({{"jsonrpc", "2.0"}, {"id", nullptr},
              {"error", {{"code", -32700}, {"message", "not JSON"}}}});
        continue;
      }
      std::string Method = Msg.value("method", "");
      bool Request = Msg.contains("id");
      json Id = Request ? Msg["id"] : json();
      json Params = Msg.contains("params") ? Msg["params"] : json::object();
      try {
        if (Method == "exit")
          return ShutdownAsked ? 0 : 1;
        if (Method == "initialize")
          reply(Id, capabilities());
        else if (Method == "shutdown") {
          ShutdownAsked = true;
          reply(Id, nullptr);
        } else if (Method == "textDocument/didOpen") {
          const json &D = Params.at("textDocument");
          opened(D.at("uri").get<std::string>(), D.at("text").get<std::string>());
        } else if (Method == "textDocument/didChange") {
          const json &Changes = Params.at("contentChanges");
          if (!Changes.empty()) // Full sync: the last change is the text.
            changed(Params.at("textDocument").at("uri").get<std::string>(),
                    Changes.back().at("text").get<std::string>());
        } else if (Method == "textDocument/didSave") {
          schedule(Params.at("textDocument").at("uri").get<std::string>(), {});
        } else if (Method == "textDocument/didClose") {
          closed(Params.at("textDocument").at("uri").get<std::string>());
        } else if (Method == "textDocument/codeAction") {
          reply(Id, codeActions(Params));
        } else if (Request) {
          send({{"jsonrpc", "2.0"}, {"id", Id},
                {"error", {{"code", -32601}, {"message", "torch-lint: no method " + Method}}}});
        } // Other notifications ($/cancelRequest, initialized...): nothing to do.
      } catch (const json::exception &E) {
        if (Request)
          send({{"jsonrpc", "2.0"}, {"id", Id},
                {"error", {{"code", -32602}, {"message", std::string("bad params: ") + E.what()}}}});
      }
    }
    return 1; // The input ended without `exit`.
  }

private:
  struct Doc {
    std::string Path, Text;
    uint64_t Generation = 0; ///< Each change; a lint of an older one is dropped.
    bool Pending = false;
    Clock::time_point Due;
    json Findings = json::array(); ///< Of the text at LintedGeneration.
    uint64_t LintedGeneration = 0;
  };

  json capabilities() {
    return {{"capabilities",
             {{"textDocumentSync",
               {{"openClose", true}, {"change", 1}, {"save", {{"includeText", false}}}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}}}},
            {"serverInfo", {{"name", "torch-lint"}, {"version", Version}}}};
  }

  void send(const json &J) {
    std::string S = J.dump(-1, ' ', false, json::error_handler_t::replace);
    std::lock_guard<std::mutex> Lock(OutLock);
    writeAll("Content-Length: " + std::to_string(S.size()) + "\r\n\r\n" + S);
  }
  void reply(const json &Id, const json &Result) {
    send({{"jsonrpc", "2.0"}, {"id", Id}, {"result", Result}});
  }
  void notify(const std::string &Method, const json &Params) {
    send({{"jsonrpc", "2.0"}, {"method", Method}, {"params", Params}});
  }
  void log(const std::string &Message, int Type = 3) {
    notify("window/logMessage", {{"type", Type}, {"message", "torch-lint: " + Message}});
  }

  /// C++ and CUDA sources and headers: what torch-lint lints (a client
  /// may open every document with the server: Python, CMake...).
  static bool isLinted(llvm::StringRef Path) {
    return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".C", ".cu", ".h", ".hpp", ".hh",
                               ".hxx", ".cuh", ".inl", ".ipp", ".tpp"},
                              llvm::sys::path::extension(Path));
  }

  void opened(const std::string &Uri, std::string Text) {
    std::string Path = uriToPath(Uri);
    if (Path.empty() || !isLinted(Path))
      return; // Not a C++ or CUDA file on disk: nothing to say.
    {
      std::lock_guard<std::mutex> Lock(M);
      Doc &D = Docs[Uri];
      D.Path = Path;
      D.Text = std::move(Text);
      ++D.Generation;
    }
    schedule(Uri, {});
  }

  void changed(const std::string &Uri, std::string Text) {
    {
      std::lock_guard<std::mutex> Lock(M);
      auto It = Docs.find(Uri);
      if (It == Docs.end())
        return;
      It->second.Text = std::move(Text);
      ++It->second.Generation;
      It->second.Findings = json::array(); // Stale now: cleared at once.
    }
    notify("textDocument/publishDiagnostics", {{"uri", Uri}, {"diagnostics", json::array()}});
    schedule(Uri, Debounce);
  }

  void closed(const std::string &Uri) {
    {
      std::lock_guard<std::mutex> Lock(M);
      Docs.erase(Uri);
    }
    notify("textDocument/publishDiagnostics", {{"uri", Uri}, {"diagnostics", json::array()}});
  }

  void schedule(const std::string &Uri, std::chrono::milliseconds Delay) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      return;
    It->second.Pending = true;
    It->second.Due = Clock::now() + Delay;
    Wake.notify_all();
  }

  /// The lint thread: the due documents, one at a time, off the message
  /// loop; a result for a text that changed meanwhile is dropped (the newer
  /// text is linted next).
  void lintLoop() {
    std::unique_lock<std::mutex> Lock(M);
    for (;;) {
      auto Next = Docs.end();
      for (auto It = Docs.begin(); It != Docs.end(); ++It)
        if (It->second.Pending && (Next == Docs.end() || It->second.Due < Next->second.Due))
          Next = It;
      if (Next == Docs.end()) {
        Wake.wait(Lock);
        continue;
      }
      if (Next->second.Due > Clock::now()) {
        Wake.wait_until(Lock, Next->second.Due);
        continue;
      }
      std::string Uri = Next->first, Path = Next->second.Path, Text = Next->second.Text;
      uint64_t Generation = Next->second.Generation;
      Next->second.Pending = false;
      Lock.unlock();
      json Findings = lint(Path, Text);
      Lock.lock();
      auto It = Docs.find(Uri);
      if (It == Docs.end() || It->second.Generation != Generation)
        continue;
      It->second.Findings = std::move(Findings);
      It->second.LintedGeneration = Generation;
      notify("textDocument/publishDiagnostics",
             {{"uri", Uri}, {"diagnostics", diagnostics(It->second)}});
    }
  }

  /// torch-lint on \p Path, whose text in the editor is \p Text: its
  /// findings in that file (JSON, paths absolute).
  json lint(const std::string &Path, const std::string &Text) {
    json None = json::array();
    std::vector<std::string> Argv = {Self, "--format=json", "--quiet"};
    llvm::append_range(Argv, LintArgs);
    auto Dash = std::find(Argv.begin(), Argv.end(), "--");
    std::vector<std::string> Named;
    // An unsaved buffer is linted from its text, not the file's.
    std::string Buffer;
    auto OnDisk = readRegularFile(Path, uint64_t(64) << 20);
    if (!OnDisk) {
      log("cannot read " + Path + " (only files on disk are linted)", 2);
      return None;
    }
    if (OnDisk->getBuffer() != Text) {
      llvm::SmallString<256> Tmp;
      int FD = -1;
      if (llvm::sys::fs::createTemporaryFile("torchlint-buffer", "txt", FD, Tmp)) {
        log("no temporary file for the unsaved text of " + Path, 2);
        return None;
      }
      {
        llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
        Out << Text;
      }
      Buffer = Tmp.str().str();
      Named.push_back("--buffer-file=" + Buffer);
    }
    Named.push_back(Path);
    Argv.insert(Dash, Named.begin(), Named.end());
    // In the server's directory (the editor's): relative paths in the
    // lint options mean what they mean on its command line.
    const std::string &Dir = Cwd;
    ProcessResult P = runProcess(Argv, Env, Dir, LintSeconds);
    if (!Buffer.empty())
      llvm::sys::fs::remove(Buffer);
    json Report = json::parse(P.Out, nullptr, /*allow_exceptions=*/false);
    if (P.Status < 0 || Report.is_discarded() || !Report.is_object()) {
      // (Its diagnostics are then none: published, so the editor knows.)
      notify("window/showMessage",
             {{"type", 1},
              {"message", "torch-lint: the lint of " + Path + " failed: " +
                              (P.Error.empty() ? llvm::StringRef(P.Err).trim().str() : P.Error)}});
      return None;
    }
    for (const json &E : Report.value("errors", json::array()))
      log(E.value("file", "") + ": " + E.value("message", ""), 2);
    json Out = json::array();
    auto Absolute = [&](const std::string &F) {
      llvm::SmallString<256> A(F);
      if (!llvm::sys::path::is_absolute(A))
        llvm::sys::fs::make_absolute(Dir, A);
      llvm::sys::path::remove_dots(A, /*remove_dot_dot=*/true);
      return A.str().str();
    };
    for (json F : Report.value("findings", json::array())) {
      F["file"] = Absolute(F.value("file", ""));
      for (json &N : F["notes"])
        N["file"] = Absolute(N.value("file", ""));
      for (json &X : F["fixits"])
        X["file"] = Absolute(X.value("file", ""));
      if (F["file"] == Path)
        Out.push_back(std::move(F));
    }
    return Out;
  }

  /// The text of \p File as the last lint of \p D saw it: the buffer for
  /// its own file, the disk for others.
  std::string textOf(const Doc &D, const std::string &File) {
    if (File == D.Path)
      return D.Text;
    auto Buf = readRegularFile(File, uint64_t(64) << 20);
    return Buf ? Buf->getBuffer().str() : std::string();
  }

  json diagnosticOf(const Doc &D, const json &F) {
    size_t At = offsetOf(D.Text, F.value("line", 1u), F.value("column", 1u));
    std::string Check = F.value("check", "");
    std::string Level = F.value("level", "");
    int Severity = F.value("severity", "") == "error" ? 1
                   : Level == "level0"                ? 2
                   : Level == "level1"                ? 3
                                                      : 4;
    json Related = json::array();
    for (const json &N : F.value("notes", json::array())) {
      std::string File = N.value("file", "");
      std::string Text = textOf(D, File);
      Related.push_back(
          {{"location",
            {{"uri", pathToUri(File)},
             {"range", wordRange(Text, offsetOf(Text, N.value("line", 1u), N.value("column", 1u)))}}},
           {"message", N.value("message", "")}});
    }
    json Diag = {{"range", wordRange(D.Text, At)},
                 {"severity", Severity},
                 {"code", Check},
                 {"codeDescription", {{"href", DocsBase + Check + ".md"}}},
                 {"source", "torch-lint"},
                 {"message", F.value("message", "")}};
    if (!Related.empty())
      Diag["relatedInformation"] = std::move(Related);
    return Diag;
  }

  json diagnostics(const Doc &D) {
    json Out = json::array();
    for (const json &F : D.Findings)
      Out.push_back(diagnosticOf(D, F));
    return Out;
  }

  /// Each fix-it of the findings on the lines asked about as a quick fix,
  /// and a NOLINT comment for each.
  json codeActions(const json &Params) {
    std::string Uri = Params.at("textDocument").at("uri").get<std::string>();
    unsigned First = Params.at("range").at("start").at("line").get<unsigned>(),
             Last = Params.at("range").at("end").at("line").get<unsigned>();
    json Actions = json::array();
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(Uri);
    if (It == Docs.end() || It->second.LintedGeneration != It->second.Generation)
      return Actions; // Not linted as it is now.
    const Doc &D = It->second;
    for (const json &F : D.Findings) {
      unsigned Line = F.value("line", 1u) - 1;
      if (Line < First || Line > Last)
        continue;
      json Diag = diagnosticOf(D, F);
      std::string Check = F.value("check", "");
      json Changes = json::object();
      for (const json &X : F.value("fixits", json::array())) {
        std::string File = X.value("file", "");
        std::string Text = textOf(D, File);
        size_t Start = X.value("offset", size_t(0));
        json Edit = json::object();
        Edit["range"] = {{"start", positionAt(Text, Start)},
                         {"end", positionAt(Text, Start + X.value("length", size_t(0)))}};
        Edit["newText"] = X.value("replacement", "");
        Changes[pathToUri(File)].push_back(std::move(Edit));
      }
      if (!Changes.empty()) {
        json Action = json::object();
        Action["title"] = "Apply torch-lint's fix (" + Check + ")";
        Action["kind"] = "quickfix";
        Action["diagnostics"] = json::array({Diag});
        Action["isPreferred"] = true;
        Action["edit"] = {{"changes", Changes}};
        Actions.push_back(std::move(Action));
      }
      size_t LineEnd = offsetOf(D.Text, Line + 1, ~0u);
      json End = positionAt(D.Text, LineEnd);
      json Insert = json::object();
      Insert["range"] = {{"start", End}, {"end", End}};
      Insert["newText"] = " // NOLINT(" + Check + ")";
      json Suppress = json::object();
      Suppress[Uri] = json::array({Insert});
      json Action = json::object();
      Action["title"] = "Suppress with // NOLINT(" + Check + ")";
      Action["kind"] = "quickfix";
      Action["diagnostics"] = json::array({Diag});
      Action["edit"] = {{"changes", Suppress}};
      Actions.push_back(std::move(Action));
    }
    return Actions;
  }

  std::vector<std::string> LintArgs;
  std::string Self, Cwd;
  std::vector<std::string> Env;
  std::mutex OutLock;
  std::mutex M; ///< Docs.
  std::condition_variable Wake;
  std::map<std::string, Doc> Docs;
};

} // namespace

int runLspServer(int Argc, const char **Argv) {
  std::vector<std::string> LintArgs(Argv + 2, Argv + Argc);
  for (const std::string &A : LintArgs)
    if (A == "--fix" || A == "-fix" || llvm::StringRef(A).starts_with("--format") ||
        llvm::StringRef(A).starts_with("--buffer-file")) {
      llvm::errs() << "torch-lint lsp: error: '" << A
                   << "' is the server's to choose (lint options only)\n";
      return 2;
    }
  // Never destroyed: its lint thread may be waiting, or linting (its
  // torch-lint dies with this process), when the protocol ends it.
  auto *S = new Server(std::move(LintArgs));
  std::_Exit(S->run());
}

} // namespace torchlint
