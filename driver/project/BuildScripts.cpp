//===--- BuildScripts.cpp - Macros a project's setup.py defines -----------===//

#include "project/BuildScripts.h"
#include "model/SafeRead.h"
#include "project/SetupConditions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <set>

namespace torchlint {

namespace {

using llvm::StringRef;

/// setup.py files larger than this are not read.
constexpr uint64_t MaxScriptBytes = 4 << 20;

bool isIdentifier(StringRef S) {
  return !S.empty() && (llvm::isAlpha(S[0]) || S[0] == '_') &&
         llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// A value written as it will be passed: no f-string, %-format or shell
/// variable, no quote or space.
bool isLiteralValue(StringRef V) {
  return llvm::none_of(V, [](char C) {
    return C == '{' || C == '}' || C == '%' || C == '$' || C == ' ' || C == '\\';
  });
}

/// The string literals of one line (single or double quoted, no escapes).
std::vector<StringRef> literalsIn(StringRef Line) {
  std::vector<StringRef> Out;
  for (size_t I = 0; I < Line.size(); ++I) {
    char Q = Line[I];
    if (Q == '#')
      break;
    if (Q != '"' && Q != '\'')
      continue;
    size_t End = Line.find(Q, I + 1);
    if (End == StringRef::npos)
      break;
    Out.push_back(Line.slice(I + 1, End));
    I = End;
  }
  return Out;
}

/// Macros that select a platform whose headers a Linux host parse lacks
/// (ROCm/HIP, Apple MPS/Metal, Intel XPU/SYCL, Windows, and the vendor
/// accelerators of mmcv's setup.py: Moore Threads MUSA, Cambricon MLU,
/// Ascend NPU and its PrivateUse1 key, DIOPI/DIPU, XLA): setup.py adds them
/// on that platform only, in branches not evaluated here. The vendors' names are whole words of
/// the macro (`MMCV_WITH_NPU`, not `WITH_INPUT_CHECKS`).
bool selectsOtherPlatform(StringRef Name) {
  std::string Upper = Name.upper();
  StringRef U(Upper);
  if (U.contains("ROCM") || U.contains("HIP") || U.contains("MPS") || U.contains("METAL") ||
      U.contains("XPU") || U.contains("SYCL") || U.contains("WIN32") || U.contains("MSC_VER") ||
      U.contains("APPLE"))
    return true;
  llvm::SmallVector<StringRef, 4> Words;
  U.split(Words, '_', -1, /*KeepEmpty=*/false);
  return llvm::any_of(Words, [](StringRef W) {
    return llvm::is_contained({"MUSA", "MLU", "NPU", "DIOPI", "DIPU", "XLA", "KPRIVATE"}, W);
  });
}

} // namespace

namespace {

/// A source file a setup.py names: what a compiler is given (not a glob).
bool isSourceName(StringRef S) {
  if (S.find_first_of("*?{") != StringRef::npos)
    return false;
  return S.ends_with(".cpp") || S.ends_with(".cu") || S.ends_with(".cc") ||
         S.ends_with(".cxx") || S.ends_with(".c");
}

/// The string literals of a script, each with its line and the innermost
/// bracket group around it, and per group the source files it names (in it
/// or in a group inside it).
struct ScriptLiterals {
  struct Literal {
    size_t Line;
    size_t Group; ///< 0: none.
    StringRef Text;
  };
  std::vector<Literal> Literals;
  std::vector<size_t> Parent = {0};
  std::vector<std::vector<std::string>> Files = {{}};
  size_t Named = 0;
  static constexpr size_t MaxNames = 100000;

