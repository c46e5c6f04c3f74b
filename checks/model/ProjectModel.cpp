//===--- ProjectModel.cpp - The project as one program --------------------===//

#include "ProjectModel.h"
#include "PythonFakes.h"
#include "Registrations.h"
#include "SafeRead.h"
#include "Session.h"
#include "Signatures.h"
#include "TorchApi.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <set>

using nlohmann::json;

namespace torchlint::model {
namespace {

std::string hexDigest(llvm::ArrayRef<uint8_t> D) { return llvm::toHex(D, /*LowerCase=*/true); }

} // namespace

std::string ProjectView::where(const Site &S) const {
  return Shown.displayPath(S.File) + ":" + std::to_string(S.Line);
}

std::string ProjectView::registration(const KernelFact &K) const {
  if (K.CatchAll)
    return "registered for '" + K.Op + "' without a dispatch key in " + where(K.At) +
           ", which makes it its CompositeImplicitAutograd kernel";
  return "registered as the " + K.Key + " kernel of '" + K.Op + "' in " + where(K.At);
}

json ProjectIndex::toJson() const {
  // Each distinct function fact once ("functions"), each unit naming its
  // own by their place there: a header's functions are met by every TU
  // that includes it.
  json Pool = json::array(), Units = json::object();
  std::map<const FunctionFact *, size_t, bool (*)(const FunctionFact *, const FunctionFact *)>
      Placed([](const FunctionFact *A, const FunctionFact *B) { return *A < *B; });
  for (const auto &[File, Facts] : this->Units) {
    TUFacts Rest = Facts;
    Rest.Functions.clear();
    json Unit = model::toJson(Rest);
    json Refs = json::array();
    for (const FunctionFact &F : Facts.Functions) {
      auto [It, New] = Placed.try_emplace(&F, Pool.size());
      if (New)
        Pool.push_back(model::toJson(F));
      Refs.push_back(It->second);
    }
    Unit["functions"] = std::move(Refs);
    auto D = Digests.find(File);
    Unit["sha256"] = D == Digests.end() ? "" : D->second;
    Units[File] = std::move(Unit);
  }
  json Out = {{"version", 16}, {"functions", std::move(Pool)}, {"units", std::move(Units)}};
  for (const DeferredSource &D : Deferred)
    Out["deferred"].push_back({{"file", D.File},
                               {"defines", D.Defines},
                               {"mentions", D.Mentions},
                               {"ops", D.Ops},
                               {"defines_ops", D.DefinesOps}});
  return Out;
}

ProjectIndex ProjectIndex::fromJson(const json &J) {
  ProjectIndex I;
  if (J.at("version").get<int>() != 16)
    throw json::other_error::create(501, "unknown project index version", &J);
  std::vector<FunctionFact> Pool;
  for (const json &F : J.at("functions"))
    Pool.push_back(functionFactFromJson(F));
  for (const auto &[File, Unit] : J.at("units").items()) {
    json Rest = Unit;
    Rest["functions"] = json::array();
    TUFacts &Facts = I.Units[File] = tuFactsFromJson(Rest);
    for (const json &Ref : Unit.at("functions"))
      Facts.Functions.push_back(Pool.at(Ref.get<size_t>()));
    I.Digests[File] = Unit.value("sha256", "");
  }
  if (auto It = J.find("deferred"); It != J.end())
    for (const json &D : *It)
      I.Deferred.push_back({D.at("file").get<std::string>(),
                            D.at("defines").get<std::set<std::string>>(),
                            D.at("mentions").get<std::set<std::string>>(),
                            D.at("ops").get<std::set<std::string>>(),
                            D.at("defines_ops").get<bool>()});
  return I;
}

std::string ProjectIndex::storedPath(const std::string &CacheDir, const std::string &Root) {
  auto D = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Root));
  return CacheDir + "/projects/" + hexDigest(llvm::ArrayRef<uint8_t>(D).take_front(12)) +
         ".json";
}

ProjectIndex ProjectIndex::load(const std::string &Path, std::vector<std::string> *Stale) {
  ProjectIndex I;
  auto Buf = readRegularFile(Path, uint64_t(1) << 30);
  if (!Buf)
    return I;
  json J = json::parse(Buf->getBuffer().begin(), Buf->getBuffer().end(), nullptr,
                       /*allow_exceptions=*/false);
  try {
    I = fromJson(J);
  } catch (const json::exception &) {
    return {}; // Another version's, or damaged: rebuilt by the next run.
  }
  for (auto It = I.Units.begin(); It != I.Units.end();) {
    const std::string &Want = I.Digests[It->first];
    std::string Now = digestOfRegularFile(It->first);
    if (Want.empty() || Now != Want) {
      if (Stale && !Now.empty())
        Stale->push_back(It->first);
      I.Digests.erase(It->first);
      It = I.Units.erase(It);
    } else {
      ++It;
    }
  }
  return I;
}

