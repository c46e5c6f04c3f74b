//===--- PythonCallers.cpp - The Python calls of a binding, to migrate ----===//

#include "PythonCallers.h"
#include "PythonTokens.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

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

/// What a file binds: names standing for the module (`_C`, or `image_ops`
/// after `import image_ops._C`, whose uses spell `image_ops._C.f`), names
/// standing for a binding (`from ._C import f as g`: g -> f), whether
/// `torch` is bound.
struct Imports {
  std::set<std::vector<std::string>> Handles;
  std::map<std::string, std::string> Aliases;
  bool Torch = false;
};

Imports importsOf(const std::vector<Tok> &T, const std::vector<Line> &Lines,
                  llvm::StringRef Module, const std::set<std::string> &Bindings) {
  Imports Out;
  for (const auto &[Bound, Path] : importedNames(T, Lines)) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(Path).ltrim('.').split(Parts, '.');
    if (Bound == "torch" && Path == "torch")
      Out.Torch = true;
    if (Parts.back() == Module)
      Out.Handles.insert({Bound}); // `from . import _C`, `import pkg._C as C`
    else if (Parts.size() >= 2 && Parts[Parts.size() - 2] == Module &&
             Bindings.count(Parts.back().str()))
      Out.Aliases[Bound] = Parts.back().str(); // `from ._C import f as g`
    else if (Bound == Path && Bound != "torch") // (`torch._C` is torch's own)
      Out.Handles.insert({Bound, Module.str()}); // `import pkg`: `pkg._C.f`
  }
  // Other bindings of a name, `X = ...`, `def X`, `class X`, `for X in`,
  // `with ... as X`: such a name may stand for something else.
  std::set<std::string> Assigned;
  for (const Line &L : Lines) {
    size_t B = L.Begin, E = L.End;
    if (B >= E || T[B].is("import") || T[B].is("from"))
      continue;
    if ((T[B].is("def") || T[B].is("class")) && B + 1 < E)
      Assigned.insert(T[B + 1].Text);
    for (size_t I = B; I + 1 < E; ++I) {
      if (T[I].Kind == Tok::Name && (T[I + 1].is("=") || T[I + 1].is(":=")) &&
          (I == B || T[I - 1].is(",") || T[I - 1].is("(")))
        Assigned.insert(T[I].Text);
      if ((T[I].is("as") || T[I].is("for")) && T[I + 1].Kind == Tok::Name)
        Assigned.insert(T[I + 1].Text);
    }
  }
  for (const std::string &Name : Assigned) {
    Out.Aliases.erase(Name);
    for (auto It = Out.Handles.begin(); It != Out.Handles.end();)
      It = It->front() == Name ? Out.Handles.erase(It) : std::next(It);
  }
  // `cd = load(name="cd", sources=[...])` (torch.utils.cpp_extension's,
  // at the top level): `cd` is the module, where nothing else assigns it.
  std::map<std::string, unsigned> Assignments;
  std::set<std::string> Loaded;
  for (const Line &L : Lines) {
    size_t B = L.Begin, E = L.End;
    if (B + 2 < E && T[B].Kind == Tok::Name && T[B + 1].is("="))
      ++Assignments[T[B].Text];
    if (L.Indent != 0 || B + 3 >= E || T[B].Kind != Tok::Name || !T[B + 1].is("="))
      continue;
    size_t K = B + 2;
    while (K + 2 < E && T[K].Kind == Tok::Name && T[K + 1].is("."))
      K += 2;
    if (!T[K].is("load") || K + 1 >= E || !T[K + 1].is("(") ||
        (K > B + 2 && !T[K - 2].is("cpp_extension")))
      continue;
    size_t Close = closing(T, K + 1, E);
    // (torch names the module after the last dotted part of the name.)
    auto LastPart = [](llvm::StringRef Name) {
      return Name.contains('.') ? Name.rsplit('.').second : Name;
    };
    for (const Arg &A : callArgs(T, K + 2, Close))
      if (A.E == A.B + 1 && T[A.B].Kind == Tok::Str && !T[A.B].FString &&
          (A.Keyword == "name" || (A.Keyword.empty() && A.B == K + 2)) &&
          LastPart(T[A.B].Text) == Module)
        Loaded.insert(T[B].Text);
  }
  for (const std::string &Name : Loaded)
    if (Assignments[Name] == 1)
      Out.Handles.insert({Name});
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
  for (const Line &L : Lines)
    if (L.Begin < L.End && (T[L.Begin].is("import") || T[L.Begin].is("from")))
      std::fill(InImport.begin() + L.Begin, InImport.begin() + L.End, true);
  // A file without `import torch` gets one, before its first top-level
  // import (after `from __future__` ones, which must come first), unless it
  // names `torch` otherwise (`import torch as T`, a variable).
  size_t TorchImportAt = std::string::npos;
  bool NamesTorch = false;
  for (size_t K = 0; K < T.size(); ++K)
    NamesTorch |= !InImport[K] && T[K].Kind == Tok::Name && T[K].Text == "torch";
  if (!I.Torch && !NamesTorch)
    for (const Line &L : Lines)
      if (L.Indent == 0 && L.Begin < L.End &&
          (T[L.Begin].is("import") || T[L.Begin].is("from")) &&
          !(L.Begin + 1 < L.End && T[L.Begin].is("from") && T[L.Begin + 1].Text == "__future__")) {
        TorchImportAt = T[L.Begin].Offset;
        break;
      }
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
      // Every argument without a default given, by position or keyword.
      bool Missing = false;
      for (size_t A = 0; A < M->Args.size(); ++A)
        Missing |= A >= Positional && !Given.count(M->Args[A]) &&
                   !(A < M->HasDefault.size() && M->HasDefault[A]);
      if (size_t N = Positional + Given.size();
          C.Problem.empty() && (N > M->Args.size() || Missing))
        C.Problem = "is called with " + std::to_string(N) + " argument(s) where the schema has " +
                    std::to_string(M->Args.size()) +
                    (N < M->Args.size() ? " (a py::arg default of the binding is not in the schema)"
                                        : "");
    }
    if (C.Problem.empty() && !I.Torch && TorchImportAt == std::string::npos)
      C.Problem = "is in a file that does not 'import torch', and names 'torch' otherwise";
    else if (!I.Torch)
      C.TorchImportAt = TorchImportAt;
    Out.push_back(std::move(C));
    K = Last;
  }
  return Out;
}

