//===--- PythonFakes.cpp - Fake kernels registered from Python ------------===//

#include "PythonFakes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <mutex>

namespace torchlint::model {
namespace {

std::string stripOverload(llvm::StringRef Name) {
  auto [Ns, Rest] = Name.split("::");
  if (Rest.empty())
    return ("*::" + Ns.split('.').first).str();
  return (Ns + "::" + Rest.split('.').first).str();
}

} // namespace

void scanPythonSource(const std::string &Source, std::set<std::string> &Out) {
  // Patterns are applied to every line; registrations spanning lines are
  // joined first (a call's arguments rarely span more than two lines).
  static llvm::Regex Qualified(
      "(register_fake|impl_abstract|register_meta)[[:space:]]*\\([[:space:]]*[\"']"
      "([A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_.]*)[\"']");
  static llvm::Regex MetaImpl(
      "impl[[:space:]]*\\([[:space:]]*[\"']([A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_.]*)?)"
      "[\"'][^)]*[\"'](Meta|CompositeImplicitAutograd|CompositeExplicitAutograd)[\"']");
  llvm::StringRef Text(Source);
  std::string Joined;
  Joined.reserve(Source.size());
  for (char C : Source)
    Joined += (C == '\n' || C == '\r') ? ' ' : C;
  llvm::StringRef Rest(Joined);
  llvm::SmallVector<llvm::StringRef, 4> M;
  while (Qualified.match(Rest, &M)) {
    Out.insert(stripOverload(M[2]));
    Rest = Rest.substr(Rest.find(M[0]) + M[0].size());
  }
  Rest = Joined;
  while (MetaImpl.match(Rest, &M)) {
    Out.insert(stripOverload(M[1]));
    Rest = Rest.substr(Rest.find(M[0]) + M[0].size());
  }
  (void)Text;
}

const std::set<std::string> &pythonFakeKernels(const std::vector<std::string> &Roots) {
  static std::map<std::vector<std::string>, std::set<std::string>> Cache;
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Roots);
  if (It != Cache.end())
    return It->second;
  std::set<std::string> &Out = Cache[Roots];
  for (const std::string &Root : Roots) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator I(Root, EC), End; I != End && !EC;
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
      if (!Name.ends_with(".py"))
        continue;
      auto Buf = llvm::MemoryBuffer::getFile(Path, false, false);
      if (!Buf || (*Buf)->getBufferSize() > (4u << 20))
        continue;
      llvm::StringRef Content = (*Buf)->getBuffer();
      if (!Content.contains("register_fake") && !Content.contains("impl_abstract") &&
          !Content.contains("Meta") && !Content.contains("register_meta") &&
          !Content.contains("Composite"))
        continue;
      scanPythonSource(Content.str(), Out);
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