std::string ProjectIndex::defaultCacheDir() {
  llvm::SmallString<256> Dir;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Dir = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home) {
    Dir = Home;
    llvm::sys::path::append(Dir, ".cache");
  } else {
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/false, Dir);
  }
  llvm::sys::path::append(Dir, "torchlint");
  return Dir.str().str();
}

ProjectView::ProjectView(const Session &Shown, std::shared_ptr<const ProjectIndex> Index,
                         std::string MainFile, TUFacts Own)
    : Shown(Shown), Index(std::move(Index)), MainFile(std::move(MainFile)), Own(std::move(Own)) {}

std::vector<const TUFacts *> ProjectView::others() const {
  std::vector<const TUFacts *> Out;
  if (Index)
    for (const auto &[File, Facts] : Index->Units)
      if (File != MainFile)
        Out.push_back(&Facts);
  return Out;
}

const std::unordered_map<std::string, std::vector<const FunctionFact *>> &
ProjectView::definitions() const {
  if (!DefinitionsBuilt) {
    DefinitionsBuilt = true;
    // This TU's own first: a function it defines is its definition, even
    // where another extension of the project defines one of the same name
    // and signature (fast-transformers' aggregate_cpu.cpp and
    // aggregate_cuda.cu, built into two modules, both define `aggregate`).
    std::vector<const TUFacts *> All = {&Own};
    llvm::append_range(All, others());
    for (const TUFacts *U : All)
      for (const FunctionFact &F : U->Functions)
        Definitions[F.Usr].push_back(&F);
  }
  return Definitions;
}

const ProjectContext *ProjectView::traced(const std::string &Usr) const {
  if (!TracedBuilt) {
    TracedBuilt = true;
    std::vector<const TUFacts *> All = others();
    All.push_back(&Own);
    const auto &Defs = definitions();
    auto NameOf = [&](const std::string &U, const std::string &Fallback) {
      auto It = Defs.find(U);
      return It == Defs.end() ? Fallback : It->second.front()->Name;
    };
    // Breadth first from every traced root, roots in a fixed order (by
    // file, then registration), so each function gets its nearest root.
    std::vector<const KernelFact *> Roots;
    for (const TUFacts *U : All)
      for (const KernelFact &K : U->Kernels)
        if (!K.Usr.empty() && (K.CatchAll || Registrations::isTracedKey(K.Key)))
          Roots.push_back(&K);
    std::stable_sort(Roots.begin(), Roots.end(), [](const KernelFact *A, const KernelFact *B) {
      return std::tie(A->At.File, A->At.Line, A->Op) < std::tie(B->At.File, B->At.Line, B->Op);
    });
    std::map<std::string, std::vector<std::string>> ChainOf; // Root's name first.
    std::map<std::string, const KernelFact *> RootOf;
    std::deque<std::string> Work;
    std::map<std::string, bool> ReadsData; // Catch-all roots that read data.
    for (const KernelFact *K : Roots) {
      if (RootOf.count(K->Usr))
        continue;
      ReadsData[K->Usr] =
          K->CatchAll && isRawDataRead(llvm::StringRef(answer("reads", K->Usr)).rsplit(' ').second);
      RootOf[K->Usr] = K;
      ChainOf[K->Usr] = {NameOf(K->Usr, K->Function)};
      Work.push_back(K->Usr);
    }
    while (!Work.empty()) {
      std::string U = Work.front();
      Work.pop_front();
      auto It = Defs.find(U);
      if (It == Defs.end())
        continue;
      std::set<std::string> Callees;
      for (const FunctionFact *F : It->second)
        Callees.insert(F->Callees.begin(), F->Callees.end());
      for (const std::string &C : Callees) {
        if (RootOf.count(C))
          continue;
        RootOf[C] = RootOf[U];
        ChainOf[C] = ChainOf[U];
        ChainOf[C].push_back(NameOf(C, "?"));
        Work.push_back(C);
      }
    }
    for (const auto &[U, K] : RootOf) {
      const std::vector<std::string> &Chain = ChainOf[U];
      std::string Reason = "'" + Chain.back() + "' is ";
      for (size_t I = Chain.size() - 1; I > 0; --I)
        Reason += "called from '" + Chain[I - 1] + "', which is ";
      Traced[U] = {K->CatchAll ? "CompositeImplicitAutograd" : K->Key,
                   Reason + registration(*K), ReadsData.at(K->Usr)};
    }
  }
  auto It = Traced.find(Usr);
  return It == Traced.end() ? nullptr : &It->second;
}

