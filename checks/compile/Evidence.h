//===--- Evidence.h - Notes that explain a function's context ----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_COMPILE_EVIDENCE_H
#define TORCHLINT_CHECKS_COMPILE_EVIDENCE_H

#include "../model/Registrations.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace torchlint::checks {

/// Adds notes saying why the code runs where it does: the registration, then
/// the call chain from the registered kernel.
void noteContext(clang::tidy::ClangTidyCheck &Check,
                 const model::FunctionContext &Context);

/// "the Meta kernel", "a CompositeImplicitAutograd kernel" ... for messages.
std::string contextPhrase(const model::FunctionContext &Context);

} // namespace torchlint::checks

#endif // TORCHLINT_CHECKS_COMPILE_EVIDENCE_H
