//===--- ProjectModel.h - The project as one program --------------*- C++ -*-===//
//
// The merged facts of a project's TUs (ProjectFacts.h) and what a TU's checks
// ask of them: is this function traced because another file registers it
// (or a caller) as a Meta, composite or autograd kernel; which kernels do
// other files register for this op; is this bound function already a
// registered op elsewhere.
//
// Every question a TU asks is recorded with its answer (a ProjectQuery). A
// first pass lints each file with only its own facts; the driver merges all
// facts, asks each file's questions again of the merged index, and re-lints
// only the files whose answers changed. Since the checks read the project
// only through these questions, the result is the same as linting every file
// with the full index, and a cached result stays valid while its answers do.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CHECKS_MODEL_PROJECTMODEL_H
#define TORCHLINT_CHECKS_MODEL_PROJECTMODEL_H

#include "ProjectFacts.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace torchlint::model {

class Session;

/// A source whose facts could change the findings of the files linted, not
/// parsed in this run (over a first run's budget, ProjectLint.h): what its
/// text says it defines, names and registers (FactSources.h), its project
/// headers included. An answer these could change says it assumed them.
struct DeferredSource {
  std::string File;
  std::set<std::string> Defines, Mentions, Ops;
  bool DefinesOps = false;
};

/// The facts of a project's TUs, by main file (absolute path).
struct ProjectIndex {
  std::map<std::string, TUFacts> Units;
  /// SHA-256 (hex) of each unit's main file when its facts were taken: a
  /// stored index serves a file only while its bytes are those.
  std::map<std::string, std::string> Digests;
  /// This run's deferred sources (never stored: a later run parses them).
  std::vector<DeferredSource> Deferred;

  nlohmann::json toJson() const;
  /// Throws nlohmann::json::exception on a malformed document.
  static ProjectIndex fromJson(const nlohmann::json &J);

  /// Where torch-lint stores the index of the project at \p Root in the
  /// cache \p CacheDir: <cache>/projects/<digest of the root>.json.
  static std::string storedPath(const std::string &CacheDir, const std::string &Root);
  /// The stored index at \p Path, less the entries whose file changed since
  /// it was written (added to \p Stale when the file still exists); empty
  /// when there is none or it is not an index.
  static ProjectIndex load(const std::string &Path, std::vector<std::string> *Stale = nullptr);
  /// torch-lint's default cache: $XDG_CACHE_HOME/torchlint, ~/.cache/torchlint.
  static std::string defaultCacheDir();
};

/// A function torch.compile traces because of registrations in the project.
struct ProjectContext {
  std::string Key;    ///< The root registration's dispatch key.
  std::string Reason; ///< "'ns::f' is registered as the Meta kernel of 'ns::op' (ops.cpp:12)".
  /// FunctionContext::RootCannotRunOnFakes: a catch-all root that reads data.
  bool RootCannotRunOnFakes = false;
};

/// The project as the TU with main file \p MainFile sees it: its own facts
/// (fresh) and those of every other TU in the index.
class ProjectView {
public:
  /// Paths in answers and notes are shown as \p Shown shows them (relative
  /// to their project root), so the driver's view asks as the TU's did.
  ProjectView(const Session &Shown, std::shared_ptr<const ProjectIndex> Index,
              std::string MainFile, TUFacts Own);

  /// The answer to a question, as a string (what is recorded and compared):
  /// what the facts say, then, when deferred sources could change it,
  /// AssumedMark and their files (what the checks get is the first part).
  std::string answer(const std::string &Kind, const std::string &Arg) const;
  static constexpr const char *AssumedMark = "\n\x1f assumed: ";
  /// The deferred sources answers given since the last takeAssumed(),
  /// display paths, sorted: what the next finding assumed.
  std::vector<std::string> takeAssumed();
  /// Gives back what takeAssumed() took: a check that reports its findings
  /// after asking for all of them.
  void restoreAssumed(const std::vector<std::string> &Files) {
    Assumed.insert(Files.begin(), Files.end());
  }
  /// The note that says so.
  static std::string assumedNote(const std::vector<std::string> &Files);

  /// Traced through a root anywhere in the project (the TU's own roots too:
  /// the caller asks only when its own model found nothing traced).
  std::optional<ProjectContext> tracedContextOf(const std::string &Usr);
  /// Kernels other TUs register for \p Op ("ns::op" or "ns::op.overload").
  std::vector<KernelFact> kernelsElsewhere(const std::string &Op);
  /// "ns::op" when another TU registers the function \p Usr as a kernel of
  /// it (the lowest such op); else empty. (By USR only: an op of the same
  /// name in another namespace says nothing about this function.)
  std::string registeredElsewhere(const std::string &Usr);
  /// "name\tfile:line" when another TU binds the function \p Usr with
  /// pybind11 (the lowest such binding); else empty.
  std::string boundElsewhere(const std::string &Usr);
  /// The backends the code of \p Usr and the project functions it reaches
  /// (in any TU) runs on: "cpu", "cuda", "cpu cuda" (a device branch, or
  /// tensor ops with a tensor made from host memory, which fake tensors
  /// cannot run), "composite" (tensor ops only), "none" (no tensor op at
  /// all: a lookup that returns a kept tensor), "python" (something there
  /// releases the GIL or calls Python); empty when a function on the way
  /// is defined nowhere in the project, "indirect\tfile:line" when one on
  /// the way hands tensors to a call through a pointer (CallFact with no
  /// callee), which may run any backend's code. Raw pointers taken beside a
  /// CUDA launch are not CPU work.
  std::string backendOf(const std::string &Usr);
  /// The nearest host work (FunctionFact::HostWork) in the code of \p Usr or
  /// the project functions it reaches (in any TU), breadth first:
  /// "what\tfile:line\tfunction"; empty when none shows any.
  std::string hostWorkOf(const std::string &Usr);
  /// The operators other TUs define ("ns::op", "ns::op.overload"), sorted.
  std::vector<std::string> opsElsewhere();