/// How many leading directories the paths \p A and \p B share.
static size_t sharedDirectories(llvm::StringRef A, llvm::StringRef B) {
  size_t Count = 0;
  for (size_t I = 0; I < A.size() && I < B.size() && A[I] == B[I]; ++I)
    Count += A[I] == '/';
  return Count;
}

const std::vector<const FunctionFact *> *
ProjectView::definitionsOnce(const std::string &Usr, unsigned &Index,
                             std::set<std::pair<std::string, unsigned>> &Seen) const {
  const auto &Defs = definitions();
  auto It = Defs.find(Usr);
  if (It == Defs.end())
    return nullptr;
  // A variadic template's pack stands for every argument from its index on
  // (Dispatch(registry, name, args...) is called with the tensors after it).
  if (int Pack = It->second.front()->Pack; Pack >= 0 && Index > static_cast<unsigned>(Pack))
    Index = static_cast<unsigned>(Pack);
  if (Seen.size() > 64 || !Seen.insert({Usr, Index}).second)
    return nullptr;
  return &It->second;
}

/// "c:@N@kaolin@F@impl#$@N@at@S@Tensor#" -> "kaolin::impl": a function's
/// name from its USR, for one the index has no definition of.
static std::string nameOfUsr(llvm::StringRef Usr) {
  Usr = Usr.take_until([](char C) { return C == '#'; });
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Usr.split(Parts, '@');
  std::string Name;
  for (size_t I = 0; I + 1 < Parts.size(); ++I)
    if (Parts[I] == "N" || Parts[I] == "S" || Parts[I] == "F" || Parts[I] == "ST>1" ||
        Parts[I].starts_with("FT>")) {
      Name += (Name.empty() ? "" : "::") + Parts[I + 1].str();
      ++I;
    }
  return Name.empty() ? Usr.str() : Name;
}

std::string ProjectView::writeOf(const std::string &Usr, unsigned Index,
                                 std::set<std::pair<std::string, unsigned>> &Seen,
                                 bool Handed, std::string *Indirect) const {
  const std::vector<const FunctionFact *> *Facts = definitionsOnce(Usr, Index, Seen);
  if (!Facts)
    return {};
  const auto &Defs = definitions();
  // A write of its own first, the lowest site of all its definitions.
  std::string Best;
  for (const FunctionFact *F : *Facts)
    for (const ParamFact &P : F->Params)
      if (P.Index == Index && (!P.Write.empty() || (Handed && P.HandedOut))) {
        std::string This = P.Write.empty() ? "a writable pointer to its data is handed out\t" +
                                                 where(F->At)
                                           : P.Write + "\t" + where(P.WriteAt);
        if (Best.empty() || This < Best)
          Best = This;
      }
  // Its data handed to a function its TU only declares, which another file
  // of the project defines and writes through there (MTR's wrapper in one
  // file, the launcher and its kernel in a .cu file).
  for (const FunctionFact *F : *Facts)
    for (const ParamFact &P : F->Params) {
      // (A view written is a write of it, not a pointer handed out.)
      if (P.Index != Index || P.HandedUnseenUsr.empty() || (!Handed && !P.HandedUnseenView))
        continue;
      auto Callee = Defs.find(P.HandedUnseenUsr);
      if (Callee == Defs.end())
        continue;
      for (const FunctionFact *C : Callee->second)
        if (llvm::is_contained(P.HandedUnseenView ? C->ReturnsView : C->PointerWrites,
                               P.HandedUnseenIndex)) {
          std::string This =
              (P.HandedUnseenView
                   ? "it is written through the view of it that '" + C->Name + "' (" +
                         where(C->At) + ") returns"
                   : "a writable pointer to its data is handed to '" + C->Name + "' (" +
                         where(C->At) + "), which writes through it") +
              "\t" + where(P.HandedUnseenAt);
          if (Best.empty() || This < Best)
            Best = This;
        }
    }
  if (!Best.empty())
    return Best;
  // Its data handed to code the project does not show: what that writes is
  // not seen.
  // (One another file defines, and that file shows it does not write
  // there, is no unknown.)
  auto KnownNotToWrite = [&Defs](const ParamFact &P) {
    auto Callee = P.HandedUnseenUsr.empty() ? Defs.end() : Defs.find(P.HandedUnseenUsr);
    return Callee != Defs.end() &&
           llvm::all_of(Callee->second, [&P](const FunctionFact *C) {
             return P.HandedUnseenView
                        ? !llvm::is_contained(C->ReturnsView, P.HandedUnseenIndex) &&
                              !llvm::is_contained(C->ReturnsViewUnseen, P.HandedUnseenIndex)
                        : !llvm::is_contained(C->PointerWrites, P.HandedUnseenIndex) &&
                              !llvm::is_contained(C->PointerUnseen, P.HandedUnseenIndex);
           });
  };
  for (const FunctionFact *F : *Facts)
    for (const ParamFact &P : F->Params)
      if (Handed && Indirect && Indirect->empty() && P.Index == Index && !P.HandedUnseen.empty() &&
          !KnownNotToWrite(P))
        *Indirect = UnseenWrite{nullptr, P.HandedUnseen, {}, 0, P.HandedUnseenView}.what(
            where(P.HandedUnseenAt));
  for (const FunctionFact *F : *Facts)
    for (const CallFact &C : F->Calls)
      for (size_t J = 0; J < C.FromParam.size(); ++J) {
        if (C.FromParam[J] != static_cast<int>(Index))
          continue;
        if (C.Callee.empty()) { // Through a pointer: what it writes is not seen.
          if (Indirect && Indirect->empty())
            *Indirect = "is passed to a call through a function pointer (" + where(C.At) + ")";
          continue;
        }
        auto Callee = Defs.find(C.Callee);
        // A function of the project whose definition is in no file this
        // run read (kaolin's *_cuda_impl, defined in a .cu file a first run
        // on the binding file does not take): what it writes is not seen.
        if (Callee == Defs.end() && Handed && Indirect && Indirect->empty())
          *Indirect = "is passed to '" + nameOfUsr(C.Callee) + "' (" + where(C.At) +
                      "), defined in no file this run read";
        std::string Inner = writeOf(C.Callee, static_cast<unsigned>(J), Seen, Handed, Indirect);
        if (Inner.empty())
          continue;
        std::string Name = Callee == Defs.end() ? "?" : Callee->second.front()->Name;
        return "it is passed to '" + Name + "' (" + where(C.At) + "), where " + Inner;
      }
  return {};
}

