//===--- Verify.cpp - Checking findings against testdata annotations ------===//

#include "report/Verify.h"

#include "report/Output.h"
#include "fixits/ApplyFixes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace torchlint {

std::vector<Expectation> parseExpectations(const std::string &Content) {
  std::vector<Expectation> Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Content).split(Lines, '\n');
  for (unsigned I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Rest = Lines[I].rtrim("\r");
    static constexpr llvm::StringLiteral Marker = "// expect: ";
    size_t Pos;
    while ((Pos = Rest.find(Marker)) != llvm::StringRef::npos) {
      Rest = Rest.drop_front(Pos + Marker.size());
      size_t Next = Rest.find(Marker);
      llvm::StringRef Item = Rest.substr(0, Next).trim();
      Expectation E;
      E.Line = I + 1;
      auto [Check, Substr] = Item.split(':');
      E.Check = Check.trim().str();
      E.MessageSubstring = Substr.trim().str();
      Out.push_back(std::move(E));
      if (Next == llvm::StringRef::npos)
        break;
    }
  }
  return Out;
}

std::string goldenPathFor(const std::string &Source) {
  llvm::StringRef Ext = llvm::sys::path::extension(Source);
  return (llvm::StringRef(Source).drop_back(Ext.size()) + ".fixed" + Ext).str();
}

namespace {

std::string contentDiff(const std::string &Golden, llvm::StringRef Want,
                        llvm::StringRef Got) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::SmallVector<llvm::StringRef, 0> W, G;
  Want.split(W, '\n');
  Got.split(G, '\n');
  unsigned Shown = 0;
  for (size_t I = 0; I < std::max(W.size(), G.size()) && Shown < 10; ++I) {
    llvm::StringRef A = I < W.size() ? W[I] : "<end of file>";
    llvm::StringRef B = I < G.size() ? G[I] : "<end of file>";
    if (A == B)
      continue;
    OS << "  " << displayPath(Golden) << ":" << I + 1 << ":\n"
       << "    - " << A << "\n"
       << "    + " << B << "\n";
    ++Shown;
  }
  return Text;
}

} // namespace

bool verifyFile(const std::string &File, const std::vector<Finding> &Findings,
                llvm::raw_ostream &OS) {
  auto Buf = llvm::MemoryBuffer::getFile(File, false, false);
  if (!Buf) {
    OS << "FAIL " << displayPath(File) << ": cannot read\n";
    return false;
  }
  std::string Content = (*Buf)->getBuffer().str();
  std::vector<Expectation> Expected = parseExpectations(Content);
  std::vector<const Finding *> Mine;
  for (const Finding &F : Findings)
    if (F.Loc.File == File)
      Mine.push_back(&F);

  std::vector<std::string> Problems;
  std::vector<bool> Used(Mine.size(), false);
  for (const Expectation &E : Expected) {
    bool Found = false;
    for (size_t I = 0; I < Mine.size() && !Found; ++I) {
      if (Used[I] || Mine[I]->Loc.Line != E.Line || Mine[I]->Check != E.Check)
        continue;
      if (!E.MessageSubstring.empty() &&
          Mine[I]->Message.find(E.MessageSubstring) == std::string::npos)
        continue;
      Used[I] = Found = true;
    }
    if (Found)
      continue;
    std::string P = "line " + std::to_string(E.Line) + ": missing " + E.Check;
    if (!E.MessageSubstring.empty())
      P += " with a message containing '" + E.MessageSubstring + "'";
    for (const Finding *F : Mine)
      if (F->Loc.Line == E.Line && F->Check == E.Check)
        P += "\n      got: " + F->Message;
    Problems.push_back(P);
  }
  for (size_t I = 0; I < Mine.size(); ++I)
    if (!Used[I])
      Problems.push_back("line " + std::to_string(Mine[I]->Loc.Line) +
                         ": unexpected " + Mine[I]->Check + ": " +
                         Mine[I]->Message);

  std::string Golden = goldenPathFor(File);
  if (llvm::sys::fs::exists(Golden)) {
    std::vector<fixits::Edit> Edits;
    for (const Finding *F : Mine)
      for (const FixIt &Fix : F->FixIts)
        if (Fix.Loc.File == File)
          Edits.push_back({Fix.Loc.Offset, Fix.Length, Fix.Replacement, F->Check});
    fixits::Applied A = fixits::applyEdits(Content, std::move(Edits));
    auto Want = llvm::MemoryBuffer::getFile(Golden, false, false);
    if (!Want || (*Want)->getBuffer() != A.Content) {
      std::string P = "the fixed file differs from " + displayPath(Golden);
      if (Want)
        P += " (- golden, + got):\n" +
             contentDiff(Golden, (*Want)->getBuffer(), A.Content);
      Problems.push_back(P);
    }
    for (const std::string &D : A.Dropped)
      Problems.push_back("dropped fix-it: " + D);
  }

  if (Problems.empty()) {
    OS << "PASS " << displayPath(File) << " (" << Expected.size()
       << " expected findings" << (llvm::sys::fs::exists(Golden) ? ", fixes match" : "")
       << ")\n";
    return true;
  }
  OS << "FAIL " << displayPath(File) << "\n";
  for (const std::string &P : Problems)
    OS << "  " << P << "\n";
  return false;
}

} // namespace torchlint