ModuleCodeSpot afterModuleImport(llvm::StringRef Source, llvm::StringRef Module) {
  ModuleCodeSpot Out;
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  if (Module.empty() || !balanced(T))
    return Out;
  for (const Line &L : Lines) {
    if (L.Indent != 0 || L.Begin >= L.End || !(T[L.Begin].is("import") || T[L.Begin].is("from")))
      continue;
    bool Imports = false;
    for (const auto &[Bound, Path] : importedNames(T, {L})) {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      llvm::StringRef(Path).ltrim('.').split(Parts, '.');
      Out.TorchBound |= Bound == "torch" && Path == "torch";
      Imports |= Parts.back() == Module ||
                 (Parts.size() >= 2 && Parts[Parts.size() - 2] == Module);
    }
    if (!Imports)
      continue;
    // The end of that statement's last physical line, or of the top-level
    // imports right after it (code between imports is what linters flag).
    const Line *Last = &L;
    for (const Line *N = &L + 1; N != Lines.data() + Lines.size(); ++N) {
      if (N->Begin >= N->End)
        continue;
      if (N->Indent != 0 || !(T[N->Begin].is("import") || T[N->Begin].is("from")))
        break;
      for (const auto &[Bound, Path] : importedNames(T, {*N}))
        Out.TorchBound |= Bound == "torch" && Path == "torch";
      Last = N;
    }
    size_t End = Source.find('\n', T[Last->End - 1].Offset);
    Out.Offset = End == llvm::StringRef::npos ? Source.size() : End + 1;
    return Out;
  }
  Out.TorchBound = false;
  return Out;
}

bool namesAnything(llvm::StringRef Source, llvm::StringRef Name) {
  for (const Tok &K : tokenize(Source))
    if (K.Kind == Tok::Name && K.Text == Name)
      return true;
  return false;
}

} // namespace torchlint::model
