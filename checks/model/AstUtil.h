//===--- AstUtil.h - Small AST queries the checks share ---------*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_ASTUTIL_H
#define TORCHLINT_CHECKS_MODEL_ASTUTIL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace torchlint::model {

/// The function whose body contains \p S (lambdas are looked through).
const clang::FunctionDecl *enclosingFunction(const clang::Stmt &S,
                                             clang::ASTContext &Ctx);

/// \p E (after ignoreWrappers) names \p D (a variable, or a member of the
/// object the code runs in: `m`, `this->m`).
bool refersTo(const clang::Expr *E, const clang::ValueDecl *D);

/// \p D is referenced anywhere under \p S (as refersTo names it).
bool mentions(const clang::Stmt *S, const clang::ValueDecl *D);

/// The integer value of a constant expression.
std::optional<int64_t> intValue(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The class template specialization a type names, through references.
const clang::ClassTemplateSpecializationDecl *templateSpecializationOf(clang::QualType T);

/// \p S without braces around a single statement.
const clang::Stmt *singleStatement(const clang::Stmt *S);

/// \p Loc (its expansion) lies within \p S's source range.
bool isWithin(clang::SourceLocation Loc, const clang::Stmt *S,
              const clang::SourceManager &SM);

/// Where the value of \p E is used: \p E itself, and, when \p E initialises
/// a variable or is assigned to a variable or member (`v = E`, `m_ = E`),
/// every reference to that variable or member under \p Scope.
std::vector<const clang::Expr *> valueUses(const clang::Expr *E, const clang::Stmt *Scope,
                                           clang::ASTContext &Ctx);

/// Whether \p S is in a branch of an `if` whose condition is made of the
/// template's non-type parameters only (`if (!kIsMeta)`, xformers' sparse24
/// kernels): which of the template's instances runs it is the flag's, and a
/// registration names one instance while a check's context is the
/// function's, so no context is sure to run it.
bool inBranchTemplateFlagsRuleOut(const clang::Stmt &S, clang::ASTContext &Ctx);

/// \p Holds is true of every reference to \p V under \p Scope (stops at the
/// first one it is false of).
bool everyReference(const clang::ValueDecl *V, const clang::Stmt *Scope,
                    llvm::function_ref<bool(const clang::DeclRefExpr &)> Holds);

/// Whether \p S always throws: `throw ...;`, a call of a [[noreturn]]
/// function, `AT_ERROR(...)`, `TORCH_CHECK(false, ...)`, `AT_CHECK(false, ...)`.
bool failsUnconditionally(const clang::Stmt *S, const clang::SourceManager &SM);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_ASTUTIL_H
