//===--- CompileFlags.cpp - Flags from an untrusted compile database ------===//

#include "project/CompileFlags.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace torchlint {
namespace {

using llvm::StringRef;

/// Flags that take their value as the next argument and are kept with it.
bool keptWithSeparateValue(StringRef A) {
  return A == "-I" || A == "-isystem" || A == "-iquote" || A == "-idirafter" ||
         A == "-isysroot" || A == "--sysroot" || A == "-D" || A == "-U" || A == "-x" ||
         A == "-target" || A == "--cuda-path" || A == "--gcc-toolchain";
}

/// Flags that take their value as the next argument and are dropped with it.
bool droppedWithSeparateValue(StringRef A) {
  return A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ" || A == "-Xclang" ||
         A == "-mllvm" || A == "-include" || A == "-imacros" || A == "-include-pch" ||
         A == "-Xcompiler" || A == "-Xlinker" || A == "-Xassembler" ||
         A == "-Xpreprocessor" || A == "-Xcuda-ptxas" || A == "-Xcuda-fatbinary" ||
         A == "-Xopenmp-target" || A == "--serialize-diagnostics" ||
         A == "-dependency-file" || A == "-dependency-dot" || A == "-arch" ||
         A == "-ccbin" || A == "--compiler-bindir" || A == "-gencode" ||
         A == "--generate-code" || A == "-Xptxas" || A == "-Xnvlink" ||
         A == "--compiler-options" || A == "--linker-options" || A == "-load" ||
         A.starts_with("-Xarch_");
}

/// -f options that load code, read lists or write files.
bool dangerousF(StringRef A) {
  static const char *const Prefixes[] = {
      "-fplugin",          "-fpass-plugin",      "-fprofile",
      "-fno-profile",      "-fcs-profile",       "-fsanitize",
      "-fno-sanitize",     "-fcoverage",         "-fcrash-diagnostics",
      "-fmodule",          "-fimplicit-module",  "-fprebuilt",
      "-fsave",            "-ftime-trace",       "-fxray",
      "-fembed",           "-fdebug-compilation-dir", "-fproc-stat-report",
      "-frandomize-layout-seed-file", "-foptimization-record", "-fthinlto-index",
      "-fmemory-profile",  "-fbasic-block-sections", "-fcodegen-data",
      "-fdiagnostics-hotness", "-fexperimental-",  "-fjmc",
      "-fdepfile",         "-fuse-",             "-fgpu-sanitize",
      "-fmodules",         "-fcxx-modules",      "-fcomment-block-commands"};
  for (const char *P : Prefixes)
    if (A.starts_with(P))
      return true;
  return false;
}

/// A value that names a file or directory: never followed for -f/-m.
bool looksLikePath(StringRef Value) {
  return Value.contains('/') || Value.contains('\\') || Value.starts_with("~") ||
         Value.starts_with(".");
}

bool keptJoined(StringRef A) {
  static const char *const Exact[] = {
      "-nostdinc",   "-nostdinc++",    "-nostdlibinc",   "-pthread",
      "-fsyntax-only", "-w",           "-pedantic",      "-pedantic-errors",
      "-ansi",       "-undef",         "-trigraphs",     "--cuda-host-only",
      "-nocudainc",  "-nocudalib",     "--no-cuda-version-check", "-fopenmp",
      "-nogpuinc",   "-nogpulib",      "-fno-openmp"};
  for (const char *E : Exact)
    if (A == E)
      return true;
  static const char *const Joined[] = {"-I",        "-isystem",      "-iquote",
                                       "-idirafter", "-isysroot",    "--sysroot=",
                                       "-D",        "-U",            "-std=",
                                       "-x",        "--cuda-path=",  "--cuda-gpu-arch=",
                                       "--offload-arch=", "--target=", "--gcc-toolchain=",
                                       "-stdlib=",  "--std="};
  for (const char *J : Joined)
    if (A.starts_with(J) && A.size() > StringRef(J).size())
      return true;
  if (A.starts_with("-O") || A.starts_with("-g"))
    return !A.contains('=') || !looksLikePath(A.split('=').second);
  if (A.starts_with("-W"))
    return !A.starts_with("-Wl,") && !A.starts_with("-Wa,") && !A.starts_with("-Wp,") &&
           !A.contains('=');
  if (A.starts_with("-m"))
    return A != "-mllvm" && !looksLikePath(A.split('=').second);
  if (A.starts_with("-f"))
    return !dangerousF(A) && !(A.contains('=') && looksLikePath(A.split('=').second));
  return false;
}

/// The option's name for the report: "-fplugin=/x.so" -> "-fplugin=".
std::string spelling(StringRef A) {
  if (A.starts_with("@"))
    return "@<response file>";
  size_t Eq = A.find('=');
  if (Eq != StringRef::npos)
    return A.take_front(Eq + 1).str();
  size_t Comma = A.find(',');
  if (Comma != StringRef::npos)
    return A.take_front(Comma + 1).str();
  return A.str();
}

bool sameFile(StringRef Arg, const std::string &File) {
  if (Arg == File)
    return true;
  // The database may name the file relative to its directory.
  return !llvm::sys::path::is_absolute(Arg) && StringRef(File).ends_with(Arg) &&
         File.size() > Arg.size() && File[File.size() - Arg.size() - 1] == '/';
}

} // namespace

std::vector<std::string> allowedCompileFlags(const std::vector<std::string> &CommandLine,
                                             const std::string &File,
                                             std::set<std::string> &Dropped) {
  std::vector<std::string> Out;
  if (CommandLine.empty())
    return Out;
  Out.push_back(CommandLine.front());
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    StringRef A = CommandLine[I];
    bool HasNext = I + 1 < CommandLine.size();
    if (A == "-c")
      continue;
    if (A == "-o") {
      ++I;
      continue;
    }
    if (keptWithSeparateValue(A) && HasNext) {
      Out.push_back(A.str());
      Out.push_back(CommandLine[++I]);
      continue;
    }
    if (droppedWithSeparateValue(A)) {
      Dropped.insert(A.str());
      I += HasNext;
      continue;
    }
    if (!A.starts_with("-") && !A.starts_with("@")) {
      if (sameFile(A, File))
        Out.push_back(A.str());
      else if (!A.empty())
        Dropped.insert("<other input>");
      continue;
    }
    if (keptJoined(A)) {
      Out.push_back(A.str());
      continue;
    }
    Dropped.insert(spelling(A));
  }
  return Out;
}

std::vector<std::string> includeDirsIn(const std::vector<std::string> &Args,
                                       const std::string &Directory) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Args.size(); ++I)
    for (StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      StringRef A = Args[I];
      if (!A.starts_with(Flag))
        continue;
      std::string V = A.drop_front(Flag.size()).str();
      if (V.empty() && I + 1 < Args.size())
        V = Args[++I];
      if (V.empty())
        break;
      llvm::SmallString<256> Abs(V);
      if (!llvm::sys::path::is_absolute(Abs) && !Directory.empty()) {
        Abs = Directory;
        llvm::sys::path::append(Abs, V);
      }
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Dirs.push_back(Abs.str().str());
      break;
    }
  return Dirs;
}

} // namespace torchlint
