//===--- Formats.cpp - CI output formats ----------------------------------===//

#include "report/Formats.h"

#include "report/Baseline.h"
#include "Catalog.h"
#include "report/Output.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <map>
#include <nlohmann/json.hpp>

namespace torchlint {

using OJson = nlohmann::ordered_json;

namespace {

constexpr uint32_t ReplacementChar = 0xFFFD;

/// Decodes \p S as the WHATWG UTF-8 decoder does: every maximal ill-formed
/// subsequence becomes one U+FFFD. \p Emit gets each code point and its
/// bytes (empty for a replacement).
template <typename Fn> void decodeUtf8(llvm::StringRef S, Fn Emit) {
  size_t I = 0, N = S.size();
  while (I < N) {
    unsigned char B = S[I];
    if (B < 0x80) {
      Emit(B, S.substr(I, 1));
      ++I;
      continue;
    }
    unsigned Need;
    uint32_t CP;
    unsigned char Lo = 0x80, Hi = 0xBF;
    if (B >= 0xC2 && B <= 0xDF) {
      Need = 1;
      CP = B & 0x1F;
    } else if (B >= 0xE0 && B <= 0xEF) {
      Need = 2;
      CP = B & 0x0F;
      if (B == 0xE0)
        Lo = 0xA0;
      if (B == 0xED)
        Hi = 0x9F;
    } else if (B >= 0xF0 && B <= 0xF4) {
      Need = 3;
      CP = B & 0x07;
      if (B == 0xF0)
        Lo = 0x90;
      if (B == 0xF4)
        Hi = 0x8F;
    } else {
      Emit(ReplacementChar, llvm::StringRef());
      ++I;
      continue;
    }
    size_t J = I + 1;
    unsigned Seen = 0;
    while (Seen < Need && J < N) {
      unsigned char C = S[J];
      if (C < Lo || C > Hi)
        break; // This byte starts over.
      Lo = 0x80;
      Hi = 0xBF;
      CP = (CP << 6) | (C & 0x3F);
      ++Seen;
      ++J;
    }
    Emit(Seen == Need ? CP : ReplacementChar,
         Seen == Need ? S.slice(I, J) : llvm::StringRef());
    I = J;
  }
}

const char *const ReplacementUtf8 = "\xEF\xBF\xBD";

/// UTF-16 code units in \p S (decoded as above).
unsigned utf16Length(llvm::StringRef S) {
  unsigned Units = 0;
  decodeUtf8(S, [&](uint32_t CP, llvm::StringRef) { Units += CP > 0xFFFF ? 2 : 1; });
  return Units;
}

/// The 1-based UTF-16 column (SARIF's default column kind) of 1-based byte
/// column \p ByteColumn in \p Line.
unsigned utf16Column(llvm::StringRef Line, unsigned ByteColumn) {
  if (ByteColumn == 0)
    return 1;
  size_t Bytes = ByteColumn - 1;
  if (Bytes > Line.size())
    return utf16Length(Line) + (Bytes - Line.size()) + 1;
  return utf16Length(Line.take_front(Bytes)) + 1;
}

std::string shortHash(llvm::StringRef Key) {
  auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16), /*LowerCase=*/true);
}

std::string dumpJson(const OJson &J, int Indent = 2) {
  return J.dump(Indent, ' ', false, OJson::error_handler_t::replace);
}

std::string noteText(const Note &N) {
  return displayPath(N.Loc.File) + ":" + std::to_string(N.Loc.Line) + ":" +
         std::to_string(N.Loc.Column) + ": note: " + N.Message;
}

/// The message with the notes below it, one per line.
std::string messageWithNotes(const Finding &F) {
  std::string M = F.Message;
  for (const Note &N : F.Notes)
    M += "\n" + noteText(N);
  return M;
}

std::string currentDir() {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  return Cwd.str().str();
}

std::vector<std::string> idsFor(const LintResult &Result,
                                llvm::ArrayRef<std::string> Ids) {
  if (Ids.size() == Result.Findings.size())
    return Ids.vec();
  SourceCache Sources;
  return fingerprints(Result.Findings, currentDir(), Sources);
}

} // namespace

