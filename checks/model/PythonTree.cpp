//===--- PythonTree.cpp - A project's Python files, as the scans read them ===//

#include "PythonTree.h"
#include "PythonTokens.h"
#include "SafeRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <functional>
#include <limits>
#include <optional>
#include <map>
#include <set>

namespace torchlint::model {

using namespace python;

namespace {

/// Every regular .py file under \p Root the scan reads, in directory order,
/// with its path relative to the root: not below hidden directories,
/// node_modules, __pycache__, site-packages or a virtual environment, and no
/// symlink (it may lead out of the project) or FIFO (it would hang the read).
template <typename Fn> void forEachPythonFile(const std::string &Root, Fn Visit) {
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator I(Root, EC, /*follow_symlinks=*/false), End;
       I != End && !EC; I.increment(EC)) {
    llvm::StringRef Path = I->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (I->type() == llvm::sys::fs::file_type::directory_file) {
      llvm::SmallString<256> Venv(Path);
      llvm::sys::path::append(Venv, "pyvenv.cfg");
      if (Name.starts_with(".") || Name == "node_modules" || Name == "__pycache__" ||
          Name == "site-packages" || llvm::sys::fs::exists(Venv))
        I.no_push();
      continue;
    }
    if (!Name.ends_with(".py") || I->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    auto Buf = readTreeFile(Path, {Root}, 4u << 20);
    if (!Buf)
      continue;
    llvm::StringRef Shown = Path;
    if (Shown.consume_front(Root))
      Shown = Shown.ltrim("/\\");
    Visit(Path, Shown, Buf->getBuffer());
  }
}

} // namespace

std::string pythonTreeDigest(const std::string &Root) {
  llvm::SHA256 H;
  forEachPythonFile(Root, [&](llvm::StringRef, llvm::StringRef Shown, llvm::StringRef Content) {
    H.update(Shown);
    H.update(llvm::StringRef("\0", 1));
    H.update(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Content)));
  });
  return llvm::toHex(H.final(), /*LowerCase=*/true);
}

PythonOps scanPythonTrees(const std::vector<std::string> &Roots) {
  PythonOps Out;
  for (const std::string &Root : Roots)
    forEachPythonFile(Root, [&](llvm::StringRef, llvm::StringRef Shown, llvm::StringRef Content) {
      scanPythonSource(Content.str(), Out, Shown.str());
    });
  Out.finishScan();
  return Out;
}

namespace {

/// Each Python file under \p Roots whose bytes name \p Module, to \p Take
/// (which keeps what it wants of it in \p Out); \p Out ends empty when the
/// project's Python has a module of that name itself.
template <typename Fn>
std::vector<PythonFileCalls> filesNamingModule(const std::vector<std::string> &Roots,
                                               llvm::StringRef Module, Fn Take) {
  std::vector<PythonFileCalls> Out;
  bool Shadowed = false;
  for (const std::string &Root : Roots)
    forEachPythonFile(Root, [&](llvm::StringRef Path, llvm::StringRef Shown,
                                llvm::StringRef Content) {
      llvm::StringRef Stem = llvm::sys::path::stem(Path);
      if (Stem == Module ||
          (Stem == "__init__" &&
           llvm::sys::path::filename(llvm::sys::path::parent_path(Path)) == Module))
        Shadowed = true;
      if (!Shadowed && Content.contains(Module))
        Take(PythonFileCalls{Path.str(), Shown.str(), Content.str(), {}}, Out);
    });
  if (Shadowed)
    Out.clear();
  return Out;
}

} // namespace

std::vector<PythonFileCalls> bindingCallsUnder(const std::vector<std::string> &Roots,
                                               llvm::StringRef Module,
                                               const std::vector<MigratedBinding> &Bindings) {
  return filesNamingModule(Roots, Module, [&](PythonFileCalls F, auto &Out) {
    F.Calls = bindingCallsIn(F.Content, Module, Bindings);
    if (!F.Calls.empty())
      Out.push_back(std::move(F));
  });
}

