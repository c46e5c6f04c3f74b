//===--- PythonFakes.h - Fake kernels registered from Python -----*- C++ -*-===//

#ifndef TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
#define TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint::model {

/// What the Python files under some roots say about custom operators.
///
/// Names are torch's operator names: "ns::op" for the default overload,
/// "ns::op.overload" for another (".default" is the default overload), or
/// "*::op" / "*::op.overload" when the namespace lives in a Library object.
struct PythonOps {
  /// Operators given a fake (abstract, Meta) kernel:
  /// `torch.library.register_fake("ns::op")` (also as a decorator, also
  /// with an OpOverload, `register_fake(torch.ops.ns.op.out)`),
  /// `impl_abstract("ns::op")`, `register_meta("ns::op")`,
  /// `torch.library.impl("ns::op", "Meta")`, `lib.impl("op", fn, "Meta")`.
  /// Each names exactly one overload.
  std::set<std::string> Fakes;
  /// Non-default overloads named as `torch.ops.ns.op.overload` (called or
  /// passed around): evidence that Python code runs them. Value: the file
  /// (relative to its root) that names it first.
  std::map<std::string, std::string> Called;
  /// Namespaces given a fake kernel under a name the scan cannot resolve
  /// (a register_fake/impl_abstract/register_meta/Meta impl whose name is
  /// built from a function parameter, a loop over a variable...): the check
  /// cannot tell which of their ops have one. Value: "file:line" of the
  /// first such registration. "*" when even the namespace is unknown; the
  /// namespaces that file names (a string literal "ns" or "ns::...",
  /// `torch.ops.ns`) are then recorded too, with the same place, so "*"
  /// itself stands for no namespace.
  std::map<std::string, std::string> UnresolvedNamespaces;
  /// Functions called as `module.name(...)` in the body of a function that
  /// is an operator's Python kernel (@torch.library.custom_op,
  /// @torch.library.impl, @lib.impl, register_kernel): a pybind11 binding
  /// called only there is behind an operator torch.compile sees. Value:
  /// "file:line" of the first such call.
  std::map<std::string, std::string> WrappedCalls;
  /// Where the project's Python calls or names each function (`x.name(...)`,
  /// `name(...)`, `x.name`; `torch.ops.ns.op.overload(...)` names `op` too;
  /// imports and definitions are not uses). Per use, the markers of the
  /// functions around it: each decorator's dotted name (the last part of a
  /// project's own, e.g. `disable_torch_compiler`; `torch.compiler.disable`
  /// for torch's compile exclusions, `torch._dynamo.disable` included),
  /// "@op-kernel" for an operator's Python kernel (isKernelDecorator),
  /// "test file" for every use in a test (isTestFile) that compiles
  /// nothing, "def __init__" for a constructor, "eager-only branch" for the block of
  /// an `if torch.jit.is_scripting():` (or `is_tracing()`, or `not
  /// torch.compiler.is_compiling()`) that torch.compile never runs; uses as
  /// `torch.ops.ns.op` are also uses of "ns::op". A `backward` takes the
  /// markers of its class's `forward` (an autograd.Function whose forward
  /// runs eagerly runs its backward eagerly). Value: "file:line" of the first use so marked;
  /// the empty set is a use torch.compile may trace (module level, a plain
  /// function or method).
  std::map<std::string, std::map<std::set<std::string>, std::string>> Uses;
  /// Decorators that keep torch.compile out of a function:
  /// "torch.compiler.disable" and the project's functions that apply it
  /// (detectron2's `disable_torch_compiler`, whose inner def is
  /// @torch.compiler.disable).
  std::set<std::string> CompileDisablers = {"torch.compiler.disable"};
  /// How many functions (`def NAME`) the project's Python defines per name:
  /// a call by a name several define (exllamav2's 14 `load` methods) does
  /// not say which one runs, so markReached follows only names defined once.
  std::map<std::string, unsigned> Definitions;
  /// Methods a project class declares `@abstractmethod`, or whose body
  /// begins `raise NotImplementedError` (TransformerEngine's
  /// FusibleOperation.fuser_forward, which 13 classes define): an interface
  /// the project calls on any of its implementations (`op.fuser_forward(...)`
  /// over a fuser's ops), so markReached follows a call by such a name to
  /// every definition, however many there are.
  std::set<std::string> AbstractMethods;
  /// "MODULE:NAME" of each function a module defines at its top level
  /// (MODULE: the file's stem, a package's directory for its __init__.py):
  /// a call `mod.NAME(...)` on such a module calls it, not a binding.
  std::set<std::string> ModuleFunctions;
  /// How many files of each MODULE define each top-level function, as
  /// "MODULE:NAME" (two `utils.py` may): a call on the module, or of the
  /// name imported from it, is that function where exactly one does.
  std::map<std::string, unsigned> ModuleFunctionDefs;
  /// What a package's `__init__.py` imports from its own modules, as
  /// "PACKAGE:MODULE:NAME" (NAME "*" for `from .MODULE import *`): the
  /// package's functions too (finishScan adds them to ModuleFunctions), so
  /// `tex.fused_attn_fwd(...)` after `from . import cpp_extensions as tex`
  /// calls TransformerEngine's JAX function, not a binding of that name.
  std::set<std::string> ReExports;
  /// Functions decorated as an operator's kernel (@op-kernel).
  std::set<std::string> KernelFunctions;
  /// How many times each name appears in the project's Python (every
  /// name token, called or not, however reached: `x.__all__[v].name(...)`
  /// too): an alias of a Function's apply named once is named only where
  /// it is made.
  std::map<std::string, unsigned> NameCounts;
  /// "MODULE:NAME:VALUE" of each module-level `NAME = VALUE` that binds a
  /// name to a plain name: finishScan makes NAME the module's function when
  /// VALUE is an operator's kernel (NATTEN's `fmha_forward =
  /// fmha_forward_torch_op`, a custom op), as `NAME = torch.ops.ns.op` is
  /// at once.
  std::set<std::string> NameAliases;
  /// What a package's `__init__.py` exports, its users' API: each name it
  /// imports from its own modules (`from .knn import knn`) or lists in
  /// `__all__`, with "file:line" of the export; StarExports the modules it
  /// re-exports whole (`from .torchpoints import *`: their public top-level
  /// functions). markReached walks from them as from a forward: a user
  /// calls them in code torch.compile traces. Only a package setup.py
  /// installs is one (its directory beside a setup.py, or under `src/`
  /// beside it): a model repository's inner packages are its own code.
  /// Test packages export nothing.
  std::map<std::string, std::string> Exports;
  std::map<std::string, std::string> StarExports;
  /// The functions (`def NAME`) whose body reads tensor values on the
  /// host (`.item()`, `.numpy()`, `.tolist()`) or manages memory
  /// (`torch.cuda.empty_cache()`, `gc.collect()`): eager code and setup,
  /// which the walk from the exports does not enter (metrics, clustering on
  /// numpy, AutoGPTQ's exllama_set_max_input_length).
  std::set<std::string> ReadsValues;
  /// The directories of the setup.py files scanned ("" for the root's).
  std::set<std::string> SetupDirs;
  /// The extension modules the setup.py files build, by the last part of
  /// their names (`CUDAExtension(name="omniserve_backend.layernorm_ops")`:
  /// "layernorm_ops").
  std::set<std::string> ExtensionModules;
  /// The C++ and CUDA sources the Python files name in string literals, by
  /// file name (`"ext_gptq.cpp"`, `root / "cuda" / "q_gemm.cu"`): a build
  /// that lists its sources by name (setup.py, a cpp_extension.load helper)
  /// compiles those. SourceGlobs: the file-name patterns of sources some
  /// string globs (`"csrc/*.cpp"` -> "*.cpp", `f"kernel_{tag}_*.cu"` ->
  /// "kernel_*_*.cu"): a file they match may be built too.
  std::set<std::string> SourceNames;
  std::set<std::string> SourceGlobs;

