//===--- Session.h - What one lint run knows, and one TU's model -*- C++ -*-===//
//
// The torch model the checks share lives in two objects, never in globals:
//
// - a Session: what one lint run knows of its projects, made by whoever runs
//   the lint (torch-lint's engine, a test, an editor server): how a file's
//   project root is found, the merged project index, and the caches filled
//   as the run goes (each Python tree scanned once, each directory's root
//   found once). Thread-safe: a run's worker threads share it.
// - a TUModel: one translation unit's model (its Registrations, its
//   ProjectView), made on first use and gone with the TU's ASTContext.
//
// The checks reach both through their TU's ASTContext (TUModel::of,
// Registrations::get, ProjectView::get). The engine binds each TU to its run's
// Session before the checks see it (TUModel::bind); two runs over two projects
// can thus lint at once in one process and each sees only its own project. A
// TU nobody binds (the clang-tidy plugin's: clang-tidy lints one file at a
// time, one run a process) uses the session the host set with
// Session::setUnbound, else a plain one.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_SESSION_H
#define TORCHLINT_CHECKS_MODEL_SESSION_H

#include "PythonTree.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
}

namespace torchlint::model {

struct ProjectIndex;
class ProjectView;
class Registrations;
struct PyBinding;
struct FunctionContext;

class Session {
public:
  struct Settings {
    /// The root of the project a path belongs to (--project-root, the git
    /// work tree, a setup.py directory...), or "" when nothing marks one.
    /// Null: its git work tree (gitWorkTreeOf).
    std::function<std::string(const std::string &)> RootOf;
    /// The merged facts of the run's projects (null: none; each TU then sees
    /// only its own, or the stored index below).
    std::shared_ptr<const ProjectIndex> Index;
    /// With no Index: each TU sees the index torch-lint stored in this cache
    /// for its git work tree (the clang-tidy plugin). Empty: none.
    std::string StoredIndexCache;
    /// With no Index: the index given once it is known (a worker started
    /// while its parent still gathers the facts, ProjectLint.cpp), asked for
    /// when a TU first needs it (after its parse) and kept.
    std::function<std::shared_ptr<const ProjectIndex>()> LateIndex;
  };

  explicit Session(Settings S = {});
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// The root of the project \p Path belongs to (Settings::RootOf).
  std::string projectRootOfFile(const std::string &Path) const;
  /// A path as notes show it: relative to its project root (each
  /// directory's root found once a session).
  std::string displayPath(const std::string &File) const;
  /// The project index a TU whose main file is \p Main sees (null: none).
  std::shared_ptr<const ProjectIndex> indexFor(const std::string &Main) const;

  /// The scan of the Python files under \p Roots, each set of roots
  /// scanned once a session.
  const PythonOps &pythonOps(const std::vector<std::string> &Roots) const;
  /// pythonTreeDigest of \p Root, taken once a session.
  std::string pythonTreeDigest(const std::string &Root) const;
  /// Every scan pythonOps made, as JSON; and the other way: scans another
  /// process made (a worker's parent's), taken as this session's own. False
  /// when \p Json is not such a list.
  std::string pythonScansToJson() const;
  bool preloadPythonScans(llvm::StringRef Json);

  /// The Python files a fix-it edits (the caller rewrite of opaque-binding's
  /// migration), with the SHA-256 of the bytes its offsets count in: --fix
  /// writes such a file only while it still holds them.
  void notePythonToEdit(const std::string &Path, const std::array<uint8_t, 32> &Digest) const;
  std::map<std::string, std::array<uint8_t, 32>> pythonToEdit() const;