std::vector<PythonFileCalls> moduleImportersUnder(const std::vector<std::string> &Roots,
                                                  llvm::StringRef Module) {
  return filesNamingModule(Roots, Module, [&](PythonFileCalls F, auto &Out) {
    if (afterModuleImport(F.Content, Module).Offset != std::string::npos)
      Out.push_back(std::move(F));
  });
}

namespace {

/// The TORCH_EXTENSION_NAME of \p Main among the extensions the setup file
/// \p Source (in \p Dir) declares: CppExtension/CUDAExtension/Extension(name,
/// sources), cpp_extension.load(name, sources), or any call with a sources=
/// keyword (mmdetection3d's make_cuda_ext). torch defines it as the last
/// part of the extension's name. Empty unless exactly one name lists Main
/// best: its path from the setup file's directory, else the longest end of
/// its path (`sources=['src/x.cpp']` relative to a module directory;
/// FoundationPose's `f"{code_dir}/torch_ngp_grid_encoder/bindings.cpp"`
/// names another file than the other extension's `'bindings.cpp'`).
std::string extensionNameIn(llvm::StringRef Source, llvm::StringRef Dir, llvm::StringRef Main) {
  std::vector<Line> Lines;
  std::vector<Tok> T = tokenize(Source, &Lines);
  // Each name listing Main, with how closely: the path (the most), or the
  // length of the end of Main's path that its source names.
  std::map<std::string, size_t> Names;
  // The extensions declared with no literal source (a variable, a glob),
  // and the tokens of their sources arguments.
  std::set<std::string> Unlisted;
  std::map<std::string, std::vector<std::pair<size_t, size_t>>> SourcesOf;
  auto Lists = [&](llvm::StringRef Src, bool Exact) -> size_t {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Src);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    Src.consume_front("./");
    if (Exact && P == Main)
      return std::numeric_limits<size_t>::max();
    return Main.ends_with(Src) && Main.size() > Src.size() &&
                   Main[Main.size() - Src.size() - 1] == '/'
               ? Src.size()
               : 0;
  };
  // `name = ...` statements (at any level: torch-points-kernels assigns
  // in a function), by name; a name assigned twice is not followed.
  std::map<std::string, std::pair<size_t, size_t>> Assigned;
  std::set<std::string> Twice;
  for (const Line &L : Lines)
    if (L.End > L.Begin + 2 && T[L.Begin].Kind == Tok::Name && T[L.Begin + 1].is("=") &&
        !Assigned.emplace(T[L.Begin].Text, std::pair{L.Begin + 2, L.End}).second)
      Twice.insert(T[L.Begin].Text);
  // The path relative to Dir that `os.path.join(...)` over [B, E) names,
  // its first part the script's directory or a name assigned such a join
  // (hszhao/semseg: `cpu_path = os.path.join(cwd, 'cpu')`, then
  // `os.path.join(cpu_path, 'operator.cpp')`); nullopt where a part is
  // anything else.
  std::function<std::optional<std::string>(size_t, size_t, unsigned)> Joined =
      [&](size_t B, size_t E, unsigned Depth) -> std::optional<std::string> {
    if (Depth > 4 || B + 2 >= E || !T[B + 1].is("(") || !T[B].is("join"))
      return std::nullopt;
    std::vector<Arg> Args = callArgs(T, B + 2, closing(T, B + 1, E));
    std::string Path;
    for (size_t K = 0; K < Args.size(); ++K) {
      const Arg &A = Args[K];
      if (!A.Keyword.empty() || A.Star || A.E != A.B + 1)
        return std::nullopt;
      if (T[A.B].Kind == Tok::Str && !T[A.B].FString) {
        Path += (Path.empty() ? "" : "/") + T[A.B].Text;
        continue;
      }
      auto It = T[A.B].Kind == Tok::Name ? Assigned.find(T[A.B].Text) : Assigned.end();
      if (It == Assigned.end() || Twice.count(T[A.B].Text))
        return std::nullopt;
      // (`os.path.join(...)` on the right: the join's name token.)
      size_t R = It->second.first;
      while (R + 2 < It->second.second && T[R].Kind == Tok::Name && T[R + 1].is("."))
        R += 2;
      if (std::optional<std::string> Inner = Joined(R, It->second.second, Depth + 1))
        Path += (Path.empty() ? "" : "/") + *Inner;
      else if (K != 0)
        return std::nullopt; // (Only the first part may be the directory.)
    }
    return Path;
  };
  // Names bound to an extension class (GroundingDINO's `extension =
  // CppExtension`, then `extension("groundingdino._C", sources)`).
  std::set<std::string> Aliases;
  for (size_t I = 0; I + 2 < T.size(); ++I)
    if (T[I].Kind == Tok::Name && T[I + 1].is("=") && T[I + 2].Kind == Tok::Name &&
        llvm::StringRef(T[I + 2].Text).ends_with("Extension") &&
        (I + 3 == T.size() || !T[I + 3].is("(")))
      Aliases.insert(T[I].Text);
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Kind != Tok::Name || !T[I + 1].is("(") || (I > 0 && T[I - 1].is("def")))
      continue;
    size_t Close = closing(T, I + 1, T.size());
    std::vector<Arg> Args = callArgs(T, I + 2, Close);
    bool Declares = llvm::StringRef(T[I].Text).ends_with("Extension") || T[I].Text == "load" ||
                    Aliases.count(T[I].Text);
    bool HasSources = llvm::any_of(Args, [](const Arg &A) { return A.Keyword == "sources"; });
    if (!Declares && !HasSources)
      continue;
    std::string Name;
    for (const Arg &A : Args)
      if (A.E == A.B + 1 && T[A.B].Kind == Tok::Str && !T[A.B].FString &&
          (A.Keyword == "name" || (Declares && A.Keyword.empty() && &A == &Args.front())))
        Name = T[A.B].Text;
    // What torch defines: the last dotted part. Only an identifier is a
    // module name (the name goes into fix-its and notes).
    Name = llvm::StringRef(Name).rsplit('.').second.empty()
               ? Name
               : llvm::StringRef(Name).rsplit('.').second.str();
    if (!isIdentifier(Name))
      continue;
    bool LiteralSources = false;
    for (size_t J = I + 2; J < Close; ++J) {
      llvm::StringRef S = T[J].Text;
      if (T[J].Kind != Tok::Str ||
          !(S.ends_with(".cpp") || S.ends_with(".cc") || S.ends_with(".cxx") ||
            S.ends_with(".cu")))
        continue;
      // An f-string's path after its last placeholder (a directory):
      // the end of the path it names.
      if (T[J].FString) {
        S = S.substr(S.rfind('}') == llvm::StringRef::npos ? 0 : S.rfind('}') + 1);
        if (!S.consume_front("/") || S.empty())
          continue;
      }
      LiteralSources = true;
      // (The last part of a join: the path it names, where it is known.)
      std::optional<std::string> Path;
      if (!T[J].FString && J + 1 < Close && T[J + 1].is(")"))
        for (size_t O = J; O > I + 1 && !Path; --O)
          if (T[O].is("join") && O + 1 < J && T[O + 1].is("(") && closing(T, O + 1, Close) == J + 1)
            Path = Joined(O, Close, 0);
      if (Path && Lists(*Path, /*Exact=*/true) == std::numeric_limits<size_t>::max()) {
        Names[Name] = std::numeric_limits<size_t>::max();
        continue;
      }
      if (size_t How = Lists(S, !T[J].FString)) {
        size_t &Best = Names[Name];
        Best = std::max(Best, How);
      }
    }
    if (Declares && !LiteralSources) {
      Unlisted.insert(Name);
      // Its sources argument: `sources=`, else the second positional one.
      for (size_t K = 0; K < Args.size(); ++K)
        if (Args[K].Keyword == "sources" || (Args[K].Keyword.empty() && K == 1))
          SourcesOf[Name].push_back({Args[K].B, Args[K].E});
    }
  }
  size_t Best = 0;
  for (const auto &[N, How] : Names)
    Best = std::max(Best, How);
  std::set<std::string> Closest;
  for (const auto &[N, How] : Names)
    if (How == Best)
      Closest.insert(N);
  if (Names.empty()) {
    // PyTorch-Encoding's setup.py: `CppExtension("encoding.cpu", source_cpu)`
    // with `source_cpu = glob.glob(os.path.join(cpu_extensions_dir,
    // "*.cpp"))`, the sources of encoding/lib/cpu/: an extension whose
    // sources are no literals, named as the file's directory, builds it.
    std::string Parent = llvm::sys::path::filename(llvm::sys::path::parent_path(Main)).str();
    if (Unlisted.count(Parent))
      return Parent;
    // The one extension the file declares, its sources globbed in the
    // directory the file's literals name: Main's, relative to Dir, each part
    // a literal (`os.path.join(this_dir, "groundingdino", "models", ...)`),
    // or below them under a `**` glob; the setup file's own directory for
    // ngp_pl's `glob.glob('*.cpp')`.
    // Several such extensions (torch-points-kernels: `points_cuda` from
    // `glob.glob("{}/src/*.cpp".format(ext_src_root))`, `points_cpu` the same
    // with `cpu_ext_src_root = "cpu"`): each with the literals of its
    // sources argument and of the names it uses, followed
    // through their one assignment; the one whose literals name Main's
    // directory.
    auto GlobsMain = [&](const std::vector<const Tok *> &Strings) {
      std::set<std::string> Literals;
      bool Glob = false, Recursive = false;
      for (const Tok *K : Strings) {
        Glob |= llvm::StringRef(K->Text).contains('*');
        Recursive |= llvm::StringRef(K->Text).contains("**");
        llvm::SmallVector<llvm::StringRef, 8> Parts;
        llvm::StringRef(K->Text).split(Parts, '/', -1, false);
        for (llvm::StringRef P : Parts)
          Literals.insert(P.str());
      }
      llvm::StringRef Rel = llvm::sys::path::parent_path(Main);
      if (!Glob || !Rel.consume_front(Dir) || !(Rel.empty() || Rel.consume_front("/")))
        return false;
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      Rel.split(Parts, '/', -1, false);
      size_t Named = 0;
      while (Named < Parts.size() && Literals.count(Parts[Named].str()))
        ++Named;
      return Named == Parts.size() || (Recursive && Named > 0);
    };
    // The string literals of an extension's sources argument and of the
    // names it uses, through their one assignment.
    auto Followed = [&](const std::vector<std::pair<size_t, size_t>> &Ranges) {
      std::vector<const Tok *> Strings;
      std::vector<std::pair<size_t, size_t>> Todo = Ranges;
      std::set<std::string> Seen;
      for (size_t Step = 0; Step < Todo.size() && Step < 16; ++Step)
        for (size_t J = Todo[Step].first; J < Todo[Step].second; ++J) {
          if (T[J].Kind == Tok::Str && !T[J].FString)
            Strings.push_back(&T[J]);
          else if (T[J].Kind == Tok::Name && !(J > 0 && T[J - 1].is(".")) &&
                   Assigned.count(T[J].Text) && !Twice.count(T[J].Text) &&
                   Seen.insert(T[J].Text).second)
            Todo.push_back(Assigned[T[J].Text]);
        }
      return Strings;
    };
    // Source files named there (Pytorch-Correlation-extension: `sources =
    // [join(project_root, file) for file in source_files]`, `source_files =
    // ['correlation.cpp', 'correlation_sampler.cpp']`): the extension whose
    // file names end Main's path the most.
    // (An extension whose sources show no literal at all may build Main
    // too: then none is named.)
    bool AllShown = SourcesOf.size() == Unlisted.size() &&
                    llvm::all_of(SourcesOf, [&](const auto &E) { return !Followed(E.second).empty(); });
    std::map<std::string, size_t> ByName;
    for (const auto &[Name, Ranges] : SourcesOf)
      for (const Tok *K : Followed(Ranges)) {
        llvm::StringRef S = K->Text;
        if (S.ends_with(".cpp") || S.ends_with(".cc") || S.ends_with(".cxx") ||
            S.ends_with(".cu"))
          if (size_t How = Lists(S, /*Exact=*/false))
            ByName[Name] = std::max(ByName[Name], How);
      }
    size_t Most = 0;
    for (const auto &[N, How] : ByName)
      Most = std::max(Most, How);
    if (AllShown && llvm::count_if(ByName, [&](const auto &E) { return E.second == Most; }) == 1)
      for (const auto &[N, How] : ByName)
        if (How == Most)
          return N;
    if (Unlisted.size() == 1) {
      std::vector<const Tok *> Strings;
      for (const Tok &K : T)
        if (K.Kind == Tok::Str && !K.FString)
          Strings.push_back(&K);
      if (GlobsMain(Strings))
        return *Unlisted.begin();
    } else if (Unlisted.size() > 1 && AllShown) {
      std::set<std::string> Matching;
      for (const auto &[Name, Ranges] : SourcesOf)
        if (GlobsMain(Followed(Ranges)))
          Matching.insert(Name);
      if (Matching.size() == 1)
        return *Matching.begin();
    }
  }
  return Closest.size() == 1 ? *Closest.begin() : "";
}

} // namespace