  /// Whether the file \p MainFile is one no build of the project compiles:
  /// the Python names, by file name, sources beside it (\p Siblings: the
  /// names of the files in its directory, listed once) and never it, and no
  /// glob of sources matches it.
  bool notBuilt(llvm::StringRef MainFile, const std::vector<std::string> &Siblings) const;
  /// The names markReached reached only from an export: name -> the
  /// exported name and the export's "file:line".
  std::map<std::string, std::pair<std::string, std::string>> ReachedFromExport;
  /// The capitalised names the project's Python mentions other than where
  /// it defines them (`Exp` in `apply_op(Exp, x)`): a class outside these
  /// is never used (finishScan).
  std::set<std::string> Mentioned;
  /// The classes the project's Python derives from an autograd Function
  /// (`class _Fp8Padding(torch.autograd.Function)`). Their forward and
  /// backward run where `CLASS.apply` (or `CLASS.forward`) is used: uses in
  /// them are "in CLASS.forward", and a use of "CLASS.apply" is the edge
  /// markReached follows, not every method named forward.
  std::set<std::string> AutogradFunctions;
  /// The bases of each class the project's Python defines, resolved through
  /// the file's imports ("torch.nn.Module", ".module.Module", "ABC"; a
  /// class with none has an empty list; one list per definition).
  /// markReached: a `forward` of a class whose bases end, within the
  /// project, at `ABC` or `object` (exllamav3's `Module(ABC)` engine) is no
  /// nn.Module's, and no root.
  std::map<std::string, std::vector<std::vector<std::string>>> ClassBases;
  /// The names of the directories the project's Python files are in
  /// ("exllamav3", "modules"): a base imported absolutely from one
  /// (`from exllamav3.modules import Module`) is the project's class.
  std::set<std::string> PythonDirs;
  /// Names the project's Python assigns a loaded extension module to: an
  /// attribute as ".NAME" (`self.inference_module = Builder().load()`, set
  /// in one file, used in another), a plain name as "FILE:NAME" (`ext =
  /// load(...)`, `_plugin = get_plugin(...)`). A call on one calls a binding.
  std::set<std::string> ExtensionHandles;
  /// The names an extension module is loaded as, by its name's last part:
  /// `cpu = load('psamask_cpu', [...])` in a package's __init__.py, called
  /// as `src.cpu.psamask_forward(...)` (hszhao/semseg): "psamask_cpu" ->
  /// {"cpu"}. keyFor asks for NAME@cpu where Python calls none on the module's own name.
  std::map<std::string, std::set<std::string>> LoadedAs;
  /// Operator names Python spells out, per namespace: `torch.ops.ns.op`
  /// (any overload), "ns::op" strings; namespace "*" for a name whose
  /// namespace is built (`f"{ns}::op"`). DynamicOpNamespaces: namespaces
  /// named in a way that can reach any op (`torch.ops.ns` kept or passed,
  /// `getattr(torch.ops.ns, name)`); "*" for all of them
  /// (`getattr(torch.ops, ns)`). Python calls operators through torch.ops:
  /// a string built as `f"ns::{name}"` names a registration, not a call.
  std::map<std::string, std::set<std::string>> NamedOps;
  std::set<std::string> DynamicOpNamespaces;
  /// Namespaces whose ops Python uses as `torch.ops.ns.op`: the package
  /// runs its own operators (a fake registration alone does not say which).
  std::set<std::string> CalledOpNamespaces;