// ---------------------------------------------------------------------------
// Escaping
// ---------------------------------------------------------------------------

std::string sanitizeUtf8(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  decodeUtf8(S, [&](uint32_t, llvm::StringRef Bytes) {
    if (Bytes.empty())
      Out += ReplacementUtf8;
    else
      Out += Bytes;
  });
  return Out;
}

std::string escapeGithubData(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string escapeGithubProperty(llvm::StringRef S) {
  std::string Out;
  for (char C : escapeGithubData(S)) {
    switch (C) {
    case ':':
      Out += "%3A";
      break;
    case ',':
      Out += "%2C";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string escapeXml(llvm::StringRef S) {
  std::string Out;
  decodeUtf8(S, [&](uint32_t CP, llvm::StringRef Bytes) {
    switch (CP) {
    case '&':
      Out += "&amp;";
      return;
    case '<':
      Out += "&lt;";
      return;
    case '>':
      Out += "&gt;";
      return;
    case '"':
      Out += "&quot;";
      return;
    case '\'':
      Out += "&apos;";
      return;
    case '\t':
      Out += "&#9;";
      return;
    case '\n':
      Out += "&#10;";
      return;
    case '\r':
      Out += "&#13;";
      return;
    default:
      break;
    }
    if (Bytes.empty() || CP < 0x20 || CP == 0xFFFE || CP == 0xFFFF)
      Out += ReplacementUtf8;
    else
      Out += Bytes;
  });
  return Out;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Out;
  if (llvm::sys::path::is_absolute(Path))
    Out = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/')
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

// ---------------------------------------------------------------------------
// GitHub workflow commands
// ---------------------------------------------------------------------------

void printGithubCommand(llvm::raw_ostream &OS, const GithubCommand &C) {
  // @actions/core's issueCommand and toCommandProperties.
  std::pair<const char *, std::string> Props[] = {
      {"title", C.Title},
      {"file", C.File},
      {"line", C.StartLine ? std::to_string(C.StartLine) : ""},
      {"endLine", C.EndLine ? std::to_string(C.EndLine) : ""},
      {"col", C.StartColumn ? std::to_string(C.StartColumn) : ""}};
  OS << "::" << C.Command;
  if (C.PropertiesGiven)
    OS << ' ';
  bool First = true;
  for (const auto &[Key, Value] : Props) {
    if (Value.empty())
      continue;
    OS << (First ? "" : ",") << Key << '=' << escapeGithubProperty(sanitizeUtf8(Value));
    First = false;
  }
  OS << "::" << escapeGithubData(sanitizeUtf8(C.Message)) << "\n";
}

void printGithub(llvm::raw_ostream &OS, const LintResult &Result) {
  for (const Finding &F : Result.Findings)
    printGithubCommand(OS, {F.AsError ? "error" : "warning", messageWithNotes(F), F.Check,
                            displayPath(F.Loc.File), F.Loc.Line, F.Loc.Line,
                            F.Loc.Column});
  for (const FileError &E : Result.Errors)
    printGithubCommand(OS, {E.Partial ? "warning" : "error", errorText(E), "torch-lint",
                            displayPath(E.File)});
}

// ---------------------------------------------------------------------------
// SARIF 2.1.0
// ---------------------------------------------------------------------------

namespace {

const char *const SarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";
const char *const InformationUri = "https://github.com/torchlint/torchlint";
const char *const DocsUri =
    "https://github.com/torchlint/torchlint/blob/main/docs/checks/";

llvm::StringRef sarifLevel(CheckLevel L) {
  return L == CheckLevel::Level2 ? "note" : "warning";
}

llvm::StringRef levelMeaning(CheckLevel L) {
  switch (L) {
  case CheckLevel::Level0:
    return "almost never wrong, on by default";
  case CheckLevel::Level1:
    return "likely, on by default";
  case CheckLevel::Level2:
    return "advisory, opt-in";
  }
  return "";
}

OJson sarifRule(const CheckInfo &Info) {
  std::string Uri = DocsUri + Info.Name.str() + ".md";
  std::string Full = Info.Summary.str() + " (" + levelName(Info.Level).str() + ": " +
                     levelMeaning(Info.Level).str();
  if (!Info.GraphBreak.empty())
    Full += "; Dynamo graph break " + Info.GraphBreak.str();
  if (Info.FixIt != FixItKind::None)
    Full += "; fix-it available";
  Full += ")";
  std::string Suppress = "// NOLINT(" + Info.Name.str() + ")";
  OJson Tags = OJson::array({"torch", Info.Family.str(), levelName(Info.Level).str()});
  if (!Info.GraphBreak.empty())
    Tags.push_back("graph-break");
  return {{"id", Info.Name.str()},
          {"name", Info.Name.str()},
          {"shortDescription", {{"text", Info.Summary.str()}}},
          {"fullDescription", {{"text", Full}}},
          {"help",
           {{"text", Full + "\n\nDocumentation: " + Uri + "\nSuppress a finding with " +
                         Suppress + " on its line."},
            {"markdown", "**" + Info.Name.str() + "**: " + Full + "\n\n[Documentation](" +
                             Uri + "). Suppress a finding with `" + Suppress +
                             "` on its line."}}},
          {"helpUri", Uri},
          {"defaultConfiguration", {{"level", sarifLevel(Info.Level).str()}}},
          {"properties",
           {{"tags", std::move(Tags)},
            {"precision", Info.Level == CheckLevel::Level0   ? "very-high"
                          : Info.Level == CheckLevel::Level1 ? "high"
                                                             : "medium"},
            {"problem.severity",
             Info.Level == CheckLevel::Level2 ? "recommendation" : "warning"}}}};
}

/// SARIF message text: brackets are escaped where they could form an
/// embedded link (`[text](id)`).
std::string sarifText(llvm::StringRef S) {
  if (!S.contains("]("))
    return S.str();
  std::string Out;
  for (char C : S) {
    if (C == '[' || C == ']' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

OJson artifactLocation(const std::string &File) {
  std::string Path = displayPath(File);
  OJson A = {{"uri", pathToUri(Path)}};
  if (!llvm::sys::path::is_absolute(Path))
    A["uriBaseId"] = "%SRCROOT%";
  return A;
}

OJson physicalLocation(const Location &L, SourceCache &Sources) {
  OJson P = {{"artifactLocation", artifactLocation(L.File)}};
  if (L.Line > 0)
    P["region"] = {
        {"startLine", L.Line},
        {"startColumn", utf16Column(Sources.lineText(L.File, L.Line), L.Column)},
        {"endLine", L.Line}};
  return P;
}

OJson deletedRegion(const FixIt &Fix, SourceCache &Sources) {
  OJson R = OJson::object();
  auto End = Sources.position(Fix.Loc.File, Fix.Loc.Offset + Fix.Length);
  if (Fix.Loc.Line > 0 && End) {
    R["startLine"] = Fix.Loc.Line;
    R["startColumn"] =
        utf16Column(Sources.lineText(Fix.Loc.File, Fix.Loc.Line), Fix.Loc.Column);
    R["endLine"] = End->first;
    R["endColumn"] = utf16Column(Sources.lineText(Fix.Loc.File, End->first), End->second);
  }
  R["byteOffset"] = Fix.Loc.Offset;
  R["byteLength"] = Fix.Length;
  return R;
}

OJson sarifFixes(const Finding &F, SourceCache &Sources) {
  OJson Changes = OJson::array();
  std::map<std::string, std::vector<const FixIt *>> ByFile;
  std::vector<std::string> Order;
  for (const FixIt &Fix : F.FixIts) {
    if (!ByFile.count(Fix.Loc.File))
      Order.push_back(Fix.Loc.File);
    ByFile[Fix.Loc.File].push_back(&Fix);
  }
  for (const std::string &File : Order) {
    OJson Replacements = OJson::array();
    for (const FixIt *Fix : ByFile[File]) {
      OJson R = {{"deletedRegion", deletedRegion(*Fix, Sources)}};
      if (!Fix->Replacement.empty())
        R["insertedContent"] = {{"text", Fix->Replacement}};
      Replacements.push_back(std::move(R));
    }
    Changes.push_back({{"artifactLocation", artifactLocation(File)},
                       {"replacements", std::move(Replacements)}});
  }
  return OJson::array({{{"description", {{"text", "torch-lint fix-it for " + F.Check}}},
                        {"artifactChanges", std::move(Changes)}}});
}

} // namespace

void printSarif(llvm::raw_ostream &OS, const LintResult &Result,
                llvm::ArrayRef<std::string> GivenIds) {
  std::vector<std::string> Ids = idsFor(Result, GivenIds);
  SourceCache Sources;
  OJson Rules = OJson::array();
  std::map<std::string, size_t> RuleIndex;
  for (const CheckInfo &Info : catalog()) {
    RuleIndex[Info.Name.str()] = Rules.size();
    Rules.push_back(sarifRule(Info));
  }
  OJson Results = OJson::array();
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    const Finding &F = Result.Findings[I];
    const CheckInfo *Info = findCheck(F.Check);
    if (!RuleIndex.count(F.Check)) {
      RuleIndex[F.Check] = Rules.size();
      Rules.push_back({{"id", F.Check}, {"shortDescription", {{"text", F.Check}}}});
    }
    OJson R = {{"ruleId", F.Check},
               {"ruleIndex", RuleIndex[F.Check]},
               {"level", F.AsError ? "error" : Info ? sarifLevel(Info->Level).str() : "warning"},
               {"message", {{"text", sarifText(F.Message)}}},
               {"locations",
                OJson::array({{{"physicalLocation", physicalLocation(F.Loc, Sources)}}})},
               {"partialFingerprints", {{"torchlint/v1", Ids[I]}}}};
    if (!F.Notes.empty()) {
      OJson Related = OJson::array();
      for (size_t N = 0; N < F.Notes.size(); ++N)
        Related.push_back(
            {{"id", N},
             {"physicalLocation", physicalLocation(F.Notes[N].Loc, Sources)},
             {"message", {{"text", sarifText(F.Notes[N].Message)}}}});
      R["relatedLocations"] = std::move(Related);
    }
    if (!F.FixIts.empty())
      R["fixes"] = sarifFixes(F, Sources);
    if (!F.GraphBreak.empty())
      R["properties"] = {{"graphBreak", F.GraphBreak}};
    Results.push_back(std::move(R));
  }
  // Files linted in part (missing headers) are warnings, not failures.
  OJson Invocation = {
      {"executionSuccessful",
       llvm::all_of(Result.Errors, [](const FileError &E) { return E.Partial; })}};
  if (!Result.Errors.empty()) {
    OJson Notes = OJson::array();
    for (const FileError &E : Result.Errors)
      Notes.push_back(
          {{"level", E.Partial ? "warning" : "error"},
           {"message", {{"text", sarifText(errorText(E))}}},
           {"locations",
            OJson::array({{{"physicalLocation",
                            {{"artifactLocation", artifactLocation(E.File)}}}}})}});
    Invocation["toolExecutionNotifications"] = std::move(Notes);
  }
  std::string Root = pathToUri(currentDir());
  if (!llvm::StringRef(Root).ends_with("/"))
    Root += "/";
  OJson Run = {{"tool",
                {{"driver",
                  {{"name", "torch-lint"},
                   {"version", Version},
                   {"informationUri", InformationUri},
                   {"rules", std::move(Rules)}}}}},
               {"invocations", OJson::array({std::move(Invocation)})},
               {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", Root}}}}},
               {"columnKind", "utf16CodeUnits"},
               {"results", std::move(Results)}};
  OJson Doc = {{"$schema", SarifSchema},
               {"version", "2.1.0"},
               {"runs", OJson::array({std::move(Run)})}};
  OS << dumpJson(Doc) << "\n";
}

// ---------------------------------------------------------------------------
// GitLab Code Quality (Code Climate) and Checkstyle
// ---------------------------------------------------------------------------

void printCodeClimate(llvm::raw_ostream &OS, const LintResult &Result,
                      llvm::ArrayRef<std::string> GivenIds) {
  std::vector<std::string> Ids = idsFor(Result, GivenIds);
  OJson Issues = OJson::array();
  for (size_t I = 0; I < Result.Findings.size(); ++I) {
    const Finding &F = Result.Findings[I];
    const CheckInfo *Info = findCheck(F.Check);
    llvm::StringRef Family = Info ? Info->Family : "";
    llvm::StringRef Category = Family == "compile"                       ? "Compatibility"
                               : Family == "perf" || Family == "binding" ? "Performance"
                                                                         : "Bug Risk";
    llvm::StringRef Severity = F.AsError                           ? "critical"
                               : !Info                             ? "minor"
                               : Info->Level == CheckLevel::Level0 ? "major"
                               : Info->Level == CheckLevel::Level1 ? "minor"
                                                                   : "info";
    OJson Issue = {{"type", "issue"},
                   {"check_name", F.Check},
                   {"description", F.Message},
                   {"categories", OJson::array({Category.str()})},
                   {"severity", Severity.str()},
                   {"fingerprint", Ids[I]},
                   {"location",
                    {{"path", displayPath(F.Loc.File)},
                     {"lines", {{"begin", F.Loc.Line}, {"end", F.Loc.Line}}}}}};
    if (!F.Notes.empty()) {
      std::string Body;
      for (const Note &N : F.Notes)
        Body += (Body.empty() ? "" : "\n") + noteText(N);
      Issue["content"] = {{"body", Body}};
    }
    Issues.push_back(std::move(Issue));
  }
  for (const FileError &E : Result.Errors) {
    std::string Path = displayPath(E.File);
    Issues.push_back(
        {{"type", "issue"},
         {"check_name", "torch-lint-error"},
         {"description", errorText(E)},
         {"categories", OJson::array({"Bug Risk"})},
         {"severity", E.Partial ? "minor" : "major"},
         {"fingerprint",
          shortHash(std::string("torchlint-error-v1") + '\0' + Path + '\0' + E.Message)},
         {"location", {{"path", Path}, {"lines", {{"begin", 1}, {"end", 1}}}}}});
  }
  OS << dumpJson(Issues) << "\n";
}

void printCheckstyle(llvm::raw_ostream &OS, const LintResult &Result) {
  // One <file> per file, in order of first appearance.
  std::vector<std::string> Order;
  std::map<std::string, std::vector<std::string>> Entries;
  auto Add = [&](const std::string &File, std::string Entry) {
    if (!Entries.count(File))
      Order.push_back(File);
    Entries[File].push_back(std::move(Entry));
  };
  for (const Finding &F : Result.Findings) {
    const CheckInfo *Info = findCheck(F.Check);
    llvm::StringRef Severity = F.AsError                                   ? "error"
                               : Info && Info->Level == CheckLevel::Level2 ? "info"
                                                                           : "warning";
    Add(F.Loc.File, "<error line=\"" + std::to_string(F.Loc.Line) + "\" column=\"" +
                        std::to_string(F.Loc.Column) + "\" severity=\"" + Severity.str() +
                        "\" message=\"" + escapeXml(messageWithNotes(F)) +
                        "\" source=\"" + escapeXml(F.Check) + "\"/>");
  }
  for (const FileError &E : Result.Errors)
    Add(E.File, "<error line=\"1\" severity=\"" + std::string(E.Partial ? "warning" : "error") +
                    "\" message=\"" + escapeXml(errorText(E)) +
                    "\" source=\"torch-lint\"/>");
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n";
  for (const std::string &File : Order) {
    OS << "  <file name=\"" << escapeXml(displayPath(File)) << "\">\n";
    for (const std::string &E : Entries[File])
      OS << "    " << E << "\n";
    OS << "  </file>\n";
  }
  OS << "</checkstyle>\n";
}

bool isCiFormat(llvm::StringRef Format) {
  return Format == "github" || Format == "sarif" || Format == "codeclimate" ||
         Format == "checkstyle";
}

void printCiFormat(llvm::raw_ostream &OS, llvm::StringRef Format,
                   const LintResult &Result, llvm::ArrayRef<std::string> Ids) {
  if (Format == "github")
    printGithub(OS, Result);
  else if (Format == "sarif")
    printSarif(OS, Result, Ids);
  else if (Format == "codeclimate")
    printCodeClimate(OS, Result, Ids);
  else if (Format == "checkstyle")
    printCheckstyle(OS, Result);
}

// ---------------------------------------------------------------------------
// merge-sarif
// ---------------------------------------------------------------------------

namespace {

const char *const MergeUsage =
    "usage: torch-lint merge-sarif <out.sarif> <in.sarif>...\n"
    "\n"
    "Joins the SARIF files of sharded torch-lint runs (--shard i/n) into one\n"
    "file with one run: rules de-duplicated, results concatenated (ruleIndex\n"
    "fixed up), invocations joined. <out.sarif> may be '-' for stdout.\n";

int mergeError(const std::string &Message) {
  llvm::errs() << "torch-lint: error: merge-sarif: " << Message << "\n"
               << "Run 'torch-lint merge-sarif --help' for usage.\n";
  return 2;
}

/// The runs of several SARIF files as one run: rules re-indexed, results
/// sorted by location then rule, invocations joined.
class SarifMerge {
public:
  /// Adds the runs of the file \p In; what is wrong with it, or "".
  std::string addFile(const std::string &In) {
    auto Buf = llvm::MemoryBuffer::getFile(In, /*IsText=*/true);
    if (!Buf)
      return "cannot read '" + In + "': " + Buf.getError().message();
    OJson Doc = OJson::parse((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end(), nullptr,
                             /*allow_exceptions=*/false);
    if (Doc.is_discarded())
      return "'" + In + "' is not valid JSON";
    if (!Doc.is_object() || Doc.value("version", "") != "2.1.0" || !Doc.contains("runs") ||
        !Doc["runs"].is_array())
      return "'" + In + "' is not a SARIF 2.1.0 file";
    for (OJson &Run : Doc["runs"])
      if (std::string Problem = addRun(In, Run); !Problem.empty())
        return Problem;
    return "";
  }

  bool empty() const { return Merged.is_null(); }

  /// The merged document.
  OJson document() {
    // Deterministic whatever the order of the inputs: by location, then rule.
    std::vector<OJson> Sorted(Results.begin(), Results.end());
    llvm::stable_sort(Sorted, [&](const OJson &A, const OJson &B) { return key(A) < key(B); });
    Merged["tool"]["driver"]["rules"] = std::move(Rules);
    OJson Invocation = {{"executionSuccessful", Successful}};
    if (!Notifications.empty())
      Invocation["toolExecutionNotifications"] = std::move(Notifications);
    Merged["invocations"] = OJson::array({std::move(Invocation)});
    Merged["results"] = OJson(std::move(Sorted));
    return {{"$schema", SarifSchema},
            {"version", "2.1.0"},
            {"runs", OJson::array({std::move(Merged)})}};
  }

private:
  std::string addRun(const std::string &In, OJson &Run) {
    if (!Run.is_object() || !Run.contains("tool") || !Run["tool"].is_object() ||
        !Run["tool"].contains("driver") || !Run["tool"]["driver"].is_object() ||
        !Run["tool"]["driver"].contains("name") || !Run["tool"]["driver"]["name"].is_string())
      return "'" + In + "' has a run without tool.driver.name";
    OJson &Driver = Run["tool"]["driver"];
    std::string Name = Driver["name"].get<std::string>();
    if (ToolName.empty())
      ToolName = Name;
    else if (Name != ToolName)
      return "'" + In + "' has a run of '" + Name + "', not '" + ToolName +
             "' (only runs of one tool can be merged)";
    if (Run.contains("artifacts"))
      return "'" + In + "' has run.artifacts, which merge-sarif does not re-index";
    std::vector<std::string> Ids; // Rules of this run, by their old index.
    if (std::string Problem = addRules(In, Driver, Ids); !Problem.empty())
      return Problem;
    if (Run.contains("results")) {
      if (!Run["results"].is_array())
        return "'" + In + "' has results that are not an array";
      for (OJson &R : Run["results"]) {
        if (!R.is_object())
          return "'" + In + "' has a result that is not an object";
        std::string Id;
        if (R.contains("ruleId") && R["ruleId"].is_string())
          Id = R["ruleId"].get<std::string>();
        else if (R.contains("ruleIndex") && R["ruleIndex"].is_number_unsigned() &&
                 R["ruleIndex"].get<size_t>() < Ids.size())
          Id = Ids[R["ruleIndex"].get<size_t>()];
        if (!Id.empty() && RuleIndex.count(Id))
          R["ruleIndex"] = RuleIndex[Id];
        else
          R.erase("ruleIndex");
        Results.push_back(std::move(R));
      }
    }
    addInvocations(Run);
    if (Merged.is_null())
      Merged = Run; // The first run, the frame for the merged one.
    return "";
  }

  std::string addRules(const std::string &In, const OJson &Driver,
                       std::vector<std::string> &Ids) {
    if (!Driver.contains("rules"))
      return "";
    if (!Driver["rules"].is_array())
      return "'" + In + "' has tool.driver.rules that is not an array";
    for (const OJson &Rule : Driver["rules"]) {
      if (!Rule.is_object() || !Rule.contains("id") || !Rule["id"].is_string())
        return "'" + In + "' has a rule without an id";
      std::string Id = Rule["id"].get<std::string>();
      Ids.push_back(Id);
      if (!RuleIndex.count(Id)) {
        RuleIndex[Id] = Rules.size();
        Rules.push_back(Rule);
      }
    }
    return "";
  }

  void addInvocations(const OJson &Run) {
    if (!Run.contains("invocations") || !Run["invocations"].is_array())
      return;
    for (const OJson &Inv : Run["invocations"]) {
      if (!Inv.is_object())
        continue;
      if (Inv.contains("executionSuccessful") && Inv["executionSuccessful"].is_boolean())
        Successful &= Inv["executionSuccessful"].get<bool>();
      if (Inv.contains("toolExecutionNotifications") &&
          Inv["toolExecutionNotifications"].is_array())
        for (const OJson &N : Inv["toolExecutionNotifications"])
          Notifications.push_back(N);
    }
  }

  static std::tuple<std::string, int64_t, int64_t, std::string> key(const OJson &R) {
    std::string Uri;
    int64_t Line = 0, Column = 0;
    if (R.contains("locations") && R["locations"].is_array() && !R["locations"].empty()) {
      const OJson &P = R["locations"][0].value("physicalLocation", OJson::object());
      if (P.contains("artifactLocation"))
        Uri = P["artifactLocation"].value("uri", "");
      if (P.contains("region")) {
        Line = P["region"].value("startLine", int64_t(0));
        Column = P["region"].value("startColumn", int64_t(0));
      }
    }
    return std::make_tuple(Uri, Line, Column, R.value("ruleId", ""));
  }

  OJson Merged;
  OJson Rules = OJson::array();
  std::map<std::string, size_t> RuleIndex;
  OJson Results = OJson::array();
  OJson Notifications = OJson::array();
  bool Successful = true;
  std::string ToolName;
};

} // namespace

int mergeSarifMain(int Argc, const char **Argv) {
  std::vector<std::string> Args(Argv + 2, Argv + Argc);
  if (llvm::is_contained(Args, "--help") || llvm::is_contained(Args, "-h")) {
    llvm::outs() << MergeUsage;
    return 0;
  }
  if (Args.size() < 2)
    return mergeError("needs an output file and at least one input SARIF file");
  for (const std::string &A : Args)
    if (A.size() > 1 && A[0] == '-')
      return mergeError("unknown option '" + A + "'");
  const std::string &OutPath = Args[0];
  SarifMerge Merge;
  for (size_t A = 1; A < Args.size(); ++A)
    if (std::string Problem = Merge.addFile(Args[A]); !Problem.empty())
      return mergeError(Problem);
  if (Merge.empty())
    return mergeError("the input files hold no SARIF run");
  std::string Text = dumpJson(Merge.document()) + "\n";
  if (llvm::Error E = llvm::writeToOutput(OutPath, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      }))
    return mergeError("cannot write '" + OutPath + "': " + llvm::toString(std::move(E)));
  return 0;
}
} // namespace torchlint