std::string ProjectView::returnOf(const std::string &Usr, unsigned Index,
                                  std::set<std::pair<std::string, unsigned>> &Seen) const {
  const std::vector<const FunctionFact *> *Facts = definitionsOnce(Usr, Index, Seen);
  if (!Facts)
    return {};
  std::string Best;
  for (const FunctionFact *F : *Facts)
    for (const ParamFact &P : F->Params)
      if (P.Index == Index && !P.ReturnedAt.File.empty() &&
          (Best.empty() || where(P.ReturnedAt) < Best))
        Best = where(P.ReturnedAt);
  if (!Best.empty())
    return Best;
  for (const FunctionFact *F : *Facts)
    for (const CallFact &C : F->Calls)
      for (size_t J = 0; C.Returned && J < C.FromParam.size(); ++J)
        if (C.FromParam[J] == static_cast<int>(Index) && !C.Callee.empty())
          if (std::string Inner = returnOf(C.Callee, static_cast<unsigned>(J), Seen);
              !Inner.empty())
            return Inner;
  return {};
}

std::string ProjectView::answer(const std::string &Kind, const std::string &Arg) const {
  std::string A = factsAnswer(Kind, Arg);
  std::set<std::string> Files = assumedFor(Kind, Arg);
  if (Files.empty())
    return A;
  A += AssumedMark;
  for (const std::string &F : Files)
    A += F + "\n";
  return A;
}

namespace {

/// The unqualified name a function's USR spells (`c:@N@ns@F@name#...`,
/// `c:@FT@>1#Tname#...`, `c:@S@C@F@name#...`): what the text pass knows
/// it by (FactSources.h); empty when none.
std::string identifierOfUsr(llvm::StringRef Usr) {
  size_t F = Usr.rfind("@F@"), FT = Usr.rfind("@FT@");
  llvm::StringRef Rest;
  if (F != llvm::StringRef::npos && (FT == llvm::StringRef::npos || F > FT)) {
    Rest = Usr.substr(F + 3);
  } else if (FT != llvm::StringRef::npos) {
    Rest = Usr.substr(FT + 4);
    // The template's parameters: `>N` then `#T`, `#N<type>`, `#t...` each.
    Rest = Rest.drop_while([](char C) { return C == '>' || llvm::isDigit(C); });
    while (Rest.consume_front("#"))
      Rest = Rest.drop_front(1);
  }
  return Rest.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; }).str();
}

} // namespace

