//===--- CompileFlags.h - Flags from an untrusted compile database -*- C++ -*-===//
//
// compile_commands.json comes with the tree being linted, so its flags are
// the attacker's. Only flags that affect how the source parses are kept
// (include paths, macros, the language and its options, the target, CUDA
// paths); everything else is dropped and reported once per run: plugins,
// -Xclang/-mllvm/-Wp,/-Wl, passthrough, output, dependency and diagnostic
// files, profile and sanitizer lists, response files, and anything unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_COMPILEFLAGS_H
#define TORCHLINT_DRIVER_COMPILEFLAGS_H

#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// \p CommandLine (argv[0] first, the source file somewhere) with every flag
/// that is not on the allow-list removed. The spelling of each dropped flag
/// (without its value) goes into \p Dropped; -c and -o, which every entry
/// has, are dropped without being recorded.
std::vector<std::string> allowedCompileFlags(const std::vector<std::string> &CommandLine,
                                             const std::string &File,
                                             std::set<std::string> &Dropped);

/// The include directories \p Args name (-I, -isystem, -iquote,
/// -idirafter; joined or separate), absolute against \p Directory.
std::vector<std::string> includeDirsIn(const std::vector<std::string> &Args,
                                       const std::string &Directory);

} // namespace torchlint

#endif