  /// The session of the TUs nobody binds: the one set here (once, when a
  /// host such as the clang-tidy plugin loads), else a plain Session.
  static std::shared_ptr<Session> unbound();
  static void setUnbound(std::shared_ptr<Session> S);

private:
  Settings S;
  mutable std::mutex Lock; ///< Everything below but Scans.
  /// Held while a tree is scanned (the run's other threads want the same
  /// scan; paths are still shown meanwhile).
  mutable std::mutex ScanLock;
  mutable std::map<std::vector<std::string>, std::unique_ptr<PythonOps>> Scans;
  /// pythonScansToJson's last answer, and how many scans it holds (they are
  /// only ever added).
  mutable std::string ScansJson;
  mutable size_t ScansJsonOf = size_t(-1);
  mutable std::map<std::string, std::string> TreeDigests;
  mutable std::map<std::string, std::array<uint8_t, 32>> PythonToEdit;
  mutable std::map<std::string, std::string> RootOfDirectory;
  mutable std::map<std::string, std::shared_ptr<const ProjectIndex>> StoredIndexes;
  mutable std::once_flag LateOnce;
  mutable std::shared_ptr<const ProjectIndex> Late;
};

/// One TU's model: what its checks share, made on first use from the TU.
class TUModel {
public:
  /// The model of the TU \p Ctx belongs to; made on first use, bound to the
  /// session bind gave it (else Session::unbound()); gone with \p Ctx.
  static TUModel &of(clang::ASTContext &Ctx);
  /// Binds the TU \p Ctx to \p S before its checks run; \p OnPythonTree is
  /// told the root of each Python tree the checks read, a setup.py's
  /// directory too (a cached result depends on them).
  static void bind(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
                   std::function<void(const std::string &)> OnPythonTree = {});
  /// Ends the model of \p Ctx now (else it ends with \p Ctx).
  static void release(clang::ASTContext &Ctx);

  const Registrations &registrations();
  ProjectView &view();

  /// The Python the checks read for this TU: the roots of a PythonRoots
  /// option (';'-separated), else the TU's project root.
  const PythonOps &pythonOps(llvm::StringRef RootsOption);
  /// The uses of the bindings \p Bindings of the extension module \p Module
  /// in the Python this TU's checks read (bindingCallsUnder), each file's
  /// digest noted in the session (notePythonToEdit).
  std::vector<PythonFileCalls> bindingCalls(llvm::StringRef RootsOption, llvm::StringRef Module,
                                            const std::vector<MigratedBinding> &Bindings);
  /// The files of the Python this TU's checks read that import the
  /// extension module \p Module at their top level (moduleImportersUnder),
  /// each file's digest noted in the session (notePythonToEdit).
  std::vector<PythonFileCalls> moduleImporters(llvm::StringRef RootsOption, llvm::StringRef Module);
  /// Why torch.compile never runs the operator rooting \p C in this
  /// project: its Python uses it only where torch.compile does not trace
  /// (PythonOps::untracedOpUses), or names its namespace's ops one by one
  /// and never this one (PythonOps::neverNamedOp); "" otherwise. The
  /// exemption missing-fake-kernel asks, for the checks of traced kernels.
  std::string opNeverTraced(const FunctionContext &C);
  /// What TORCH_EXTENSION_NAME expands to for this TU (extensionModuleOf).
  std::string extensionModule();
  /// Why nobody acts on a finding about the binding \p B: the project's
  /// Python never uses it or only in tests while it uses other bindings of
  /// its module (PythonOps::unusedBinding); "" otherwise.
  std::string unusedBinding(const PyBinding &B, llvm::StringRef RootsOption);
  /// The Python module of the binding \p B: its PYBIND11_MODULE's name, the
  /// one setup.py builds the file into for TORCH_EXTENSION_NAME (the
  /// placeholder the engine defines); "" where unknown.
  std::string bindingModule(const PyBinding &B);

  /// Notes an error the compiler reported at \p L while parsing the TU (the
  /// engine's diagnostic consumer tells): a statement Clang rejects may be
  /// missing from the AST, and with it a write (apex's kernel launch with a
  /// braced block size, which nvcc accepts).
  void noteError(clang::SourceLocation L);
  /// Whether an error was noted within \p Body (its file range).
  bool rejectedWithin(const clang::Stmt *Body) const;

  ~TUModel();

private:
  /// \p Files, each noted in the session as a file a fix may edit.
  std::vector<PythonFileCalls> toEdit(std::vector<PythonFileCalls> Files);
  TUModel(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
          std::function<void(const std::string &)> OnPythonTree);
  static TUModel &make(clang::ASTContext &Ctx, std::shared_ptr<Session> S,
                       std::function<void(const std::string &)> OnPythonTree);

  clang::ASTContext &Ctx;
  std::shared_ptr<Session> S;
  std::function<void(const std::string &)> OnPythonTree;
  std::string Main;
  std::unique_ptr<Registrations> Model;
  std::unique_ptr<ProjectView> View;
  bool MakingView = false;
  std::vector<clang::SourceLocation> Rejected; ///< noteError's, as file locations.
};

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_SESSION_H