std::set<std::string> ProjectView::assumedFor(const std::string &Kind,
                                              const std::string &Arg) const {
  std::set<std::string> Out;
  if (!Index || Index->Deferred.empty())
    return Out;
  auto Shown = [&](const DeferredSource &D) { Out.insert(displayPath(D.File)); };
  if (Kind == "ops") {
    for (const DeferredSource &D : Index->Deferred)
      if (D.DefinesOps)
        Shown(D);
    return Out;
  }
  if (Kind == "kernels" || Kind == "schema") {
    std::string Op = llvm::StringRef(Arg).split('.').first.str();
    for (const DeferredSource &D : Index->Deferred)
      if (D.Ops.count(Op) || D.Ops.count(Arg))
        Shown(D);
    return Out;
  }
  // (A parameter's question is "usr#index".)
  bool OfParam = Kind == "writes" || Kind == "maywrite" || Kind == "returns" ||
                 Kind == "callers" || Kind == "wholewrite";
  std::string Usr = OfParam ? Arg.substr(0, Arg.rfind('#')) : Arg;
  // The functions whose facts the answer reads: downward, those the code
  // of Usr reaches and no unit defines; upward, Usr and its callers.
  std::set<std::string> Names;
  bool Upward = Kind == "traced" || Kind == "registered" || Kind == "bound" || Kind == "callers";
  const auto &Defs = definitions();
  std::set<std::string> Seen = {Usr};
  std::deque<std::string> Work = {Usr};
  if (Upward && !CallersBuilt) {
    CallersBuilt = true;
    for (const auto &[U, Fs] : Defs)
      for (const FunctionFact *F : Fs)
        for (const std::string &C : F->Callees)
          CallersOf[C].push_back(U);
  }
  while (!Work.empty() && Seen.size() < 4096) {
    std::string U = Work.front();
    Work.pop_front();
    auto It = Defs.find(U);
    if (Upward || It == Defs.end())
      if (std::string N = identifierOfUsr(U); !N.empty())
        Names.insert(N);
    auto Next = [&](const std::string &V) {
      if (Seen.insert(V).second)
        Work.push_back(V);
    };
    if (Upward) {
      if (auto C = CallersOf.find(U); C != CallersOf.end())
        for (const std::string &V : C->second)
          Next(V);
    } else if (It != Defs.end()) {
      for (const FunctionFact *F : It->second)
        for (const std::string &C : F->Callees)
          Next(C);
    }
  }
  for (const DeferredSource &D : Index->Deferred)
    for (const std::string &N : Names)
      if (Upward ? D.Mentions.count(N) > 0 : D.Defines.count(N) > 0) {
        Shown(D);
        break;
      }
  return Out;
}

std::vector<std::string> ProjectView::takeAssumed() {
  std::vector<std::string> Out(Assumed.begin(), Assumed.end());
  Assumed.clear();
  return Out;
}

std::string ProjectView::assumedNote(const std::vector<std::string> &Files) {
  // Three names at most; `-v` lists every source a run did not parse.
  const size_t Shown = Files.size() > 4 ? 3 : Files.size();
  std::string List;
  for (size_t I = 0; I < Shown; ++I)
    List += (I == 0 ? "" : I + 1 == Files.size() ? " and " : ", ") + Files[I];
  if (Shown < Files.size())
    List += " and " + std::to_string(Files.size() - Shown) + " other sources";
  return "this finding assumes that " + List + (Files.size() == 1 ? ", which was" : ", which were") +
         " not parsed in this run (a first run on a few files parses only as much of the rest "
         "of the project as it can afford), add nothing to it; the next run parses more, "
         "--project=full parses all";
}

