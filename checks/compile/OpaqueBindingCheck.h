//===--- OpaqueBindingCheck.h - torch-compile-opaque-binding ----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H
#define TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H

#include "PythonFixIts.h"
#include "TorchCheck.h"

#include <set>

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace torchlint::model {
struct PyBinding;
struct MigratedBinding;
}

namespace torchlint::checks {

/// Flags pybind11 bindings of functions that take or return tensors: Dynamo
/// cannot trace them, so every call is a graph break. Offers a TORCH_LIBRARY
/// registration with the schema inferred from the C++ signature. Methods of
/// py::class_ objects are flagged too, with the advice a method needs.
///
/// For the user-facing documentation see docs/checks/torch-compile-opaque-binding.md
class OpaqueBindingCheck : public TorchCheck {
public:
  OpaqueBindingCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// A py::class_ method that takes or returns tensors.
  void reportMethod(const model::PyBinding &B, clang::ASTContext &Ctx);
  /// The project's Python uses of a module's migrated bindings: the calls
  /// the migration's fix-it rewrites to torch.ops, and those it leaves
  /// (where, the callee as written, why).
  struct CallerRewrite {
    /// Where to say the calls are left as they are: the fix registers into
    /// TORCH_EXTENSION_NAME, whose value the build alone knows.
    clang::SourceLocation NameUnknown;
    std::vector<clang::SourceLocation> Rewritten;
    std::vector<std::tuple<clang::SourceLocation, std::string, std::string>> Left;
    /// "file:line" (the Python file's path from its root) of every use
    /// found, rewritten or left.
    std::set<std::string> Covered;
    /// Bindings whose call where torch.compile traces ("file:line", as
    /// PythonOps::reachedUse gives it) is none of those: made through a name
    /// the rewrite does not follow (a module kept as a package attribute).
    std::vector<std::pair<std::string, std::string>> Unfollowed;
    clang::SourceLocation At; ///< Where to say so: the finding's binding.
  };
  /// Adds to \p D the rewrite of the calls of \p Migrating, the bindings of
  /// \p B's module its fix registers in the namespace \p Ns.
  CallerRewrite rewriteCallers(clang::DiagnosticBuilder &D, clang::ASTContext &Ctx,
                               const model::PyBinding &B, const std::string &Ns,
                               const std::vector<model::MigratedBinding> &Migrating);
  /// Adds to \p D the register_fake of each of \p Fakes, in the project's
  /// Python file that calls it (the first that is no test), after its
  /// top-level import of \p B's module; records where in \p WrittenAt.
  void writeFakes(clang::DiagnosticBuilder &D, clang::ASTContext &Ctx, const model::PyBinding &B,
                  const std::string &Ns, const std::vector<model::MigratedBinding> &Migrating,
                  const std::vector<PythonFake> &Fakes,
                  std::map<std::string, clang::SourceLocation> &WrittenAt);
  /// Says what rewriteCallers did, as notes of the finding.
  void noteRewrite(const std::string &Ns, const CallerRewrite &R);
  /// Where the Python callers of the bindings are (as missing-fake-kernel's
  /// option): ';'-separated; default the file's git work tree.
  std::string PythonRoots;
};

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_OPAQUEBINDINGCHECK_H
