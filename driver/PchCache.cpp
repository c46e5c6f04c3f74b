//===--- PchCache.cpp - Precompiled torch headers, built by torch-lint ----===//

#include "PchCache.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <unistd.h>

using namespace clang;

namespace torchlint {
namespace {

/// Generates a PCH with every function body skipped (the checks never look
/// into torch's function bodies).
class BodylessPchAction : public GeneratePCHAction {
public:
  explicit BodylessPchAction(std::string Out) : Out(std::move(Out)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    // ClangTool's argument adjusters strip -o: set the output here.
    CI.getFrontendOpts().OutputFile = Out;
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return GeneratePCHAction::CreateASTConsumer(CI, InFile);
  }

private:
  std::string Out;
};

class OneCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit OneCommandDatabase(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(StringRef) const override {
    return {C};
  }

private:
  tooling::CompileCommand C;
};

/// The compile command's flags without the input file and output options.
std::vector<std::string> flagsOf(const tooling::CompileCommand &Command,
                                 const std::string &File) {
  std::vector<std::string> Flags;
  const auto &Args = Command.CommandLine;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == File || A == Command.Filename || A == "-c" || A == "-fsyntax-only")
      continue;
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if (A.starts_with("-o") || A == "-MD" || A == "-MMD")
      continue;
    Flags.push_back(A.str());
  }
  return Flags;
}

} // namespace

std::string PchCache::defaultDir() {
  llvm::SmallString<256> Dir;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Dir = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home) {
    Dir = Home;
    llvm::sys::path::append(Dir, ".cache");
  } else {
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/false, Dir);
  }
  llvm::sys::path::append(Dir, "torchlint");
  return Dir.str().str();
}

std::vector<std::string> PchCache::includePrefix(StringRef Source) {
  std::vector<std::string> Includes;
  bool Torch = false;
  StringRef Rest = Source;
  if (Rest.starts_with("\xEF\xBB\xBF"))
    Rest = Rest.drop_front(3);
  while (!Rest.empty()) {
    Rest = Rest.ltrim(" \t\r\n");
    if (Rest.starts_with("//")) {
      Rest = Rest.drop_until([](char C) { return C == '\n'; });
      continue;
    }
    if (Rest.starts_with("/*")) {
      size_t End = Rest.find("*/");
      if (End == StringRef::npos)
        return {};
      Rest = Rest.drop_front(End + 2);
      continue;
    }
    if (!Rest.starts_with("#"))
      break;
    StringRef Line = Rest.take_until([](char C) { return C == '\n'; });
    StringRef Directive = Line.drop_front(1).ltrim(" \t");
    if (Directive.starts_with("pragma") && Directive.drop_front(6).trim() == "once") {
      Rest = Rest.drop_front(Line.size());
      continue;
    }
    if (!Directive.consume_front("include"))
      break;
    Directive = Directive.ltrim(" \t");
    // Only <...> includes with nothing after them on the line (comments aside).
    if (!Directive.starts_with("<") || Line.ends_with("\\"))
      break;
    size_t Close = Directive.find('>');
    if (Close == StringRef::npos)
      break;
    StringRef Header = Directive.substr(1, Close - 1);
    StringRef After = Directive.drop_front(Close + 1).trim();
    if (!After.empty() && !After.starts_with("//"))
      break;
    Torch |= Header.starts_with("torch/") || Header.starts_with("ATen/") ||
             Header.starts_with("c10/") || Header.starts_with("pybind11/");
    Includes.push_back(Header.str());
    Rest = Rest.drop_front(Line.size());
  }
  return Torch ? Includes : std::vector<std::string>{};
}

bool PchCache::isPchError(StringRef Message) {
  return Message.contains("precompiled header") || Message.contains("PCH file") ||
         Message.contains("AST file") || Message.contains("has been modified since");
}

std::vector<std::string> PchCache::argsFor(const std::string &File,
                                           const tooling::CompileCommand &Command,
                                           StringRef Source) {
  std::vector<std::string> Prefix = includePrefix(Source);
  if (Prefix.empty())
    return {};
  std::vector<std::string> Flags = flagsOf(Command, File);
  for (const std::string &F : Flags)
    if (F == "-include-pch" || F == "-include" || StringRef(F).starts_with("-include"))
      return {}; // The project already preincludes something.

  // The key: everything that changes what the PCH contains or whether Clang
  // accepts it. (-D values are accepted silently by Clang, so they must be in
  // the key; so is a missing -D_GLIBCXX_USE_CXX11_ABI.)
  llvm::SHA256 Hash;
  auto Add = [&](StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  };
  Add(getClangFullVersion());
  Add(TORCHLINT_VERSION);
  Add(TORCHLINT_CLANG_RESOURCE_DIR);
  Add(Command.Directory);
  for (const std::string &F : Flags)
    Add(F);
  Add("--prefix--");
  for (const std::string &H : Prefix)
    Add(H);
  std::string Key = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);

  llvm::SmallString<256> Base(Dir);
  llvm::sys::path::append(Base, "pch", Key);
  std::string Pch = (Base + ".pch").str();
  std::string Header = (Base + ".h").str();
  std::vector<std::string> Use = {"-include-pch", Pch};

  std::lock_guard<std::mutex> Guard(Lock);
  if (llvm::sys::fs::exists(Pch))
    return Use;
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Base)))
    return {};
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Header + ".tmp" + std::to_string(::getpid()), EC);
    if (EC)
      return {};
    OS << "// torch-lint PCH prefix, key " << Key << "\n#pragma once\n";
    for (const std::string &H : Prefix)
      OS << "#include <" << H << ">\n";
  }
  if (llvm::sys::fs::rename(Header + ".tmp" + std::to_string(::getpid()), Header))
    return {};

  std::string Temp = Pch + ".tmp" + std::to_string(::getpid()) + "-" +
                     std::to_string(reinterpret_cast<uintptr_t>(&Use));
  tooling::CompileCommand Build;
  Build.Directory = Command.Directory;
  Build.Filename = Header;
  Build.CommandLine.push_back(Command.CommandLine.empty() ? "clang++"
                                                          : Command.CommandLine[0]);
  Build.CommandLine.insert(Build.CommandLine.end(), Flags.begin(), Flags.end());
  for (const char *A : {"-resource-dir", TORCHLINT_CLANG_RESOURCE_DIR, "-Wno-everything",
                        "-x", "c++-header"})
    Build.CommandLine.push_back(A);
  Build.CommandLine.push_back(Header);
  OneCommandDatabase DB(Build);
  tooling::ClangTool Tool(DB, {Header});
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
  BodylessPchAction *Unused = nullptr;
  (void)Unused;
  struct Factory : tooling::FrontendActionFactory {
    std::string Out;
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<BodylessPchAction>(Out);
    }
  } F;
  F.Out = Temp;
  if (Tool.run(&F) != 0 || !llvm::sys::fs::exists(Temp)) {
    llvm::sys::fs::remove(Temp);
    return {};
  }
  if (llvm::sys::fs::rename(Temp, Pch)) {
    llvm::sys::fs::remove(Temp);
    return {};
  }
  return Use;
}

void PchCache::invalidate(const std::vector<std::string> &Args) {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Args.size() == 2)
    llvm::sys::fs::remove(Args[1]);
}

} // namespace torchlint
