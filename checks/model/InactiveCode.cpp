//===--- InactiveCode.cpp - Code another build configuration compiles -----===//

#include "InactiveCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <functional>
#include <set>
#include <optional>
#include <vector>

using namespace clang;

namespace torchlint::model {
namespace {

constexpr StringRef GilReleases[] = {"gil_scoped_release", "Py_BEGIN_ALLOW_THREADS",
                                     "PyEval_SaveThread"};

/// The offset of the first GIL release in \p Text, or npos.
size_t gilReleaseIn(StringRef Text) {
  size_t Best = StringRef::npos;
  for (StringRef Word : GilReleases)
    Best = std::min(Best, Text.find(Word));
  return Best;
}

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// \p Text with its comments and the contents of its string and character
/// literals blanked, newlines kept: the same offsets and lines, and only
/// code left to search (`// no gil_scoped_release: ...` releases nothing).
std::string codeOf(StringRef Text) {
  std::string Out = Text.str();
  auto Blank = [&](size_t From, size_t To) {
    for (size_t I = From; I < To && I < Out.size(); ++I)
      if (Out[I] != '\n')
        Out[I] = ' ';
  };
  for (size_t I = 0; I < Text.size();) {
    StringRef Rest = Text.substr(I);
    size_t End = I + 1;
    if (Rest.starts_with("//")) {
      End = Text.find('\n', I);
      End = End == StringRef::npos ? Text.size() : End;
      Blank(I, End);
    } else if (Rest.starts_with("/*")) {
      End = Text.find("*/", I + 2);
      End = End == StringRef::npos ? Text.size() : End + 2;
      Blank(I, End);
    } else if (Rest.starts_with("R\"") && (I == 0 || !isIdentChar(Text[I - 1]))) {
      // R"delim( ... )delim"
      size_t Open = Text.find('(', I + 2);
      if (Open != StringRef::npos) {
        std::string Close = ")" + Text.slice(I + 2, Open).str() + "\"";
        End = Text.find(Close, Open);
        End = End == StringRef::npos ? Text.size() : End + Close.size();
        Blank(I + 2, End - 1);
      }
    } else if (Text[I] == '"' || (Text[I] == '\'' && (I == 0 || !llvm::isAlnum(Text[I - 1])))) {
      // (A ' after a digit or letter is a digit separator: 1'000.)
      char Quote = Text[I];
      for (End = I + 1; End < Text.size() && Text[End] != Quote && Text[End] != '\n'; ++End)
        if (Text[End] == '\\')
          ++End;
      End = std::min(End + 1, Text.size());
      Blank(I + 1, End - 1);
    }
    I = End;
  }
  return Out;
}

/// The names \p Text calls: identifiers followed by '('.
std::vector<StringRef> calledNames(StringRef Text) {
  std::vector<StringRef> Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (!isIdentChar(Text[I]) || (I > 0 && isIdentChar(Text[I - 1])) || llvm::isDigit(Text[I]))
      continue;
    size_t End = I;
    while (End < Text.size() && isIdentChar(Text[End]))
      ++End;
    size_t Next = End;
    while (Next < Text.size() && (Text[Next] == ' ' || Text[Next] == '\t'))
      ++Next;
    if (Next < Text.size() && Text[Next] == '(')
      Out.push_back(Text.slice(I, End));
    I = End;
  }
  return Out;
}

/// The body of the function \p Name that \p File's text defines at the
/// start of a line (`Tensor nms_diopi(Tensor boxes, ...) {`), as its text
/// from '{' to the matching '}'; empty when there is none.
StringRef definitionBody(StringRef File, StringRef Name) {
  for (size_t At = File.find(Name); At != StringRef::npos; At = File.find(Name, At + 1)) {
    if ((At > 0 && isIdentChar(File[At - 1])) ||
        (At + Name.size() < File.size() && isIdentChar(File[At + Name.size()])))
      continue;
    size_t LineStart = File.rfind('\n', At);
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    // A definition's head starts its line, at column 0, with a type.
    if (LineStart == At || !isIdentChar(File[LineStart]))
      continue;
    size_t Open = File.find_first_of("{;", At);
    if (Open == StringRef::npos || File[Open] != '{')
      continue;
    unsigned Depth = 0;
    for (size_t I = Open; I < File.size(); ++I) {
      if (File[I] == '{')
        ++Depth;
      else if (File[I] == '}' && --Depth == 0)
        return File.slice(Open, I + 1);
    }
  }
  return {};
}

/// The offsets in \p FID of the statements of \p Body (those the
/// preprocessor kept).
std::vector<unsigned> statementOffsets(const Stmt *Body, FileID FID, const SourceManager &SM) {
  struct Collector : RecursiveASTVisitor<Collector> {
    const SourceManager &SM;
    FileID FID;
    std::vector<unsigned> Out;
    Collector(const SourceManager &SM, FileID FID) : SM(SM), FID(FID) {}
    bool VisitStmt(Stmt *S) {
      SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
      if (L.isValid() && SM.getFileID(L) == FID)
        Out.push_back(SM.getFileOffset(L));
      return true;
    }
  } C(SM, FID);
  C.TraverseStmt(const_cast<Stmt *>(Body));
  std::sort(C.Out.begin(), C.Out.end());
  return C.Out;
}

/// Calls \p Visit(start offset, text, opening directive) on each arm of the
/// conditionals in \p Text (a function body at offset \p B of its file)
/// that holds none of the statements at \p Kept (the offsets the AST kept,
/// sorted): the arms the preprocessor skipped. An arm runs from its
/// directive to the next one at its depth or deeper. Stops when \p Visit
/// returns true.
void forEachSkippedArm(StringRef Text, unsigned B, const std::vector<unsigned> &Kept,
                       llvm::function_ref<bool(size_t, StringRef, StringRef)> Visit) {
  unsigned Depth = 0;
  size_t ArmStart = StringRef::npos;
  StringRef Directive;
  auto Skipped = [&](size_t From, size_t To) {
    auto It = std::lower_bound(Kept.begin(), Kept.end(), B + From);
    return It == Kept.end() || *It >= B + To;
  };
  for (size_t Line = 0; Line < Text.size();) {
    size_t Next = Text.find('\n', Line);
    Next = Next == StringRef::npos ? Text.size() : Next + 1;
    StringRef Whole = Text.slice(Line, Next).trim();
    StringRef L = Whole;
    if (L.consume_front("#")) {
      L = L.ltrim();
      bool Opens = L.starts_with("if"), Closes = L.starts_with("endif");
      bool Turns = L.starts_with("el");
      if (Opens || Closes || Turns) {
        // The arm that ends here.
        if (ArmStart != StringRef::npos && Depth > 0 && Skipped(ArmStart, Line) &&
            Visit(ArmStart, Text.slice(ArmStart, Line), Directive))
          return;
        if (Opens)
          ++Depth;
        else if (Closes && Depth > 0)
          --Depth;
        ArmStart = Depth > 0 ? Next : StringRef::npos;
        Directive = Whole;
      }
    }
    Line = Next;
  }
}

/// Where a function's body is in its file, when the body has a
/// preprocessor directive (else nothing another configuration compiles).
struct BodyText {
  const Stmt *Body;
  FileID FID;
  SourceLocation Begin; ///< The body's '{'.
  StringRef File;       ///< The file's text.
  unsigned B, E;        ///< The body's offsets in it.
};

std::optional<BodyText> conditionalBody(const FunctionDecl *F) {
  const Stmt *Body = F ? F->getBody() : nullptr;
  if (!Body)
    return std::nullopt;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(Body->getEndLoc());
  FileID FID = SM.getFileID(Begin);
  if (Begin.isInvalid() || FID != SM.getFileID(End))
    return std::nullopt;
  bool Invalid = false;
  StringRef File = SM.getBufferData(FID, &Invalid);
  unsigned B = SM.getFileOffset(Begin), E = SM.getFileOffset(End);
  if (Invalid || E <= B || E > File.size() || !File.slice(B, E).contains("#"))
    return std::nullopt;
  return BodyText{Body, FID, Begin, File, B, E};
}

} // namespace

