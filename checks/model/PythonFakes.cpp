//===--- PythonFakes.cpp - Fake kernels registered from Python ------------===//

#include "PythonFakes.h"
#include "SafeRead.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace torchlint::model {
namespace {

/// "ns::op.default" -> "ns::op"; "op.out" (no namespace) -> "*::op.out".
std::string operatorName(llvm::StringRef Name) {
  auto [Ns, Rest] = Name.split("::");
  if (Rest.empty()) {
    Rest = Ns;
    Ns = "*";
  }
  auto [Op, Overload] = Rest.split('.');
  std::string Out = (Ns + "::" + Op).str();
  if (!Overload.empty() && Overload != "default")
    Out += "." + Overload.str();
  return Out;
}

/// Every match of \p R in \p Text, in order.
template <typename Fn> void eachMatch(llvm::Regex &R, llvm::StringRef Text, Fn F) {
  llvm::SmallVector<llvm::StringRef, 6> M;
  while (R.match(Text, &M)) {
    F(M);
    Text = Text.substr(M[0].data() - Text.data() + std::max<size_t>(M[0].size(), 1));
  }
}

} // namespace

void scanPythonSource(const std::string &Source, PythonOps &Out, const std::string &File) {
  // Patterns are applied to the source with its lines joined (a call's
  // arguments rarely span more than two lines).
#define TL_ID "[A-Za-z_][A-Za-z0-9_]*"
  static llvm::Regex Qualified(
      "(register_fake|impl_abstract|register_meta)[[:space:]]*\\([[:space:]]*[\"']"
      "(" TL_ID "::" TL_ID "(\\." TL_ID ")?)[\"']");
  // register_fake(torch.ops.ns.op.overload): an OpOverload names its overload.
  static llvm::Regex Overload(
      "(register_fake|impl_abstract|register_meta)[[:space:]]*\\([[:space:]]*"
      "torch[[:space:]]*\\.[[:space:]]*ops\\.(" TL_ID ")\\.(" TL_ID ")\\.(" TL_ID ")");
  static llvm::Regex MetaImpl(
      "impl[[:space:]]*\\([[:space:]]*[\"'](" TL_ID "(::" TL_ID ")?(\\." TL_ID ")?)"
      "[\"'][^)]*[\"'](Meta|CompositeImplicitAutograd|CompositeExplicitAutograd)[\"']");
  static llvm::Regex Named("(^|[^A-Za-z0-9_])ops[[:space:]]*\\.(" TL_ID ")\\.(" TL_ID ")\\.(" TL_ID ")");
#undef TL_ID
  std::string Joined;
  Joined.reserve(Source.size());
  for (char C : Source)
    Joined += (C == '\n' || C == '\r') ? ' ' : C;
  eachMatch(Qualified, Joined, [&](auto &M) { Out.Fakes.insert(operatorName(M[2])); });
  eachMatch(Overload, Joined, [&](auto &M) {
    Out.Fakes.insert(operatorName((M[2] + "::" + M[3] + "." + M[4]).str()));
  });
  eachMatch(MetaImpl, Joined, [&](auto &M) { Out.Fakes.insert(operatorName(M[1])); });
  eachMatch(Named, Joined, [&](auto &M) {
    if (M[4] == "default")
      return;
    Out.Called.emplace((M[2] + "::" + M[3] + "." + M[4]).str(), File);
  });
}

const PythonOps &pythonOps(const std::vector<std::string> &Roots) {
  static std::map<std::vector<std::string>, PythonOps> Cache;
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Roots);
  if (It != Cache.end())
    return It->second;
  PythonOps &Out = Cache[Roots];
  for (const std::string &Root : Roots) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator I(Root, EC, /*follow_symlinks=*/false), End; I != End && !EC;
         I.increment(EC)) {
      llvm::StringRef Path = I->path();
      llvm::StringRef Name = llvm::sys::path::filename(Path);
      if (I->type() == llvm::sys::fs::file_type::directory_file) {
        llvm::SmallString<256> Venv(Path);
        llvm::sys::path::append(Venv, "pyvenv.cfg");
        if (Name.starts_with(".") || Name == "node_modules" || Name == "__pycache__" ||
            Name == "site-packages" || llvm::sys::fs::exists(Venv))
          I.no_push();
        continue;
      }
      // Regular files only: a symlink may lead out of the project, a FIFO
      // would hang the read.
      if (!Name.ends_with(".py") || I->type() != llvm::sys::fs::file_type::regular_file)
        continue;
      auto Buf = readRegularFile(Path, 4u << 20);
      if (!Buf)
        continue;
      llvm::StringRef Content = Buf->getBuffer();
      if (!Content.contains("register_fake") && !Content.contains("impl_abstract") &&
          !Content.contains("Meta") && !Content.contains("register_meta") &&
          !Content.contains("Composite") && !Content.contains("ops."))
        continue;
      llvm::StringRef Shown = Path;
      if (Shown.consume_front(Root))
        Shown = Shown.ltrim("/\\");
      scanPythonSource(Content.str(), Out, Shown.str());
    }
  }
  return Out;
}

std::string gitWorkTreeOf(const std::string &Path) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  if (!llvm::sys::fs::is_directory(Dir))
    llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return Dir.str().str();
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return {};
}

} // namespace torchlint::model