std::string ProjectView::factsAnswer(const std::string &Kind, const std::string &Arg) const {
  if (Kind == "wholewrite") {
    size_t Hash = Arg.rfind('#');
    std::string Usr = Arg.substr(0, Hash);
    unsigned Index = static_cast<unsigned>(std::stoul(Arg.substr(Hash + 1)));
    std::string Answer;
    for (const TUFacts *U : others())
      for (const FunctionFact &F : U->Functions) {
        if (F.Usr != Usr)
          continue;
        auto W = llvm::find_if(F.WholeWrites,
                               [&](const WholeWriteFact &W) { return W.Index == Index; });
        if (W == F.WholeWrites.end())
          return "";
        std::string This = std::to_string(W->Constant);
        for (unsigned B : W->Bounds)
          This += " " + std::to_string(B);
        This += "\t" + where(F.At);
        if (!Answer.empty() && Answer.substr(0, Answer.find('\t')) != This.substr(0, This.find('\t')))
          return "";
        if (Answer.empty() || This < Answer)
          Answer = This;
      }
    return Answer;
  }
  if (Kind == "writes" || Kind == "maywrite" || Kind == "callers" || Kind == "returns") {
    size_t Hash = Arg.rfind('#');
    std::string Usr = Arg.substr(0, Hash);
    unsigned Index = static_cast<unsigned>(std::stoul(Arg.substr(Hash + 1)));
    if (Kind == "returns") {
      std::set<std::pair<std::string, unsigned>> Seen;
      return returnOf(Usr, Index, Seen);
    }
    if (Kind == "writes" || Kind == "maywrite") {
      std::set<std::pair<std::string, unsigned>> Seen;
      if (Kind == "writes")
        return writeOf(Usr, Index, Seen, false, nullptr);
      std::string Indirect;
      if (!writeOf(Usr, Index, Seen, true, &Indirect).empty())
        return "yes";
      return Indirect.empty() ? "" : "unknown\t" + Indirect;
    }
    unsigned Calls = 0, Contiguous = 0;
    std::string First;
    for (const TUFacts *U : others())
      for (const FunctionFact &F : U->Functions)
        for (const CallFact &C : F.Calls)
          if (C.Callee == Usr) {
            ++Calls;
            Contiguous += Index < C.Contiguous.size() && C.Contiguous[Index];
            if (First.empty() || where(C.At) < First)
              First = where(C.At);
          }
    return Calls ? std::to_string(Calls) + " " + std::to_string(Contiguous) + "\t" + First : "";
  }
  if (Kind == "schema") {
    std::string Best;
    for (const TUFacts *U : others())
      for (const OpFact &O : U->Ops)
        if (O.Op == Arg && !O.Schema.empty()) {
          std::string This = O.Schema + "\t" + where(O.At);
          if (Best.empty() || This < Best)
            Best = This;
        }
    return Best;
  }
  if (Kind == "traced") {
    const ProjectContext *C = traced(Arg);
    return C ? C->Key + "\n" + C->Reason + (C->RootCannotRunOnFakes ? "\nno fakes" : "") : "";
  }
  if (Kind == "kernels") {
    std::vector<std::string> Out;
    for (const TUFacts *U : others())
      for (const KernelFact &K : U->Kernels)
        if (K.Op == Arg)
          Out.push_back(K.Key + "\t" + (K.CatchAll ? "1" : "0") + "\t" + K.At.File + "\t" +
                        std::to_string(K.At.Line));
    std::sort(Out.begin(), Out.end());
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    std::string Joined;
    for (const std::string &S : Out)
      Joined += S + "\n";
    return Joined;
  }
  if (Kind == "body") {
    // The definition nearest the asking file (mmcv keeps a copy of each op
    // for another framework in parrots/, beside the pytorch/ one its build
    // compiles), then the lowest: one answer whatever the order.
    std::string Out;
    size_t OutShared = 0;
    for (const TUFacts *U : others())
      for (const FunctionFact &F : U->Functions)
        if (F.Usr == Arg) {
          std::string This = std::string(F.TouchesPython ? "python "
                                         : F.SharedState ? "shared "
                                                         : "plain ") +
                             where(F.At);
          size_t Shared = sharedDirectories(F.At.File, MainFile);
          if (Out.empty() || Shared > OutShared || (Shared == OutShared && This < Out)) {
            Out = This;
            OutShared = Shared;
          }
        }
    return Out;
  }
  if (Kind == "fake") {
    std::set<std::string> Fakes;
    for (const TUFacts *U : others())
      for (const FunctionFact &F : U->Functions)
        if (F.Usr == Arg && !F.FakeReturn.empty())
          Fakes.insert(F.FakeParams + "\t" + F.FakeReturn);
    return Fakes.size() == 1 ? *Fakes.begin() : "";
  }
  if (Kind == "reads") {
    const auto &Defs = definitions();
    // Breadth first: the nearest read, callees in their recorded order.
    std::set<std::string> Seen = {Arg};
    std::deque<std::string> Work = {Arg};
    while (!Work.empty()) {
      std::string U = Work.front();
      Work.pop_front();
      auto It = Defs.find(U);
      if (It == Defs.end())
        continue;
      const FunctionFact *Best = nullptr;
      for (const FunctionFact *F : It->second)
        if (!F->FirstRead.File.empty() &&
            (!Best || std::tie(F->FirstRead.File, F->FirstRead.Line) <
                          std::tie(Best->FirstRead.File, Best->FirstRead.Line)))
          Best = F;
      if (Best)
        return where(Best->FirstRead) + " " + Best->FirstReadCall;
      for (const FunctionFact *F : It->second)
        for (const std::string &C : F->Callees)
          if (Seen.insert(C).second)
            Work.push_back(C);
    }
    return {};
  }
  if (Kind == "hostwork") {
    const auto &Defs = definitions();
    std::set<std::string> Seen = {Arg};
    std::deque<std::string> Work = {Arg};
    while (!Work.empty()) {
      auto It = Defs.find(Work.front());
      Work.pop_front();
      if (It == Defs.end())
        continue;
      const FunctionFact *Best = nullptr;
      for (const FunctionFact *F : It->second)
        if (!F->HostWork.empty() &&
            (!Best || std::tie(F->HostWorkAt.File, F->HostWorkAt.Line) <
                          std::tie(Best->HostWorkAt.File, Best->HostWorkAt.Line)))
          Best = F;
      if (Best)
        return Best->HostWork + "\t" + where(Best->HostWorkAt) + "\t" + Best->Name;
      for (const FunctionFact *F : It->second)
        for (const std::string &C : F->Callees)
          if (Seen.insert(C).second)
            Work.push_back(C);
    }
    return {};
  }
  if (Kind == "backend") {
    // Depth first over the project functions it reaches (a cycle adds
    // nothing); one definition each (a header's inline function has one per
    // TU, all alike).
    const auto &Defs = definitions();
    struct Backends {
      bool Known = true, Cpu = false, Cuda = false, Python = false, Host = false, Ops = false;
      std::string Indirect; ///< The first call through a pointer on the way.
    };
    std::set<std::string> Seen;
    std::function<Backends(const std::string &, unsigned)> Of = [&](const std::string &U,
                                                                    unsigned Depth) {
      Backends B;
      auto It = Defs.find(U);
      if (It == Defs.end() || Depth > 12) {
        B.Known = false;
        return B;
      }
      if (!Seen.insert(U).second)
        return B;
      const FunctionFact &F = *It->second.front();
      // Other files' definitions that differ (two extensions' functions of
      // one name, this TU defining none): which one the module links is the
      // build's, so the backend is not known.
      bool Here = !Own.Functions.empty() && &F >= &Own.Functions.front() &&
                  &F <= &Own.Functions.back();
      if (!Here &&
          llvm::any_of(It->second, [&](const FunctionFact *G) {
            return G->At.File != F.At.File && G->Backend != F.Backend;
          })) {
        B.Known = false;
        return B;
      }
      llvm::SmallVector<llvm::StringRef, 4> Words;
      llvm::StringRef(F.Backend).split(Words, ' ', -1, false);
      auto Own = [&](llvm::StringRef W) { return llvm::is_contained(Words, W); };
      B.Python = F.TouchesPython;
      B.Cuda = Own("cuda");
      B.Host = Own("host");
      B.Ops = Own("ops");
      // A call through a pointer handed tensors runs code of any backend.
      for (const CallFact &C : F.Calls)
        if (C.Callee.empty()) {
          B.Known = false;
          B.Indirect = where(C.At);
          return B;
        }
      // A launcher: what it calls is device code or CUDA's. One that tests
      // the device runs on both (Pytorch-Correlation-extension's
      // correlation_sample_forward: a CUDA guard and the CUDA function in
      // its is_cuda() arm, the CPU function in the other).
      if (B.Cuda) {
        if (Own("branch"))
          B.Cpu = true;
        return B;
      }
      for (const std::string &C : F.Callees) {
        Backends Sub = Of(C, Depth + 1);
        B.Known &= Sub.Known;
        if (B.Indirect.empty())
          B.Indirect = Sub.Indirect;
        B.Cpu |= Sub.Cpu;
        B.Cuda |= Sub.Cuda;
        B.Python |= Sub.Python;
        B.Host |= Sub.Host;
        B.Ops |= Sub.Ops;
      }
      // Pointers taken for a launcher are not CPU work; a body that tests
      // the device runs on both.
      if (Own("cpu") && !B.Cuda)
        B.Cpu = true;
      if (Own("branch") && (B.Cpu || B.Cuda))
        B.Cpu = B.Cuda = true;
      return B;
    };
    Backends B = Of(Arg, 0);
    if (!B.Known)
      return B.Indirect.empty() ? "" : "indirect\t" + B.Indirect;
    if (B.Python)
      return "python";
    // Tensor ops and host data: every device in eager mode, no fake tensor.
    if (B.Host && !B.Cpu && !B.Cuda)
      return "cpu cuda";
    return B.Cpu && B.Cuda ? "cpu cuda"
           : B.Cpu         ? "cpu"
           : B.Cuda        ? "cuda"
           : B.Ops         ? "composite"
                           : "none";
  }
  if (Kind == "ops") {
    std::set<std::string> Ops;
    for (const TUFacts *U : others())
      for (const OpFact &O : U->Ops)
        Ops.insert(O.Op);
    std::string Joined;
    for (const std::string &O : Ops)
      Joined += O + "\n";
    return Joined;
  }
  if (Kind == "bound") {
    std::string Found;
    for (const TUFacts *U : others())
      for (const BindingFact &B : U->Bindings)
        if (!Arg.empty() && B.Usr == Arg) {
          std::string This = B.Name + "\t" + where(B.At);
          if (Found.empty() || This < Found)
            Found = This;
        }
    return Found;
  }
  if (Kind == "registered") {
    std::string Found;
    for (const TUFacts *U : others())
      for (const KernelFact &K : U->Kernels)
        if (!Arg.empty() && K.Usr == Arg && (Found.empty() || K.Op < Found))
          Found = K.Op;
    return Found;
  }
  return {};
}

