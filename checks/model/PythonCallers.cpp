//===--- PythonCallers.cpp - The Python calls of a binding, to migrate ----===//

#include "PythonCallers.h"
#include "PythonTokens.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace torchlint::model {

using namespace python;

namespace {

/// The dotted name starting at token \p I (`a.b.c`), and the index past it.
std::pair<std::vector<std::string>, size_t> dottedAt(const std::vector<Tok> &T, size_t I,
                                                     size_t E) {
  std::vector<std::string> Parts;
  while (I < E && T[I].Kind == Tok::Name) {
    Parts.push_back(T[I].Text);
    if (I + 2 < E && T[I + 1].is(".") && T[I + 2].Kind == Tok::Name)
      I += 2;
    else {
      ++I;
      break;
    }
  }
  return {Parts, I};
}

/// What a file binds: names standing for the module (`_C`, or
/// `image_ops._C` after `import image_ops._C`), names standing for a
/// binding (`from ._C import f as g`: g -> f), whether `torch` is bound.
struct Imports {
  std::set<std::vector<std::string>> Handles;
  std::map<std::string, std::string> Aliases;
  bool Torch = false;
  std::vector<std::pair<size_t, size_t>> Lines; ///< The import lines' tokens.
};

Imports importsOf(const std::vector<Tok> &T, const std::vector<Line> &Lines,
                  llvm::StringRef Module, const std::set<std::string> &Bindings) {
  Imports Out;
  std::set<std::string> Assigned; // Names the file also binds otherwise.
  for (const Line &L : Lines) {
    size_t B = L.Begin, E = L.End;
    if (T[B].is("import")) {
      Out.Lines.push_back({B, E});
      for (auto [IB, IE] : splitTop(T, B + 1, E)) {
        auto [Parts, Next] = dottedAt(T, IB, IE);
        if (Parts.empty())
          continue;
        bool As = Next + 1 < IE && T[Next].is("as");
        if (Parts.front() == "torch" && !As)
          Out.Torch = true;
        if (Parts.back() != Module)
          continue;
        if (As)
          Out.Handles.insert({T[Next + 1].Text});
        else
          Out.Handles.insert(Parts);
      }
      continue;
    }
    if (T[B].is("from")) {
      Out.Lines.push_back({B, E});
      size_t I = B + 1;
      while (I < E && T[I].is("."))
        ++I;
      auto [From, Next] = I < E && T[I].is("import") ? std::make_pair(std::vector<std::string>(), I)
                                                     : dottedAt(T, I, E);
      if (Next >= E || !T[Next].is("import"))
        continue;
      size_t NB = Next + 1, NE = E;
      if (NB < NE && T[NB].is("(")) {
        NE = closing(T, NB, E);
        ++NB;
      }
      bool FromModule = !From.empty() && From.back() == Module;
      for (auto [IB, IE] : splitTop(T, NB, NE)) {
        if (T[IB].Kind != Tok::Name)
          continue;
        std::string Name = T[IB].Text;
        std::string Bound = IE - IB == 3 && T[IB + 1].is("as") ? T[IB + 2].Text : Name;
        if (FromModule && Bindings.count(Name))
          Out.Aliases[Bound] = Name;
        else if (!FromModule && Name == Module)
          Out.Handles.insert({Bound});
        else
          Assigned.insert(Bound);
      }
      continue;
    }
    // Other bindings of a name: `X = ...`, `def X`, `class X`, `for X in`,
    // `with ... as X`: such a name may stand for something else.
    if ((T[B].is("def") || T[B].is("class")) && B + 1 < E)
      Assigned.insert(T[B + 1].Text);
    for (size_t I = B; I + 1 < E; ++I)
      if (T[I].Kind == Tok::Name && (T[I + 1].is("=") || T[I + 1].is(":=")) &&
          (I == B || T[I - 1].is(",") || T[I - 1].is("(")))
        Assigned.insert(T[I].Text);
    for (size_t I = B; I + 1 < E; ++I)
      if ((T[I].is("as") || T[I].is("for")) && T[I + 1].Kind == Tok::Name)
        Assigned.insert(T[I + 1].Text);
  }
  for (const std::string &Name : Assigned) {
    Out.Aliases.erase(Name);
    for (auto It = Out.Handles.begin(); It != Out.Handles.end();)
      It = It->front() == Name ? Out.Handles.erase(It) : std::next(It);
  }
  return Out;
}

} // namespace

