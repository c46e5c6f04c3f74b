//===--- Formats.h - CI output formats ----------------------------*- C++ -*-===//
//
// The formats CI systems read: GitHub workflow commands (annotations), SARIF
// 2.1.0 (GitHub code scanning), GitLab Code Quality (Code Climate JSON) and
// Checkstyle XML; and `torch-lint merge-sarif`, which joins the SARIF files of
// sharded runs. Everything printed comes from untrusted sources (file names,
// source text quoted in messages): each format escapes it its own way, and
// invalid UTF-8 is replaced (U+FFFD), never passed on.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_FORMATS_H
#define TORCHLINT_DRIVER_FORMATS_H

#include "engine/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace torchlint {

/// True for the formats this file prints: github, sarif, codeclimate,
/// checkstyle.
bool isCiFormat(llvm::StringRef Format);

/// Prints \p Result in CI format \p Format. \p Ids are the findings'
/// fingerprints (see fingerprints() in Baseline.h, relative to the working
/// directory), one per finding; when empty they are computed here.
void printCiFormat(llvm::raw_ostream &OS, llvm::StringRef Format,
                   const LintResult &Result, llvm::ArrayRef<std::string> Ids = {});

/// One GitHub workflow command as @actions/core's warning()/error()/notice()
/// print it: `::<command> title=..,file=..,line=..,endLine=..,col=..::<msg>`,
/// properties in core's order, empty strings and zero numbers left out as
/// core leaves out falsy ones; invalid UTF-8 replaced as the WHATWG decoder
/// does before escaping.
struct GithubCommand {
  std::string Command; ///< warning | error | notice
  std::string Message, Title, File;
  unsigned StartLine = 0, EndLine = 0, StartColumn = 0;
  /// core writes a space after the command whenever a properties object is
  /// given, even one whose values are all falsy (`::error ::m`).
  bool PropertiesGiven = true;
};
void printGithubCommand(llvm::raw_ostream &OS, const GithubCommand &C);

/// GitHub workflow commands, one per finding (`::warning title=<check>,
/// file=<f>,line=<l>,endLine=<l>,col=<c>::<message and notes>`) and per file
/// error (`::error title=torch-lint,file=<f>::<message>`), byte-identical to
/// what @actions/core's warning()/error() print for the same strings.
void printGithub(llvm::raw_ostream &OS, const LintResult &Result);

/// SARIF 2.1.0, one run.
void printSarif(llvm::raw_ostream &OS, const LintResult &Result,
                llvm::ArrayRef<std::string> Ids);

/// GitLab Code Quality: a JSON array of Code Climate issues.
void printCodeClimate(llvm::raw_ostream &OS, const LintResult &Result,
                      llvm::ArrayRef<std::string> Ids);

/// Checkstyle XML.
void printCheckstyle(llvm::raw_ostream &OS, const LintResult &Result);

/// \p S with every maximal ill-formed UTF-8 subsequence replaced by U+FFFD,
/// exactly as the WHATWG decoder (TextDecoder, Node's Buffer) does it.
std::string sanitizeUtf8(llvm::StringRef S);

/// @actions/core's escapeData: '%', '\r', '\n'.
std::string escapeGithubData(llvm::StringRef S);
/// @actions/core's escapeProperty: also ':' and ','.
std::string escapeGithubProperty(llvm::StringRef S);

/// Text for XML character data and attribute values: markup characters
/// escaped, tab/CR/LF as character references, characters XML 1.0 cannot
/// hold (other C0 controls, U+FFFE, U+FFFF, invalid UTF-8) as U+FFFD.
std::string escapeXml(llvm::StringRef S);

/// A path as a SARIF artifact URI: relative paths stay relative, absolute
/// ones become file:// URIs; every byte outside RFC 3986's unreserved set
/// and '/' is percent-encoded.
std::string pathToUri(llvm::StringRef Path);

/// `torch-lint merge-sarif <out.sarif> <in.sarif>...`: one run with the rules
/// de-duplicated, the results concatenated (ruleIndex fixed up) and the
/// invocations joined. Exit status 0, or 2 with one message (nothing written).
int mergeSarifMain(int Argc, const char **Argv);

} // namespace torchlint

#endif // TORCHLINT_DRIVER_FORMATS_H