std::string ProjectView::record(const std::string &Kind, const std::string &Arg) {
  std::string A = answer(Kind, Arg);
  ProjectQuery Q{Kind, Arg, A};
  if (std::find(Queries.begin(), Queries.end(), Q) == Queries.end())
    Queries.push_back(Q);
  // The check gets the facts' answer; what it assumed waits for its finding.
  size_t Mark = A.find(AssumedMark);
  if (Mark == std::string::npos)
    return A;
  for (llvm::StringRef Rest = llvm::StringRef(A).substr(Mark + strlen(AssumedMark));
       !Rest.empty();) {
    auto [File, Tail] = Rest.split('\n');
    if (!File.empty())
      Assumed.insert(File.str());
    Rest = Tail;
  }
  return A.substr(0, Mark);
}

std::optional<ProjectContext> ProjectView::tracedContextOf(const std::string &Usr) {
  if (Usr.empty())
    return std::nullopt;
  record("traced", Usr);
  const ProjectContext *C = traced(Usr);
  return C ? std::optional<ProjectContext>(*C) : std::nullopt;
}

std::vector<KernelFact> ProjectView::kernelsElsewhere(const std::string &Op) {
  record("kernels", Op);
  std::vector<KernelFact> Out;
  for (const TUFacts *U : others())
    for (const KernelFact &K : U->Kernels)
      if (K.Op == Op)
        Out.push_back(K);
  std::sort(Out.begin(), Out.end(), [](const KernelFact &A, const KernelFact &B) {
    return std::tie(A.At.File, A.At.Line, A.Key) < std::tie(B.At.File, B.At.Line, B.Key);
  });
  return Out;
}