  explicit ScriptLiterals(StringRef Text) {
    std::vector<size_t> Open = {0};
    size_t Line = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      char C = Text[I];
      if (C == '\n') {
        ++Line;
      } else if (C == '#') {
        I = Text.find('\n', I);
        if (I == StringRef::npos)
          break;
        --I;
      } else if (C == '"' || C == '\'') {
        size_t Q = Text.substr(I, 3) == std::string(3, C) ? 3 : 1;
        size_t End = Text.find(Text.substr(I, Q), I + Q);
        if (End == StringRef::npos)
          break;
        StringRef Body = Text.slice(I + Q, End);
        if (Q == 1 && !Body.contains('\n'))
          Literals.push_back({Line, Open.back(), Body});
        // (Up to 16 groups out, and so many names in all: a hostile
        // script's deep brackets cost no more.)
        unsigned Up = 0;
        if (Q == 1 && isSourceName(Body))
          for (size_t G = Open.back(); G && Up < 16 && Named < MaxNames; G = Parent[G], ++Up) {
            Files[G].push_back(Body.str());
            ++Named;
          }
        Line += Body.count('\n');
        I = End + Q - 1;
      } else if (C == '(' || C == '[' || C == '{') {
        Parent.push_back(Open.back());
        Files.emplace_back();
        Open.push_back(Parent.size() - 1);
      } else if ((C == ')' || C == ']' || C == '}') && Open.size() > 1) {
        Open.pop_back();
      }
    }
  }
  /// The innermost group around \p G that names files; 0 when none.
  size_t scope(size_t G) const {
    for (unsigned Up = 0; G && Up < 16; G = Parent[G], ++Up)
      if (!Files[G].empty())
        return G;
    return 0;
  }
};

/// Whether \p File is the source \p Name names (a path relative to some
/// directory of the script's tree).
bool names(StringRef Name, StringRef File) {
  Name.consume_front("./");
  return File == Name || (File.ends_with(Name) && File.drop_back(Name.size()).ends_with("/"));
}

} // namespace

BuildScripts::Script BuildScripts::read(const std::string &SetupPy) {
  Script Out;
  auto Buf = readTreeFile(SetupPy, {}, MaxScriptBytes);
  if (!Buf)
    return Out;
  StringRef Text = Buf->getBuffer();
  if (Text.contains("-DCMAKE_"))
    return Out; // Its -D are CMake's cache variables.
  SetupLines Evaluated = evaluateSetupPy(Text);
  ScriptLiterals Lits(Text);
  for (const auto &Group : Lits.Files)
    Out.Named.insert(Group.begin(), Group.end());
  std::map<size_t, size_t> ScopeOf;       // Group -> index in Out.Scopes.
  std::map<std::string, size_t> DefineOf; // Flag -> index in Out.Defines.
  auto Add = [&](std::string Flag, size_t Line, size_t Group) {
    if (Evaluated.at(Line) == Runs::No)
      return;
    auto [Index, New] = DefineOf.try_emplace(Flag, Out.Defines.size());
    if (New) {
      Out.Defines.push_back({Flag});
      Out.Defines.back().Line = Line;
    }
    auto It = Out.Defines.begin() + Index->second;
    It->Line = std::min(It->Line, Line);
    if (size_t G = Lits.scope(Group)) {
      auto [S, Fresh] = ScopeOf.try_emplace(G, Out.Scopes.size());
      if (Fresh)
        Out.Scopes.emplace_back(Lits.Files[G].begin(), Lits.Files[G].end());
      if (!llvm::is_contained(It->Scopes, S->second))
        It->Scopes.push_back(S->second);
    } else {
      It->Everywhere = true;
    }
    if (Evaluated.at(Line) == Runs::Undecided && It->Undecided.empty())
      It->Undecided = Evaluated.Why[Line];
    else if (Evaluated.at(Line) == Runs::Yes)
      It->Decided = true;
  };
  for (const ScriptLiterals::Literal &L : Lits.Literals) {
    StringRef Lit = L.Text;
    if (!Lit.consume_front("-D"))
      continue;
    auto [Name, Value] = Lit.split('=');
    if (isIdentifier(Name) && isLiteralValue(Value) && !selectsOtherPlatform(Name))
      Add("-D" + Lit.str(), L.Line, L.Group);
  }
  // define_macros=[('WITH_CUDA', None), ('VERSION', '2')], or a variable
  // handed to it (`define_macros=macro`) and the lines that fill that
  // variable (`macro = [("USE_CUDA", None)]` under `if CPU_ONLY: ... else:`,
  // Pytorch-Correlation-extension; `macros += [...]`, `macros.append((...))`).
  llvm::SmallVector<StringRef, 256> Lines;
  Text.split(Lines, '\n');
  std::set<std::string> Holders;
  for (StringRef Line : Lines)
    for (StringRef Rest = Line; Rest.contains("define_macros");) {
      Rest = Rest.drop_front(Rest.find("define_macros") + strlen("define_macros")).ltrim();
      if (Rest.consume_front("+=") || Rest.consume_front("=")) {
        StringRef Name = Rest.ltrim().take_while(
            [](char C) { return llvm::isAlnum(C) || C == '_'; });
        if (isIdentifier(Name) && Name != "None")
          Holders.insert(Name.str());
      }
    }
  auto Fills = [&](StringRef Line) {
    Line = Line.ltrim();
    StringRef Name = Line.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
    if (Name.empty() || !Holders.count(Name.str()))
      return false;
    StringRef Rest = Line.drop_front(Name.size()).ltrim();
    return (Rest.starts_with("=") && !Rest.starts_with("==")) || Rest.starts_with("+=") ||
           Rest.starts_with(".append(") || Rest.starts_with(".extend(");
  };
  for (size_t N = 0; N < Lines.size(); ++N) {
    StringRef Line = Lines[N];
    if (!Line.contains("define_macros") && !(!Holders.empty() && Fills(Line)))
      continue;
    StringRef Rest = Line;
    for (size_t Open; (Open = Rest.find('(')) != StringRef::npos; Rest = Rest.drop_front(Open + 1)) {
      StringRef Tuple = Rest.drop_front(Open + 1).split(')').first;
      auto [First, Second] = Tuple.split(',');
      First = First.trim();
      Second = Second.trim();
      if (First.size() < 3 || (First.front() != '\'' && First.front() != '"') ||
          First.back() != First.front())
        continue;
      StringRef Name = First.drop_front().drop_back();
      if (!isIdentifier(Name) || selectsOtherPlatform(Name))
        continue;
      size_t Group = 0;
      auto OnLine = llvm::partition_point(
          Lits.Literals, [&](const ScriptLiterals::Literal &L) { return L.Line < N; });
      for (auto L = OnLine; L != Lits.Literals.end() && L->Line == N; ++L)
        if (L->Text == Name) {
          Group = L->Group;
          break;
        }
      if (Second == "None") {
        Add("-D" + Name.str(), N, Group);
      } else if (Second.size() >= 2 && (Second.front() == '\'' || Second.front() == '"') &&
                 Second.back() == Second.front()) {
        StringRef Value = Second.drop_front().drop_back();
        if (isLiteralValue(Value))
          Add("-D" + Name.str() + "=" + Value.str(), N, Group);
      }
    }
  }
  // In the order the script states them.
  llvm::stable_sort(Out.Defines, [](const Define &A, const Define &B) { return A.Line < B.Line; });
  return Out;
}

std::vector<std::string> BuildScripts::definesIn(const std::string &SetupPy,
                                                 const std::string &File,
                                                 std::vector<std::string> *Undecided) {
  return read(SetupPy).forFile(File, Undecided);
}

std::vector<std::string> BuildScripts::Script::forFile(const std::string &File,
                                                       std::vector<std::string> *Undecided) const {
  std::vector<std::string> Out;
  bool Named = llvm::any_of(this->Named, [&](const std::string &N) { return names(N, File); });
  std::vector<bool> InScope(Scopes.size());
  for (size_t S = 0; S < Scopes.size(); ++S)
    InScope[S] = llvm::any_of(Scopes[S], [&](const std::string &N) { return names(N, File); });
  for (const Define &D : Defines) {
    // A macro of one extension's sources is not another's (MinkowskiEngine's
    // -DCPU_ONLY of its CPU sources, not of pybind/minkowski.cu); a file the
    // script names nowhere (a glob) gets them all.
    bool Applies = D.Everywhere || !Named ||
                   llvm::any_of(D.Scopes, [&](size_t S) { return InScope[S]; });
    if (!Applies)
      continue;
    Out.push_back(D.Flag);
    if (Undecided && !D.Decided && !D.Undecided.empty())
      Undecided->push_back(D.Flag + " (" + D.Undecided + ": not decided; defined)");
  }
  return Out;
}

std::vector<std::string> BuildScripts::definesFor(const std::string &File,
                                                  const std::string &Root,
                                                  std::vector<std::string> *Undecided) {
  for (StringRef D = llvm::sys::path::parent_path(File); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Path(D);
    llvm::sys::path::append(Path, "setup.py");
    if (llvm::sys::fs::exists(Path)) {
      auto It = Cache.find(Path.str().str());
      if (It == Cache.end())
        It = Cache.emplace(Path.str().str(), read(Path.str().str())).first;
      return It->second.forFile(File, Undecided);
    }
    if (D == Root || llvm::sys::path::parent_path(D) == D)
      break;
  }
  return {};
}

} // namespace torchlint
