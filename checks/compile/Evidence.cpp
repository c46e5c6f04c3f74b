//===--- Evidence.cpp - Notes that explain a function's context -----------===//

#include "Evidence.h"

using namespace clang;

namespace torchlint::checks {

void noteContext(tidy::ClangTidyCheck &Check, const model::FunctionContext &C) {
  if (C.Chain.empty())
    return;
  if (!C.Elsewhere.empty()) {
    Check.diag(C.Chain.front()->getLocation(), "%0", DiagnosticIDs::Note) << C.Elsewhere;
    return;
  }
  std::string Root = model::functionName(C.Chain.front());
  if (C.Evidence)
    Check.diag(isa<CallExpr>(C.Evidence) ? model::registrationLoc(cast<CallExpr>(C.Evidence))
                                         : C.Evidence->getBeginLoc(),
               "'%0' is %1", DiagnosticIDs::Note)
        << Root << C.Reason;
  for (size_t I = 1; I < C.Chain.size(); ++I)
    Check.diag(C.Chain[I]->getLocation(), "'%0' is called from '%1'",
               DiagnosticIDs::Note)
        << model::functionName(C.Chain[I]) << model::functionName(C.Chain[I - 1]);
}

std::string contextPhrase(const model::FunctionContext &C) {
  // "an Autograd kernel", "an AutogradCUDA kernel", "a Meta kernel".
  bool Vowel = !C.Key.empty() && std::string("AEIOU").find(C.Key[0]) != std::string::npos;
  return (Vowel ? "an " : "a ") + C.Key + " kernel";
}

} // namespace torchlint::checks