std::string ProjectView::bodyElsewhere(const std::string &Usr) {
  return Usr.empty() ? "" : record("body", Usr);
}

std::string ProjectView::fakeElsewhere(const std::string &Usr) {
  return Usr.empty() ? "" : record("fake", Usr);
}

std::string ProjectView::dataReadOf(const std::string &Usr) {
  return Usr.empty() ? "" : record("reads", Usr);
}

std::string ProjectView::paramWriteOf(const std::string &Usr, unsigned Index) {
  return Usr.empty() ? "" : record("writes", Usr + "#" + std::to_string(Index));
}

std::string ProjectView::paramMayBeWritten(const std::string &Usr, unsigned Index) {
  return Usr.empty() ? "" : record("maywrite", Usr + "#" + std::to_string(Index));
}

std::string ProjectView::paramReturnedAt(const std::string &Usr, unsigned Index) {
  return Usr.empty() ? "" : record("returns", Usr + "#" + std::to_string(Index));
}

std::string ProjectView::callersElsewhere(const std::string &Usr, unsigned Index) {
  return Usr.empty() ? "" : record("callers", Usr + "#" + std::to_string(Index));
}

std::string ProjectView::wholeWriteElsewhere(const std::string &Usr, unsigned Index) {
  return Usr.empty() ? "" : record("wholewrite", Usr + "#" + std::to_string(Index));
}

std::string ProjectView::schemaElsewhere(const std::string &Op) {
  return Op.empty() ? "" : record("schema", Op);
}

std::string ProjectView::hostWorkOf(const std::string &Usr) {
  return Usr.empty() ? "" : record("hostwork", Usr);
}

std::string ProjectView::backendOf(const std::string &Usr) {
  return Usr.empty() ? "" : record("backend", Usr);
}

std::vector<std::string> ProjectView::opsElsewhere() {
  std::vector<std::string> Out;
  std::string All = record("ops", "");
  llvm::StringRef Rest = All;
  while (!Rest.empty()) {
    auto [Op, Tail] = Rest.split('\n');
    Out.push_back(Op.str());
    Rest = Tail;
  }
  return Out;
}

std::string ProjectView::registeredElsewhere(const std::string &Usr) {
  return Usr.empty() ? "" : record("registered", Usr);
}

std::string ProjectView::boundElsewhere(const std::string &Usr) {
  return Usr.empty() ? "" : record("bound", Usr);
}

ProjectView &ProjectView::get(clang::ASTContext &Ctx) { return TUModel::of(Ctx).view(); }

std::string ProjectView::displayPath(const std::string &File) const {
  return Shown.displayPath(File);
}

} // namespace torchlint::model