SourceLocation gilReleasedInOtherBuilds(const FunctionDecl *F, InactiveCodeCache *Cache) {
  std::optional<BodyText> T = conditionalBody(F);
  if (!T)
    return {};
  const ASTContext &Ctx = F->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = T->Body;
  const FileID FID = T->FID;
  const SourceLocation Begin = T->Begin;
  const StringRef File = T->File;
  const unsigned B = T->B, E = T->E;
  // No release anywhere in the file's code: none in its skipped code.
  InactiveCodeCache Local;
  InactiveCodeCache &C = Cache ? *Cache : Local;
  auto [Known, New] = C.FileCode.try_emplace(FID.getHashValue());
  if (New && gilReleaseIn(File) != StringRef::npos) {
    Known->second = codeOf(File);
    if (gilReleaseIn(Known->second) == StringRef::npos)
      Known->second.clear();
  }
  const StringRef Code = Known->second;
  if (Code.empty())
    return {};
  StringRef Text = Code.slice(B, E);
  auto Releases = [&](StringRef Name) {
    auto [It, First] = C.DefinitionReleases.try_emplace({FID.getHashValue(), Name.str()}, false);
    if (First)
      It->second = gilReleaseIn(definitionBody(Code, Name)) != StringRef::npos;
    return It->second;
  };
  std::vector<unsigned> Kept = statementOffsets(Body, FID, SM);

  SourceLocation Found;
  forEachSkippedArm(Text, B, Kept, [&](size_t ArmStart, StringRef Arm, StringRef) {
    if (size_t At = gilReleaseIn(Arm); At != StringRef::npos) {
      Found = Begin.getLocWithOffset(ArmStart + At);
      return true;
    }
    for (StringRef Name : calledNames(Arm)) {
      // A function the parsed configuration has is not skipped code.
      if (auto Id = Ctx.Idents.find(Name);
          Id != Ctx.Idents.end() &&
          !Ctx.getTranslationUnitDecl()->lookup(DeclarationName(Id->getValue())).empty())
        continue;
      if (Releases(Name)) {
        Found = Begin.getLocWithOffset(ArmStart + Arm.find(Name));
        return true;
      }
    }
    return false;
  });
  return Found;
}

