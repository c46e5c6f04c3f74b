//===--- Macros.cpp - Finding the torch macro a location is inside --------===//

#include "Macros.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchlint::model {

std::vector<std::string> splitMacroArgs(llvm::StringRef Text) {
  std::vector<std::string> Args;
  size_t Open = Text.find('(');
  if (Open == llvm::StringRef::npos)
    return Args;
  int Depth = 0;
  char Quote = 0;
  std::string Cur;
  for (size_t I = Open + 1; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      Cur += C;
      if (C == '\\' && I + 1 < Text.size()) {
        Cur += Text[++I];
        continue;
      }
      if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      Cur += C;
      continue;
    }
    if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (Depth == 0) {
        Args.push_back(llvm::StringRef(Cur).trim().str());
        return Args;
      }
      --Depth;
    } else if (C == ',' && Depth == 0) {
      Args.push_back(llvm::StringRef(Cur).trim().str());
      Cur.clear();
      continue;
    }
    Cur += C;
  }
  return {};
}

std::optional<MacroInvocation> enclosingMacro(SourceLocation Loc, llvm::StringRef Name,
                                              const SourceManager &SM,
                                              const LangOptions &LangOpts) {
  if (!Loc.isMacroID())
    return std::nullopt;
  // The outermost expansion of a location inside a macro argument is the
  // invocation as the user spelled it. (TORCH_CHECK itself expands into
  // further macros, so walking the immediate expansions is fragile.)
  CharSourceRange Range = SM.getExpansionRange(Loc);
  MacroInvocation M;
  M.Range = Range;
  M.Text = Lexer::getSourceText(Range, SM, LangOpts).str();
  llvm::StringRef Text(M.Text);
  if (!Text.consume_front(Name) || !Text.ltrim().starts_with("("))
    return std::nullopt;
  M.Args = splitMacroArgs(M.Text);
  if (M.Args.empty())
    return std::nullopt;
  return M;
}

SourceLocation macroBodySite(SourceLocation Loc, SourceLocation NameLoc,
                             const SourceManager &SM) {
  if (!Loc.isMacroID() || !NameLoc.isMacroID() || !SM.isMacroBodyExpansion(NameLoc))
    return Loc;
  SourceLocation Name = SM.getSpellingLoc(NameLoc), Site = SM.getSpellingLoc(Loc);
  if (SM.isWrittenInScratchSpace(Name) || SM.isWrittenInScratchSpace(Site) ||
      SM.getFileID(Name) != SM.getFileID(Site))
    return Loc;
  return Site;
}

} // namespace torchlint::model