std::vector<BindingCall> bindingCallsIn(llvm::StringRef Source, llvm::StringRef Module,
                                        const std::vector<MigratedBinding> &Bindings) {
  std::vector<BindingCall> Out;
  if (Module.empty() || Bindings.empty())
    return Out;
  std::map<std::string, const MigratedBinding *> ByName;
  std::set<std::string> Names;
  for (const MigratedBinding &M : Bindings) {
    ByName[M.Name] = &M;
    Names.insert(M.Name);
  }
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  if (!balanced(T))
    return Out; // Python would not import it; nothing to migrate.
  Imports I = importsOf(T, Lines, Module, Names);
  if (I.Handles.empty() && I.Aliases.empty())
    return Out;
  std::vector<bool> InImport(T.size(), false);
  for (auto [B, E] : I.Lines)
    std::fill(InImport.begin() + B, InImport.begin() + E, true);
  std::vector<size_t> LineStarts = {0};
  for (size_t P = 0; P < Source.size(); ++P)
    if (Source[P] == '\n')
      LineStarts.push_back(P + 1);

  for (size_t K = 0; K < T.size(); ++K) {
    if (T[K].Kind != Tok::Name || InImport[K] || (K > 0 && T[K - 1].is(".")))
      continue;
    // The callee: HANDLE.NAME or an imported NAME.
    const MigratedBinding *M = nullptr;
    size_t Last = K;
    if (auto A = I.Aliases.find(T[K].Text); A != I.Aliases.end()) {
      M = ByName[A->second];
    } else {
      auto [Parts, Next] = dottedAt(T, K, T.size());
      for (const std::vector<std::string> &H : I.Handles)
        if (Parts.size() == H.size() + 1 && std::equal(H.begin(), H.end(), Parts.begin()) &&
            ByName.count(Parts.back())) {
          M = ByName[Parts.back()];
          Last = Next - 1;
        }
    }
    if (!M)
      continue;
    if (Last + 1 < T.size() && (T[Last + 1].is("=") || T[Last + 1].is(".")))
      continue; // Assigned to, or an attribute of it: not the binding's use.
    BindingCall C;
    C.Binding = M->Name;
    C.Offset = T[K].Offset;
    C.Length = T[Last].Offset + T[Last].Text.size() - T[K].Offset;
    C.Line = std::upper_bound(LineStarts.begin(), LineStarts.end(), C.Offset) -
             LineStarts.begin();
    if (Last + 1 >= T.size() || !T[Last + 1].is("(")) {
      C.Problem = "is used without a call (where it goes is not followed)";
    } else {
      size_t Close = closing(T, Last + 1, T.size());
      std::vector<Arg> Args = callArgs(T, Last + 2, Close);
      std::set<std::string> Given;
      size_t Positional = 0;
      for (const Arg &A : Args) {
        if (A.Star) {
          C.Problem = "is called with '*' or '**' arguments: how many the op gets is not known";
          break;
        }
        if (A.Keyword.empty()) {
          if (!Given.empty()) {
            C.Problem = "is not a call Python accepts";
            break;
          }
          ++Positional;
        } else if (!llvm::is_contained(M->Args, A.Keyword) ||
                   llvm::find(M->Args, A.Keyword) - M->Args.begin() < (ptrdiff_t)Positional ||
                   !Given.insert(A.Keyword).second) {
          C.Problem = "is called with '" + A.Keyword +
                      "=', which names no other argument of the schema (a py::arg of the "
                      "binding may name it otherwise)";
          break;
        }
      }
      if (size_t N = Positional + Given.size(); C.Problem.empty() && N != M->Args.size())
        C.Problem = "is called with " + std::to_string(N) + " argument(s) where the schema has " +
                    std::to_string(M->Args.size()) +
                    (N < M->Args.size() ? " (a py::arg default of the binding is not in the schema)"
                                        : "");
    }
    if (C.Problem.empty() && !I.Torch)
      C.Problem = "is in a file that does not 'import torch'";
    Out.push_back(std::move(C));
    K = Last;
  }
  return Out;
}

} // namespace torchlint::model
