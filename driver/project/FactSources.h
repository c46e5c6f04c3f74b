//===--- FactSources.h - Which sources can add facts to the named files -*- C++ -*-===//
//
// Project mode lints the named files with the facts of the rest of their
// project (ProjectLint.h). Parsing every other source of a large repository
// for its facts costs minutes (hundreds of device-only kernel instantiations
// in an attention library); most of them cannot change a finding of the
// files asked about. This is a text pass (no parse, bounded per file, every
// read by the tree's rule, SafeRead.h) that picks the sources whose facts
// can:
//
// - callers, upward: a source that names a function the named files (or a
//   caller already picked) define: it may register it as a kernel, bind it,
//   or call it from a traced root (ProjectView::tracedContextOf,
//   registeredElsewhere, callersElsewhere);
// - definitions, downward: a source that defines a function the named files'
//   translation units call and do not define themselves (or one a picked
//   definition calls): backendOf, dataReadOf, paramWriteOf, bodyElsewhere;
// - operators: a source that defines or registers an operator the named
//   files define or register (kernelsElsewhere, schemaElsewhere), and, when
//   a named file binds with pybind11, every source that defines operators
//   (opsElsewhere).
//
// A source with no torch host code (it never names at::, torch::, c10::,
// pybind11, a registration macro or a torch header, nor includes a project
// header that does) is never picked. Names are identifiers outside comments;
// a member call (`x.size()`) names no project function.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_FACTSOURCES_H
#define TORCHLINT_DRIVER_FACTSOURCES_H

#include "model/ProjectModel.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// What the text pass reads of one file's own text.
struct SourceText {
  bool TorchHost = false;     ///< Names the torch or pybind11 API itself.
  bool DefinesOps = false;    ///< TORCH_LIBRARY (not _IMPL), RegisterOperators.
  bool BindsPython = false;   ///< PYBIND11_MODULE, py::class_.
  std::set<std::string> Defines;  ///< Functions it defines (not macros).
  /// Those of Defines it defines as explicit specializations
  /// (`template <> void run<half>(...) {`).
  std::set<std::string> Specializations;
  std::set<std::string> Mentions; ///< Functions it calls or refers to.
  /// Mentions by the function whose body names them ("": in a macro's
  /// block such as TORCH_LIBRARY's or PYBIND11_MODULE's).
  std::map<std::string, std::set<std::string>> Calls;
  std::set<std::string> Ops;      ///< Operator names of its def/impl strings.
  std::vector<std::string> Includes; ///< `#include "..."` as written.
  size_t Bytes = 0;              ///< The text's size.
  bool CudaHeaders = false;      ///< It includes CUDA's (or cuBLAS's, ...) headers.
  /// `.def(` and `.impl(` calls: pybind11 bindings and kernel registrations,
  /// each a template instantiation of its own in a parse.
  unsigned Registrations = 0;
};

/// A parse's estimated cost of \p Path, in CPU seconds on the machine of
/// docs/linter-speed.md: a CUDA source's headers cost ten times a C++
/// source's (it parses without the PCH), a C++ source that includes CUDA's
/// headers four times; then its size and its project headers' (\p
/// HeaderBytes), and its registrations.
double parseCostOf(llvm::StringRef Path, const SourceText &T, size_t HeaderBytes = 0,
                   bool CudaHeaders = false);

/// Reads \p Text (C++ or CUDA source).
SourceText readSourceText(llvm::StringRef Text);

struct FactSourceSelection {
  /// The candidates picked, in their order.
  std::vector<std::string> Picked;
  /// Per picked candidate, why ("names 'f'", "defines 'g'", ...).
  std::vector<std::string> Why;
  /// Per picked candidate, what its text says it defines, names and
  /// registers (its project headers' too), and its parseCostOf.
  std::vector<model::DeferredSource> Texts;
  std::vector<double> Cost;
  /// The picked candidates' indexes in Picked, most needed first: those
  /// that register or bind what the named files define or call them
  /// (whether their code is traced, exempt, bound), then those that define
  /// or register the same operators, then the definitions of what they
  /// call, nearest first (what their bodies do).
  std::vector<size_t> ByNeed;
  /// Per named file (in their order), its parseCostOf, and the other named
  /// files (indexes) whose facts can change its findings.
  std::vector<double> NamedCost;
  std::vector<std::vector<size_t>> NamedNeeds;
  /// Candidates left out for having no torch host code.
  size_t NotHost = 0;
  /// False when the pass gave up (a read over its byte budget): then every
  /// candidate is picked.
  bool Complete = true;
};

/// Of \p Candidates (the other sources of the named files' project under
/// \p Root), those whose facts can change the findings of \p Named. An
/// `#include "..."` is looked for beside the including file, then in each
/// directory above it up to \p Root, then among \p Headers (the project's,
/// as -I directories find them: the one whose path ends with the name,
/// nearest the includer); a header outside the root is not the project's.
FactSourceSelection selectFactSources(const std::vector<std::string> &Named,
                                      const std::vector<std::string> &Candidates,
                                      const std::vector<std::string> &Headers,
                                      const std::string &Root);

} // namespace torchlint

#endif