  /// Whether another TU's definition of \p Usr releases the GIL or calls
  /// Python ("python"), writes static state ("shared":
  /// usesSharedStaticState), or none of these ("plain"), then a space and
  /// where it is ("plain csrc/cpu/k.cpp:12"); empty when no other TU
  /// defines it.
  std::string bodyElsewhere(const std::string &Usr);
  /// The fake kernel another TU's definition of \p Usr implies
  /// (FunctionFact::FakeReturn): its parameters' names there, a tab, the
  /// Python it returns; empty when no other TU's body shows one, or two
  /// show different ones.
  std::string fakeElsewhere(const std::string &Usr);
  /// Where \p Usr or a project function it reaches (in any TU) first reads
  /// tensor data: "file:line call" (file relative to its work tree); empty
  /// when nothing it reaches does.
  std::string dataReadOf(const std::string &Usr);

  /// How the project function \p Usr writes its parameter \p Index, in any
  /// TU's definition or in a project function it passes the parameter to
  /// (ParamFact::Write, followed through CallFact::FromParam):
  /// "how\tfile:line" of the write; empty when nothing writes it.
  std::string paramWriteOf(const std::string &Usr, unsigned Index);
  /// paramWriteOf, or a writable pointer to the parameter's data handed to
  /// a function there (ParamFact::HandedOut): "yes"; else, when the
  /// parameter reaches a call through a pointer, whose writes cannot be
  /// seen, "unknown\tfile:line" of that call; else empty.
  std::string paramMayBeWritten(const std::string &Usr, unsigned Index);
  /// Where the project function \p Usr, or one whose result it returns
  /// with the parameter passed on, returns its parameter \p Index as it
  /// is (ParamFact::ReturnedAt, followed through CallFact::Returned):
  /// "file:line"; empty when it does not.
  std::string paramReturnedAt(const std::string &Usr, unsigned Index);
  /// The calls other TUs make of \p Usr: "calls contiguous" (how many pass
  /// a parameter \p Index known contiguous), then a tab and where the first
  /// other call is; empty when no other TU calls it.
  std::string callersElsewhere(const std::string &Usr, unsigned Index);
  /// How another TU's definition of \p Usr writes all of its pointer
  /// parameter \p Index (FunctionFact::WholeWrites): "constant bound..."
  /// (the indices of the parameters whose product, times the constant, is
  /// the count), a tab, where it is defined; empty when no other TU defines
  /// it, or one of its definitions does not.
  std::string wholeWriteElsewhere(const std::string &Usr, unsigned Index);
  /// The schema another TU defines for \p Op ("ns::op" or "ns::op.overload"):
  /// "schema\tfile:line"; empty when none does.
  std::string schemaElsewhere(const std::string &Op);

  const std::vector<ProjectQuery> &queries() const { return Queries; }
  const TUFacts &ownFacts() const { return Own; }

  /// The view of the TU \p Ctx belongs to (TUModel::view): made on first
  /// use from its own facts and its session's index.
  static ProjectView &get(clang::ASTContext &Ctx);

  /// A path as notes show it: relative to its project root.
  std::string displayPath(const std::string &File) const;

private:
  std::string where(const Site &S) const;
  std::string registration(const KernelFact &K) const;
  const ProjectContext *traced(const std::string &Usr) const;
  /// Every definition of each function in the project (a header's inline
  /// function has one per TU that includes it).
  const std::unordered_map<std::string, std::vector<const FunctionFact *>> &definitions() const;
  std::vector<const TUFacts *> others() const;
  std::string writeOf(const std::string &Usr, unsigned Index,
                      std::set<std::pair<std::string, unsigned>> &Seen, bool Handed,
                      std::string *Indirect) const;
  /// The definitions of \p Usr, with \p Index mapped onto its parameter
  /// pack; null when there are none, or (\p Usr, \p Index) is in \p Seen
  /// (then added) or the walk has gone far enough.
  const std::vector<const FunctionFact *> *
  definitionsOnce(const std::string &Usr, unsigned &Index,
                  std::set<std::pair<std::string, unsigned>> &Seen) const;
  std::string returnOf(const std::string &Usr, unsigned Index,
                       std::set<std::pair<std::string, unsigned>> &Seen) const;
  std::string record(const std::string &Kind, const std::string &Arg);
  /// The facts' answer (answer() less what it assumed).
  std::string factsAnswer(const std::string &Kind, const std::string &Arg) const;
  /// The deferred sources that could change the answer to (Kind, Arg).
  std::set<std::string> assumedFor(const std::string &Kind, const std::string &Arg) const;

  const Session &Shown;
  std::shared_ptr<const ProjectIndex> Index;
  std::string MainFile;
  TUFacts Own;
  std::vector<ProjectQuery> Queries;
  std::set<std::string> Assumed;
  mutable bool TracedBuilt = false, DefinitionsBuilt = false;
  mutable std::unordered_map<std::string, std::vector<const FunctionFact *>> Definitions;
  mutable std::map<std::string, ProjectContext> Traced;
  /// Who calls each function (assumedFor's upward walk), made once.
  mutable bool CallersBuilt = false;
  mutable std::unordered_map<std::string, std::vector<std::string>> CallersOf;
};

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PROJECTMODEL_H