std::string extensionModuleOf(const std::string &MainFile, const std::string &Root,
                              const std::function<void(const std::string &)> &OnRead) {
  llvm::SmallString<256> Main(MainFile);
  llvm::sys::fs::make_absolute(Main);
  llvm::sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
  if (Root.empty() || !llvm::StringRef(Main).starts_with(Root))
    return {};
  llvm::SmallString<256> Dir = llvm::sys::path::parent_path(Main);
  while (llvm::StringRef(Dir).starts_with(Root)) {
    llvm::SmallString<256> Setup(Dir);
    llvm::sys::path::append(Setup, "setup.py");
    if (auto Buf = readTreeFile(Setup, {Root}, 4u << 20)) {
      if (OnRead)
        OnRead(Dir.str().str()); // A cached result depends on it.
      if (std::string Name = extensionNameIn(Buf->getBuffer(), Dir, Main); !Name.empty())
        return Name;
    }
    // Else a module of the package that builds it when imported
    // (chrdiller's `cd = load(name="cd", sources=[os.path.join(script_path,
    // "chamfer_distance.cpp"), ...])`): the other .py files of the
    // directory that call load, by name, one name only among them.
    std::set<std::string> Loaded;
    std::vector<std::string> Candidates;
    std::error_code EC;
    unsigned Entries = 0;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC && Entries < 512;
         It.increment(EC), ++Entries)
      if (It->type() == llvm::sys::fs::file_type::regular_file &&
          llvm::StringRef(It->path()).ends_with(".py") &&
          llvm::sys::path::filename(It->path()) != "setup.py")
        Candidates.push_back(It->path());
    std::sort(Candidates.begin(), Candidates.end());
    if (Candidates.size() > 64)
      Candidates.resize(64);
    for (const std::string &Py : Candidates)
      if (auto Buf = readTreeFile(Py, {Root}, 1u << 20);
          Buf && Buf->getBuffer().contains("load(") &&
          Buf->getBuffer().contains("cpp_extension")) {
        if (OnRead)
          OnRead(Dir.str().str());
        if (std::string Name = extensionNameIn(Buf->getBuffer(), Dir, Main); !Name.empty())
          Loaded.insert(Name);
      }
    if (Loaded.size() == 1)
      return *Loaded.begin();
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent.size() >= Dir.size())
      break;
    Dir.resize(Parent.size()); // The parent is a prefix.
  }
  return {};
}

std::vector<std::string> pythonRoots(llvm::StringRef Option, const std::string &ProjectRoot) {
  std::vector<std::string> Roots;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Option.split(Parts, ';', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Roots.push_back(P.trim().str());
  if (Roots.empty() && !ProjectRoot.empty())
    Roots.push_back(ProjectRoot);
  return Roots;
}

std::string gitWorkTreeOf(const std::string &Path) {
  llvm::SmallString<256> Dir(Path);
  llvm::sys::fs::make_absolute(Dir);
  if (!llvm::sys::fs::is_directory(Dir))
    llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return Dir.str().str();
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return {};
}

} // namespace torchlint::model
