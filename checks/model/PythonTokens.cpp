//===--- PythonTokens.cpp - Python source as tokens and lines -------------===//

#include "PythonTokens.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

namespace torchlint::model::python {

static bool identStart(char C) { return llvm::isAlpha(C) || C == '_' || (unsigned char)C >= 0x80; }
static bool identChar(char C) { return identStart(C) || llvm::isDigit(C); }

/// Python's tokens, without comments; \p Lines gets the logical lines
/// (brackets and backslashes join physical ones).
std::vector<Tok> tokenize(llvm::StringRef S, std::vector<Line> *Lines) {
  std::vector<Tok> T;
  size_t I = 0, N = S.size(), LineBegin = 0, PhysStart = 0;
  int Depth = 0;
  bool NewLine = true;
  unsigned Indent = 0;
  std::vector<size_t> Open; // The brackets not closed yet.
  auto EndLine = [&] {
    if (Lines && T.size() > LineBegin)
      Lines->push_back({LineBegin, T.size(), Indent});
    LineBegin = T.size();
    NewLine = true;
  };
  while (I < N) {
    char C = S[I];
    if (C == '\n') {
      if (Depth == 0)
        EndLine();
      PhysStart = ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
      ++I;
      continue;
    }
    if (C == '\\') { // a continuation line
      ++I;
      while (I < N && (S[I] == '\r' || S[I] == '\n'))
        PhysStart = ++I;
      continue;
    }
    if (C == '#') {
      while (I < N && S[I] != '\n')
        ++I;
      continue;
    }
    if (NewLine) {
      Indent = I - PhysStart;
      NewLine = false;
    }
    Tok K;
    K.Offset = I;
    size_t Start = I;
    if (identStart(C)) {
      while (I < N && identChar(S[I]))
        ++I;
      std::string Word = S.slice(Start, I).lower();
      bool Prefix = Word.size() <= 2 && llvm::all_of(Word, [](char P) {
                      return P == 'r' || P == 'u' || P == 'b' || P == 'f';
                    });
      if (!(Prefix && I < N && (S[I] == '"' || S[I] == '\''))) {
        K.Kind = Tok::Name;
        K.Text = S.slice(Start, I).str();
        T.push_back(std::move(K));
        continue;
      }
      K.FString = Word.find('f') != std::string::npos;
      C = S[I];
    }
    if (C == '"' || C == '\'') {
      bool Triple = S.substr(I, 3) == std::string(3, C);
      I += Triple ? 3 : 1;
      size_t ContentBegin = I, ContentEnd = N;
      while (I < N) {
        if (S[I] == '\\') {
          I += 2;
          continue;
        }
        if (!Triple && S[I] == '\n') { // unterminated
          ContentEnd = I;
          break;
        }
        if (S[I] == C && (!Triple || S.substr(I, 3) == std::string(3, C))) {
          ContentEnd = I;
          I += Triple ? 3 : 1;
          break;
        }
        ++I;
      }
      I = std::min(I, N);
      K.Kind = Tok::Str;
      K.Text = S.slice(ContentBegin, std::min(ContentEnd, N)).str();
      T.push_back(std::move(K));
      continue;
    }
    if (llvm::isDigit(C) || (C == '.' && I + 1 < N && llvm::isDigit(S[I + 1]))) {
      while (I < N && (identChar(S[I]) || S[I] == '.'))
        ++I;
      K.Kind = Tok::Num;
      K.Text = S.slice(Start, I).str();
      T.push_back(std::move(K));
      continue;
    }
    static const char *const TwoChar[] = {"==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=",
                                          "&=", "|=", "^=", "->", ":=", "**", "//", "<<", ">>"};
    size_t Len = 1;
    for (const char *Op : TwoChar)
      if (S.substr(I, 2) == Op)
        Len = 2;
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    K.Kind = Tok::Op;
    K.Text = S.substr(I, Len).str();
    I += Len;
    // Brackets paired once, here: every later look for a closing bracket is
    // a lookup (the scans were quadratic in a file of unclosed calls).
    if (C == '(' || C == '[' || C == '{')
      Open.push_back(T.size());
    else if ((C == ')' || C == ']' || C == '}') && !Open.empty()) {
      K.Match = Open.back();
      T[Open.back()].Match = T.size();
      Open.pop_back();
    }
    T.push_back(std::move(K));
  }
  EndLine();
  return T;
}

/// Whether every bracket of \p T is closed by its kind: what Python needs to
/// parse the file at all (one that cannot be imported registers nothing).
bool balanced(const std::vector<Tok> &T) {
  for (size_t I = 0; I < T.size(); ++I)
    if (T[I].Kind == Tok::Op && T[I].Text.size() == 1 && llvm::StringRef("([{)]}").contains(T[I].Text[0])) {
      if (T[I].Match == std::string::npos)
        return false;
      char A = T[I].Text[0], B = T[T[I].Match].Text[0];
      if ((A == '(' && B != ')') || (A == '[' && B != ']') || (A == '{' && B != '}'))
        return false;
    }
  return true;
}

/// Splits tokens [B, E) at top-level commas (a trailing comma ends no item);
/// \p Trailing says whether one ended the list.
std::vector<std::pair<size_t, size_t>> splitTop(const std::vector<Tok> &T, size_t B, size_t E,
                                                bool *Trailing) {
  std::vector<std::pair<size_t, size_t>> Out;
  int Depth = 0;
  size_t Start = B;
  for (size_t I = B; I < E; ++I) {
    const Tok &K = T[I];
    if (K.Kind != Tok::Op)
      continue;
    if (K.Text == "(" || K.Text == "[" || K.Text == "{") {
      if (K.Match != std::string::npos && K.Match > I && K.Match < E) {
        I = K.Match; // Over the nested brackets at once.
        continue;
      }
      ++Depth;
    } else if (K.Text == ")" || K.Text == "]" || K.Text == "}")
      --Depth;
    else if (K.Text == "," && Depth == 0) {
      Out.push_back({Start, I});
      Start = I + 1;
    }
  }
  if (Trailing)
    *Trailing = Start == E && !Out.empty();
  if (Start < E)
    Out.push_back({Start, E});
  return Out;
}

/// The index of the bracket closing the one at \p Open, or \p E.
size_t closing(const std::vector<Tok> &T, size_t Open, size_t E) {
  if (Open < E && T[Open].Match != std::string::npos && T[Open].Match > Open)
    return T[Open].Match < E ? T[Open].Match : E;
  int Depth = 0;
  for (size_t I = Open; I < E; ++I) {
    if (T[I].Kind != Tok::Op)
      continue;
    const std::string &X = T[I].Text;
    if (X == "(" || X == "[" || X == "{")
      ++Depth;
    else if ((X == ")" || X == "]" || X == "}") && --Depth == 0)
      return I;
  }
  return E;
}


std::vector<Arg> callArgs(const std::vector<Tok> &T, size_t B, size_t E) {
  std::vector<Arg> Out;
  for (auto [AB, AE] : splitTop(T, B, E)) {
    Arg A{"", AB, AE};
    if (AE - AB >= 2 && T[AB].Kind == Tok::Name && T[AB + 1].is("=")) {
      A.Keyword = T[AB].Text;
      A.B = AB + 2;
    } else if (T[AB].is("*") || T[AB].is("**")) {
      A.Star = true;
    }
    Out.push_back(A);
  }
  return Out;
}

std::map<std::string, std::string> importedNames(const std::vector<Tok> &T,
                                                 const std::vector<Line> &Lines) {
  std::map<std::string, std::string> Out;
  for (const Line &L : Lines) {
    if (L.Begin >= L.End || (!T[L.Begin].is("import") && !T[L.Begin].is("from")))
      continue;
    size_t I = L.Begin;
    std::string From;
    if (T[I].is("from")) {
      for (++I; I < L.End && !T[I].is("import"); ++I)
        From += T[I].Text;
      if (!From.empty() && From.back() != '.')
        From += '.';
    }
    for (++I; I < L.End; ++I) {
      if (T[I].Kind != Tok::Name || T[I].is("as"))
        continue;
      std::string Path = T[I].Text;
      size_t Next = I + 1;
      while (Next + 1 < L.End && T[Next].is(".") && T[Next + 1].Kind == Tok::Name) {
        Path += "." + T[Next + 1].Text;
        Next += 2;
      }
      if (Next + 1 < L.End && T[Next].is("as") && T[Next + 1].Kind == Tok::Name) {
        Out[T[Next + 1].Text] = From + Path;
        I = Next + 1;
      } else {
        Out[T[I].Text] = From.empty() ? T[I].Text : From + Path;
        I = Next - 1;
      }
    }
  }
  return Out;
}

bool isIdentifier(llvm::StringRef S) {
  return !S.empty() && identStart(S[0]) && llvm::all_of(S, identChar);
}

} // namespace torchlint::model::python