std::pair<SourceLocation, std::string> skippedArmOf(const FunctionDecl *F) {
  std::optional<BodyText> T = conditionalBody(F);
  if (!T)
    return {};
  const SourceManager &SM = F->getASTContext().getSourceManager();
  const Stmt *Body = T->Body;
  const FileID FID = T->FID;
  const SourceLocation Begin = T->Begin;
  const StringRef File = T->File;
  const unsigned B = T->B, E = T->E;
  const std::string Code = codeOf(File.slice(B, E));
  std::pair<SourceLocation, std::string> Found;
  forEachSkippedArm(Code, B, statementOffsets(Body, FID, SM),
                    [&](size_t, StringRef Arm, StringRef Directive) {
                      if (Arm.trim().empty())
                        return false; // (comments only)
                      size_t At = File.slice(B, E).find(Directive);
                      Found = {Begin.getLocWithOffset(At == StringRef::npos ? 0 : At),
                               Directive.str()};
                      return true;
                    });
  return Found;
}

std::pair<std::string, SourceLocation> macroDefinedOtherwise(const FunctionDecl *F) {
  const Stmt *Body = F ? F->getBody() : nullptr;
  if (!Body)
    return {};
  const ASTContext &Ctx = F->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<std::pair<unsigned, std::string>> Asked;
  std::pair<std::string, SourceLocation> Found;
  // Each `#define NAME` of \p Text (a directive at a line's start), by offset.
  auto DefinesOf = [](StringRef Text, StringRef Name) {
    std::vector<size_t> Out;
    for (size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1)) {
      size_t LineStart = Text.rfind('\n', At);
      LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
      StringRef Head = Text.slice(LineStart, At).trim();
      bool Word = At + Name.size() >= Text.size() ||
                  !isIdentChar(Text[At + Name.size()]);
      if (Word && Head.consume_front("#") && Head.trim() == "define")
        Out.push_back(At);
    }
    return Out;
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Found.first.empty())
      return;
    // The macros this statement's first token comes from, innermost first,
    // each with where its definition spells the token.
    for (SourceLocation L = S->getBeginLoc(); L.isMacroID() && Found.first.empty();
         L = SM.getImmediateMacroCallerLoc(L)) {
      if (SM.isMacroArgExpansion(L))
        continue;
      StringRef Name = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
      SourceLocation Spelled = SM.getSpellingLoc(L);
      FileID FID = SM.getFileID(Spelled);
      if (Name.empty() || FID.isInvalid() || SM.isInSystemHeader(Spelled) ||
          !Asked.insert({FID.getHashValue(), Name.str()}).second)
        continue;
      bool Invalid = false;
      StringRef Text = SM.getBufferData(FID, &Invalid);
      if (Invalid)
        continue;
      std::vector<size_t> Defines = DefinesOf(Text, Name);
      if (Defines.size() < 2)
        continue;
      // The active definition is the last before the token; another one
      // counts where it reaches CUDA (inplace_abn's `return
      // METHOD##_cuda(...)`), not where it spells the same check otherwise
      // (`#define IABN_CHECK AT_CHECK` for an older torch).
      size_t Offset = SM.getFileOffset(Spelled), Active = Defines.front();
      for (size_t D : Defines)
        if (D <= Offset)
          Active = D;
      for (size_t D : Defines) {
        // The definition's text: its line and the lines it continues onto.
        size_t End = D;
        while ((End = Text.find('\n', End)) != StringRef::npos && End > 0 &&
               Text.substr(0, End).rtrim(" \t\r").ends_with("\\"))
          ++End;
        StringRef Def = Text.slice(D, End);
        if (D != Active && (Def.contains_insensitive("cuda") || Def.contains("<<<"))) {
          Found = {Name.str(), SM.getComposedLoc(FID, D)};
          break;
        }
      }
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Body);
  return Found;
}

} // namespace torchlint::model