  /// Why torch.compile traces none of the project's Python uses of \p Name:
  /// "" when one may be traced, or when Python never uses it. The one
  /// exemption every check asks of a binding or an operator.
  std::string untracedUses(const std::string &Name) const;
  /// The same of the operator ns::op, from its uses as `torch.ops.ns.op`
  /// (a Python function of the same name is another thing); "" when the
  /// namespace is reached in ways the scan cannot follow.
  std::string untracedOpUses(const std::string &Ns, const std::string &Op) const;
  /// Whether the project's Python runs operators of \p Ns through torch.ops,
  /// names them only one by one, and never \p Op, or \p Op only in tests
  /// while it runs another outside them: nothing in the project runs that
  /// op from Python where torch.compile may trace it.
  bool neverNamedOp(const std::string &Ns, const std::string &Op) const;
  /// Done once every file is scanned: a use in a helper that only
  /// constructors call (the "in NAME" markers of its uses) is marked as a
  /// constructor's use.
  void finishScan();
  /// The key of Uses that holds the uses of \p Name: itself, or where
  /// Python never names it, the most literal "*PREFIX*SUFFIX" key it matches (a lookup
  /// by an f-string with that literal prefix, `_C.__dict__[f"PREFIX{x}"]`,
  /// `getattr(_C, f"PREFIX{x}")`).
  std::string usesKey(const std::string &Name) const;
  /// The key of Uses to ask about the binding \p Name of the extension
  /// module \p Module (the last part of its name): "NAME@MODULE" when
  /// Python calls it on that module (`chamfer.forward(...)`), so that a name
  /// several modules bind is not answered with another module's uses; else
  /// \p Name.
  std::string keyFor(const std::string &Name, const std::string &Module) const;
  /// Where the project's Python uses \p Name in code torch.compile traces:
  /// a forward or backward (an nn.Module's, an autograd Function's), a
  /// function decorated @torch.compile or passed to torch.compile, a
  /// function the package exports (Exports), or one of the project's
  /// functions they call (by name, transitively); "file:line, in 'fn'"
  /// (then ", reached from 'NAME', which the package exports (file:line)"
  /// where only an export reaches it), or "" when no use is there.
  std::string reachedUse(const std::string &Name) const;
  /// The first place the project's Python uses \p Name, or calls a Python
  /// function of that name; "" if none.
  std::string firstUse(const std::string &Name) const;
  /// Whether every use of \p Name is in a constructor: a binding called
  /// only there runs when a module is built, never in the forward
  /// torch.compile traces (tiny-cuda-nn's `initial_params`).
  bool calledOnlyInConstructors(const std::string &Name) const;

private:
  void markReached();

public:
  /// Why \p Name, a pybind11 binding, is one nobody acts on: the project's
  /// Python uses other bindings of its module (\p Siblings) outside tests,
  /// and this one never, or only in tests (files under test/ or tests/, or
  /// test_*.py, that compile nothing). "" otherwise: a module the package's
  /// Python does not wrap is its users' API.
  std::string unusedBinding(const std::string &Name, llvm::ArrayRef<std::string> Siblings) const;
  /// Why \p Name of the extension module \p Module is called nowhere: every
  /// use of the name is a call on another module (`attn_dense.f(...)`, the
  /// module as `import pkg.attn_dense as attn` binds it) and none on this
  /// one, while this one is called for other names (omniserve's five
  /// attention extensions each bind `apply_bias_rope_update_kv_cache`; the
  /// Python calls two of them). Only between extension modules setup.py
  /// builds (ExtensionModules): a submodule (`from ._C import ops`) or a
  /// Python package that forwards to the extension (nerfacc's `cuda` as
  /// `_C`) is the binding's own. "" otherwise, or where \p Module is unknown.
  std::string calledOnOtherModulesOnly(const std::string &Name, const std::string &Module) const;
};

/// Scans one Python source; \p File is recorded in Called and
/// UnresolvedNamespaces.
///
/// Besides literal names, a registration's name may be built in the file:
/// from module-level string constants (`NS = "ext"`, `NS: str = "ext"`,
/// used in f-strings, `+`, `%`, `.format`, `"::".join`), from loops over
/// literal lists or tuples (or a module-level constant holding one), from
/// assignments earlier in the same block, and from the arguments of the
/// file's calls to the function the registration is in.
void scanPythonSource(const std::string &Source, PythonOps &Out,
                      const std::string &File = "");

/// A test of the project: under a `test`/`tests` directory, or named
/// test_*.py / *_test.py.
bool isTestFile(llvm::StringRef File);

} // namespace torchlint::model

#endif // TORCHLINT_CHECKS_MODEL_PYTHONFAKES_H
