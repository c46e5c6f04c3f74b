//===--- BuildScripts.cpp - Macros a project's setup.py defines -----------===//

#include "project/BuildScripts.h"
#include "model/SafeRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

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

std::vector<std::string> BuildScripts::definesIn(const std::string &SetupPy) {
  std::vector<std::string> Out;
  auto Buf = readTreeFile(SetupPy, {}, MaxScriptBytes);
  if (!Buf)
    return Out;
  StringRef Text = Buf->getBuffer();
  if (Text.contains("-DCMAKE_"))
    return Out; // Its -D are CMake's cache variables.
  auto Add = [&](std::string Flag) {
    if (!llvm::is_contained(Out, Flag))
      Out.push_back(std::move(Flag));
  };
  llvm::SmallVector<StringRef, 256> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    std::vector<StringRef> Literals = literalsIn(Line);
    for (StringRef L : Literals) {
      if (!L.consume_front("-D"))
        continue;
      auto [Name, Value] = L.split('=');
      if (isIdentifier(Name) && isLiteralValue(Value) && !selectsOtherPlatform(Name))
        Add("-D" + L.str());
    }
    // define_macros=[('WITH_CUDA', None), ('VERSION', '2')]
    if (!Line.contains("define_macros"))
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
      if (Second == "None") {
        Add("-D" + Name.str());
      } else if (Second.size() >= 2 && (Second.front() == '\'' || Second.front() == '"') &&
                 Second.back() == Second.front()) {
        StringRef Value = Second.drop_front().drop_back();
        if (isLiteralValue(Value))
          Add("-D" + Name.str() + "=" + Value.str());
      }
    }
  }
  return Out;
}

std::vector<std::string> BuildScripts::definesFor(const std::string &File,
                                                  const std::string &Root) {
  for (StringRef D = llvm::sys::path::parent_path(File); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Script(D);
    llvm::sys::path::append(Script, "setup.py");
    if (llvm::sys::fs::exists(Script)) {
      auto It = Cache.find(Script.str().str());
      if (It == Cache.end())
        It = Cache.emplace(Script.str().str(), definesIn(Script.str().str())).first;
      return It->second;
    }
    if (D == Root || llvm::sys::path::parent_path(D) == D)
      break;
  }
  return {};
}

} // namespace torchlint
