//===--- BrokenCodeTest.cpp - torch-lint on code that does not compile ----===//
//
// torchlint reads code from pull requests: half-written, generated, binary,
// for another compiler. Whatever it is given, torch-lint must not crash
// (runTorchLint reports a signal as -1), must name every file it could not
// analyse in the `errors` of its JSON (exit 3), and must still report the
// findings for what parses. Each case writes its input byte for byte (the
// 5 MB file is generated here, not committed); tests/broken/ holds the
// inputs found by fuzzing (fuzz/, docs/guide/robustness.md).
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <tuple>
#include <sys/stat.h>
#include <unistd.h>

using namespace torchlint::test;

namespace {

using Found = std::tuple<std::string, int, int, std::string>; // file, line, column, check
using FoundSet = std::set<Found>;

const char *const RedundantCopy = "torch-perf-redundant-copy";

/// A function with one known hazard: `(a + b).clone()` on its second line,
/// column 18 (the 'clone').
const char *const Hazard =
    "torch::Tensor hazard(const torch::Tensor &a, const torch::Tensor &b) {\n"
    "  return (a + b).clone();\n"
    "}\n";

struct Lint {
  int Exit = -1;
  nlohmann::json J; ///< null when stdout was not JSON.
  std::string Out, Err;

  FoundSet findings() const {
    FoundSet S;
    if (J.is_object())
      for (const auto &F : J["findings"])
        S.insert({F["file"].get<std::string>(), F["line"].get<int>(),
                  F["column"].get<int>(), F["check"].get<std::string>()});
    return S;
  }
  /// file -> messages of `errors`.
  std::multimap<std::string, std::string> errors() const {
    std::multimap<std::string, std::string> M;
    if (J.is_object())
      for (const auto &E : J["errors"])
        M.emplace(E["file"].get<std::string>(), E["message"].get<std::string>());
    return M;
  }
  std::string errorFor(const std::string &File) const {
    auto E = errors();
    auto It = E.find(File);
    return It == E.end() ? std::string() : It->second;
  }
};

/// torch-lint --format=json with every check enabled, the mock torch headers,
/// run in \p Dir; \p After goes after `--`. Checks the invariants every case
/// shares: no crash, a documented exit code, JSON that parses.
Lint lintJson(const std::string &Dir, const std::string &Inputs,
              const std::string &After = "") {
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --checks='torch-*' --format=json " + Inputs +
                                 (After.empty() ? "" : " -- " + After),
                             Dir);
  Lint L;
  L.Exit = R.ExitCode;
  L.Out = R.Out;
  L.Err = R.Err;
  EXPECT_NE(R.ExitCode, -1) << "torch-lint died of a signal on " << Inputs << "\n"
                            << R.Err;
  EXPECT_TRUE(R.ExitCode == 0 || R.ExitCode == 1 || R.ExitCode == 3)
      << "exit " << R.ExitCode << " on " << Inputs << "\n"
      << R.Err;
  // In the sanitizer build (docs/guide/robustness.md) UBSan reports go to
  // stderr and the run goes on: a report is a failure too.
  EXPECT_EQ(R.Err.find("runtime error:"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("Sanitizer"), std::string::npos) << R.Err;
  if (nlohmann::json::accept(R.Out))
    L.J = nlohmann::json::parse(R.Out);
  else
    ADD_FAILURE() << "stdout is not valid JSON for " << Inputs << ":\n" << R.Out;
  // Every error names a file and says something.
  for (const auto &[File, Message] : L.errors()) {
    EXPECT_FALSE(File.empty()) << Message;
    EXPECT_FALSE(Message.empty()) << File;
  }
  return L;
}

bool contains(const std::string &Haystack, const std::string &Needle) {
  return Haystack.find(Needle) != std::string::npos;
}

// --- Syntax errors -----------------------------------------------------------

TEST(BrokenCode, SyntaxErrorElsewhereKeepsTheHazard) {
  std::string Dir = makeTempDir("broken-syntax");
  writeFile(Dir + "/syntax.cpp", std::string("#include <torch/torch.h>\n"
                                             "\n"
                                             "int broken(int x) {\n"
                                             "  return x + ;\n"
                                             "}\n"
                                             "\n") +
                                     Hazard + // lines 7-9
                                     "\n"
                                     "void unfinished( {\n");
  Lint L = lintJson(Dir, "syntax.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  ASSERT_EQ(L.errors().size(), 1u) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("syntax.cpp"),
                       "could not be parsed: syntax.cpp:4: expected expression"))
      << L.Out;
  EXPECT_TRUE(contains(L.errorFor("syntax.cpp"), "more errors")) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"syntax.cpp", 8, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, SyntaxErrorInsideTheFunctionKeepsTheHazard) {
  // Clang recovers at the statement: the rest of the body is still there.
  std::string Dir = makeTempDir("broken-syntax-inside");
  writeFile(Dir + "/inside.cpp",
            "#include <torch/torch.h>\n"
            "torch::Tensor hazard(const torch::Tensor &a, const torch::Tensor &b) {\n"
            "  int n = ;\n"
            "  auto t = a.undefined_method(n);\n"
            "  return (a + b).clone();\n"
            "}\n");
  Lint L = lintJson(Dir, "inside.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("inside.cpp"), "inside.cpp:3:")) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"inside.cpp", 5, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, AMisspelledNameIsNotTakenForANearOne) {
  // Clang's typo correction would read `clon()` as `clone()` ("did you
  // mean") and go on as if the code said so: a finding on code nobody wrote.
  // torch-lint parses with -fno-spell-checking: the name stays unknown, the
  // file is linted in part (a semantic error: the rest of it parses), and
  // only what the code says is reported.
  std::string Dir = makeTempDir("broken-typo");
  writeFile(Dir + "/typo.cpp",
            "#include <torch/torch.h>\n"
            "torch::Tensor near(const torch::Tensor &a, const torch::Tensor &b) {\n"
            "  return (a + b).clon();\n"
            "}\n" +
                std::string(Hazard)); // lines 5-7
  // (Without the cache, the torch headers parsed in the TU, Clang 19 did
  // correct it and the finding was reported on line 3.)
  for (const char *Cache : {"", "--no-cache "}) {
    Lint L = lintJson(Dir, std::string(Cache) + "typo.cpp");
    EXPECT_EQ(L.Exit, 1) << Cache << L.Out;
    EXPECT_TRUE(contains(L.errorFor("typo.cpp"), "typo.cpp:3: no member named 'clon'"))
        << Cache << L.Out;
    EXPECT_FALSE(contains(L.errorFor("typo.cpp"), "did you mean")) << Cache << L.Out;
    EXPECT_EQ(L.findings(), (FoundSet{{"typo.cpp", 6, 18, RedundantCopy}})) << Cache << L.Out;
  }
}

TEST(BrokenCode, CodeOnlyClangRejectsIsLintedInPart) {
  // Code Clang's semantic analysis rejects and another compiler may accept
  // (pytorch_scatter's `new_val < *val` on c10::Half, ambiguous to Clang; a
  // `static` redeclaration after a non-static one, which nvcc accepts) still
  // parses: the rest of the file is linted, and the file is a warning, as a
  // missing header is, not an error that fails the run.
  std::string Dir = makeTempDir("broken-semantic");
  writeFile(Dir + "/redecl.cpp", std::string("#include <torch/torch.h>\n"
                                             "int helper(int x);\n"
                                             "static int helper(int x) { return x; }\n") +
                                     Hazard); // lines 4-6
  writeFile(Dir + "/ambiguous.cpp",
            std::string("#include <torch/torch.h>\n"
                        "struct Half { operator float() const; operator double() const; };\n"
                        "bool less(Half a, Half b) { return a < b; }\n") +
                Hazard); // lines 4-6
  // A syntax error is the file's own (its compiler rejects it too): an error.
  writeFile(Dir + "/syntax.cpp", std::string("#include <torch/torch.h>\n"
                                             "int n = ;\n") +
                                     Hazard); // lines 3-5
  Lint L = lintJson(Dir, "redecl.cpp ambiguous.cpp");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"redecl.cpp", 5, 18, RedundantCopy},
                                    {"ambiguous.cpp", 5, 18, RedundantCopy}}))
      << L.Out;
  EXPECT_EQ(L.errorFor("redecl.cpp"),
            "Clang rejects some of its code (redecl.cpp:3: static declaration of 'helper' "
            "follows non-static declaration); GCC or nvcc may accept it; linted the rest")
      << L.Out;
  EXPECT_TRUE(contains(L.errorFor("ambiguous.cpp"),
                       "Clang rejects some of its code (ambiguous.cpp:3: use of overloaded "
                       "operator '<' is ambiguous"))
      << L.Out;
  for (const auto &E : L.J["errors"])
    EXPECT_EQ(E["severity"], "warning") << L.Out;

  RunResult T = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --checks='torch-*' redecl.cpp syntax.cpp",
                             Dir);
  EXPECT_EQ(T.ExitCode, 3) << T.Err;
  EXPECT_TRUE(contains(T.Out, "redecl.cpp: warning: Clang rejects some of its code")) << T.Out;
  EXPECT_TRUE(contains(T.Out, "syntax.cpp: error: could not be parsed: syntax.cpp:2:")) << T.Out;
  EXPECT_TRUE(contains(T.Err, "1 linted in part (1 with code Clang rejects), 1 error(s)"))
      << T.Err;

  // --fail-on-partial fails the run on it, as on a missing header.
  RunResult P = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --checks='torch-*' --fail-on-partial redecl.cpp",
                             Dir);
  EXPECT_EQ(P.ExitCode, 3) << P.Err;
}

TEST(BrokenCode, ABodyClangRejectsWritesNothingKnown) {
  // apex's index_mul_2d: the launcher of a .cu file writes `out` in a kernel
  // launch Clang rejected (its braced block size, which nvcc accepts and
  // torch-lint now reads parenthesised; here a macro only nvcc's build
  // defines). What is left of the body writes nothing, and the binding in
  // another file must not be told so: its schema cannot be inferred ('out'
  // may be written), never 'Tensor out' with no (a!).
  std::string Dir = makeTempDir("broken-rejected-body");
  writeFile(Dir + "/bind.cpp",
            "#include <torch/extension.h>\n"
            "void fill_cuda(at::Tensor &out, const at::Tensor &in);\n"
            "void fill(at::Tensor &out, const at::Tensor &in) { return fill_cuda(out, in); }\n"
            "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def(\"fill\", &fill); }\n");
  std::string Kernel = "#include <torch/extension.h>\n"
                       "__global__ void k(float *o, const float *i) { o[0] = i[0]; }\n"
                       "void fill_cuda(at::Tensor &out, const at::Tensor &in) {\n"
                       "  k<<<1, LAUNCH, 0>>>(out.data_ptr<float>(), in.data_ptr<float>());\n"
                       "}\n";
  auto Lint = [&](const std::string &Launch) {
    std::string Source = Kernel;
    Source.replace(Source.find("LAUNCH"), 6, Launch);
    writeFile(Dir + "/kernel.cu", Source);
    return runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                            " --no-cache --checks='-*,torch-compile-opaque-binding' bind.cpp "
                            "kernel.cu",
                        Dir);
  };
  RunResult Rejected = Lint("NVCC_ONLY_BLOCK");
  EXPECT_TRUE(contains(Rejected.Out, "kernel.cu: warning: Clang rejects some of its code"))
      << Rejected.Out;
  EXPECT_FALSE(contains(Rejected.Out, "'fill(Tensor out, Tensor in_) -> ()'")) << Rejected.Out;
  EXPECT_TRUE(contains(Rejected.Out, "'out' has its data handed to 'fill_cuda'")) << Rejected.Out;
  // The same launch as Clang reads it: the write is seen (also with nvcc's
  // braced block size).
  RunResult Braced = Lint("{32, 4, 1}");
  EXPECT_FALSE(contains(Braced.Out, "kernel.cu:")) << Braced.Out;
  EXPECT_TRUE(contains(Braced.Out, "'fill(Tensor(a!) out, Tensor in_) -> ()'")) << Braced.Out;
  RunResult Parsed = Lint("32");
  EXPECT_FALSE(contains(Parsed.Out, "error:")) << Parsed.Out;
  EXPECT_TRUE(contains(Parsed.Out, "'fill(Tensor(a!) out, Tensor in_) -> ()'")) << Parsed.Out;
}

TEST(BrokenCode, ACopyHandedToACallClangCouldNotResolveLeavesTorch) {
  // TransformerEngine's softmax: the [b, h, sq, sk] scores made contiguous,
  // then handed to a function whose declaration names a type of a header
  // not found (a recovery expression): code torch-lint cannot see, which
  // may index them row-major; no finding (a channels_last copy would be
  // wrong there). Look-alike: the same copy used by torch ops only.
  std::string Dir = makeTempDir("broken-memory-format");
  writeFile(Dir + "/softmax.cpp",
            "#include <torch/extension.h>\n"
            "#include \"engine/tensor_wrapper.h\"\n"
            "engine::TensorWrapper wrap(at::Tensor tensor);\n"
            "at::Tensor softmax(at::Tensor input) {\n"
            "  TORCH_CHECK(input.dim() == 4, \"expected 4D tensor\");\n"
            "  if (!input.is_contiguous()) input = input.contiguous();\n"
            "  auto input_cu = wrap(input);\n"
            "  return at::empty_like(input);\n"
            "}\n"
            "at::Tensor scaled(at::Tensor input) {\n"
            "  TORCH_CHECK(input.dim() == 4, \"expected 4D tensor\");\n"
            "  if (!input.is_contiguous()) input = input.contiguous();\n"
            "  return input * 2;\n"
            "}\n");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) +
                                 " --no-cache --no-project --checks='-*,torch-perf-memory-format' "
                                 "softmax.cpp",
                             Dir);
  EXPECT_TRUE(contains(R.Err + R.Out, "linted in part")) << R.Out << R.Err;
  EXPECT_FALSE(contains(R.Out, "softmax.cpp:6:")) << R.Out;
  EXPECT_TRUE(contains(R.Out, "softmax.cpp:12:")) << R.Out;
}

TEST(BrokenCode, MissingClosingBraceSwallowsWhatFollows) {
  // What is true today: without its closing brace, the first function
  // swallows the second one, which Clang then rejects as a nested function
  // definition; its body is not parsed, so its hazard is not reported. The
  // file is still named with a clear error, and the hazard before it is kept.
  std::string Dir = makeTempDir("broken-brace");
  writeFile(Dir + "/brace.cpp", std::string("#include <torch/torch.h>\n") + Hazard +
                                    "void open(int x) {\n"
                                    "  if (x) {\n"
                                    "}\n" +
                                    Hazard);
  Lint L = lintJson(Dir, "brace.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("brace.cpp"), "could not be parsed: brace.cpp:")) << L.Out;
  FoundSet F = L.findings();
  EXPECT_TRUE(F.count({"brace.cpp", 3, 18, RedundantCopy})) << L.Out;
}

// --- Missing project headers -------------------------------------------------

TEST(BrokenCode, MissingProjectHeadersAreNamedOnceAndTheRestIsLinted) {
  std::string Dir = makeTempDir("broken-missing");
  writeFile(Dir + "/ops.cpp",
            std::string("#include \"project/ops.h\"\n"
                        "#include <torch/torch.h>\n"
                        "#include \"project/ops.h\"\n"
                        "#include <project/generated/config.h>\n"
                        "torch::Tensor uses(const torch::Tensor &a) {\n"
                        "  project::Config c = project::defaults();\n"
                        "  return project::scale(a, c).clone();\n"
                        "}\n") +
                Hazard); // lines 9-11
  Lint L = lintJson(Dir, "ops.cpp");
  // Linted in part: a warning, and the findings decide the status.
  EXPECT_EQ(L.Exit, 1) << L.Out;
  auto E = L.errors();
  ASSERT_EQ(E.size(), 2u) << L.Out;
  auto It = E.begin();
  EXPECT_TRUE(contains(It->second, "header 'project/ops.h' not found; linted what parses"))
      << L.Out;
  ++It;
  EXPECT_TRUE(contains(It->second, "header 'project/generated/config.h' not found"))
      << L.Out;
  // The clone of an unknown call (a recovery expression) is not guessed at.
  EXPECT_EQ(L.findings(), (FoundSet{{"ops.cpp", 10, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, BrokenProjectHeaderIsAnErrorOfEachInputThatIncludesIt) {
  // The errors are in a header, not in the inputs: each input that includes
  // it is named, with the header's first error, whatever else is linted in
  // the same run (a missing header in another file changed this once).
  std::string Dir = makeTempDir("broken-header");
  writeFile(Dir + "/ops.h", "#pragma once\n"
                            "inline int scale(int x) { return x * ; }\n");
  writeFile(Dir + "/a.cpp", std::string("#include \"ops.h\"\n#include <torch/torch.h>\n") +
                                Hazard); // lines 3-5
  writeFile(Dir + "/b.cpp", std::string("#include <torch/torch.h>\n#include \"ops.h\"\n") +
                                Hazard);
  writeFile(Dir + "/c.cpp", std::string("#include \"gone.h\"\n#include <torch/torch.h>\n") +
                                Hazard);
  writeFile(Dir + "/d.cpp", "void f() {\n#include <torch/torch.h>\n}\n");
  for (const char *Jobs : {"-j 1 a.cpp b.cpp c.cpp d.cpp", "-j 2 a.cpp b.cpp c.cpp d.cpp",
                           "-j 3 a.cpp b.cpp c.cpp d.cpp", "a.cpp"}) {
    SCOPED_TRACE(Jobs);
    Lint L = lintJson(Dir, Jobs);
    EXPECT_EQ(L.Exit, 3) << L.Out;
    for (const auto &[File, Message] : L.errors())
      EXPECT_TRUE(File == "a.cpp" || File == "b.cpp" || File == "c.cpp" || File == "d.cpp")
          << File << ": " << Message;
    EXPECT_EQ(L.errorFor("a.cpp"), "could not be parsed: ops.h:2: expected expression")
        << L.Out;
    if (std::string(Jobs) == "a.cpp")
      continue;
    EXPECT_EQ(L.errorFor("b.cpp"), "could not be parsed: ops.h:2: expected expression")
        << L.Out;
    EXPECT_TRUE(contains(L.errorFor("c.cpp"), "header 'gone.h' not found")) << L.Out;
    // A torch header included inside a function: its errors are d.cpp's.
    EXPECT_TRUE(contains(L.errorFor("d.cpp"), "could not be parsed: ")) << L.Out;
    EXPECT_EQ(L.errors().size(), 4u) << L.Out;
    EXPECT_EQ(L.findings(), (FoundSet{{"a.cpp", 4, 18, RedundantCopy},
                                      {"b.cpp", 4, 18, RedundantCopy},
                                      {"c.cpp", 4, 18, RedundantCopy}}))
        << L.Out;
  }
}

// --- Unbalanced macros and preprocessor directives ---------------------------

TEST(BrokenCode, UnterminatedConditional) {
  std::string Dir = makeTempDir("broken-if");
  writeFile(Dir + "/if.cpp", std::string("#include <torch/torch.h>\n"
                                         "#if defined(__clang__)\n") +
                                 Hazard + // lines 3-5
                                 "#ifdef NOT_DEFINED\n"
                                 "int hidden;\n");
  Lint L = lintJson(Dir, "if.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("if.cpp"), "unterminated conditional directive")) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"if.cpp", 4, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, UnbalancedMacros) {
  std::string Dir = makeTempDir("broken-macros");
  writeFile(Dir + "/endif.cpp", std::string("#include <torch/torch.h>\n") + Hazard +
                                    "#endif\n"
                                    "#else\n");
  writeFile(Dir + "/braces.cpp", std::string("#include <torch/torch.h>\n"
                                             "#define OPEN {\n"
                                             "#define CLOSE }\n"
                                             "#define CALL(f, x) f(x\n") +
                                     Hazard + // lines 5-7
                                     "void g(int x) OPEN if (x) OPEN CLOSE\n"
                                     "int y = CALL(abs, 1);\n"
                                     "int z = CALL(abs, (2);\n");
  writeFile(Dir + "/invocation.cpp", std::string("#include <torch/torch.h>\n"
                                                 "#define M(a, b) ((a) + (b))\n") +
                                         Hazard + // lines 3-5
                                         "int w = M(1, (2;\n");
  Lint L = lintJson(Dir, "endif.cpp braces.cpp invocation.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("endif.cpp"), "#endif without #if")) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("braces.cpp"), "could not be parsed: braces.cpp:")) << L.Out;
  // The unterminated invocation swallows the rest of the file; Clang's first
  // error is about the declaration it was in.
  EXPECT_TRUE(contains(L.errorFor("invocation.cpp"), "could not be parsed: invocation.cpp:6:"))
      << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"endif.cpp", 3, 18, RedundantCopy},
                                    {"braces.cpp", 6, 18, RedundantCopy},
                                    {"invocation.cpp", 4, 18, RedundantCopy}}))
      << L.Out;
}

TEST(BrokenCode, TorchMacrosRedefinedByTheProject) {
  // The registration model finds TORCH_LIBRARY through its objects, not its
  // spelling; a project that redefines the macros gets no crash and no guess.
  std::string Dir = makeTempDir("broken-torch-macros");
  writeFile(Dir + "/redefined.cpp",
            std::string("#include <torch/torch.h>\n"
                        "#include <torch/library.h>\n"
                        "#undef TORCH_LIBRARY\n"
                        "#define TORCH_LIBRARY(ns, m) void init_##ns(int m)\n"
                        "#undef TORCH_CHECK\n"
                        "#define TORCH_CHECK(...) (\n"
                        "TORCH_LIBRARY(myops, m) {\n"
                        "  m.def(\"f(Tensor x) -> Tensor\");\n"
                        "  TORCH_CHECK(m > 0, \"positive\");\n"
                        "}\n") +
                Hazard); // lines 11-13
  Lint L = lintJson(Dir, "redefined.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("redefined.cpp"), "could not be parsed: redefined.cpp:8:"))
      << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"redefined.cpp", 12, 18, RedundantCopy}})) << L.Out;
}

// --- Deep recursion ----------------------------------------------------------

TEST(BrokenCode, DeepTemplateRecursion) {
  std::string Dir = makeTempDir("broken-deep");
  writeFile(Dir + "/templates.cpp",
            std::string("#include <torch/torch.h>\n"
                        "template <int N> struct Deep { static const int value = Deep<N + 1>::value; };\n"
                        "int v = Deep<0>::value;\n"
                        "template <typename T> struct Wrap { using type = typename Wrap<Wrap<T>>::type; };\n"
                        "using W = Wrap<int>::type;\n"
                        "constexpr int down(int n) { return n == 0 ? 0 : 1 + down(n + 1); }\n"
                        "constexpr int d = down(1);\n") +
                Hazard); // lines 8-10
  Lint L = lintJson(Dir, "templates.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("templates.cpp"),
                       "recursive template instantiation exceeded maximum depth"))
      << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"templates.cpp", 9, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, DeepNestingAndLongExpressions) {
  std::string Dir = makeTempDir("broken-nesting");
  // A left-leaning chain of 20000 tensor additions: an AST 20000 levels deep
  // that every check walks (Clang has no limit for it).
  std::string Chain = "torch::Tensor chain(const torch::Tensor &a) {\n  return (a";
  for (int I = 0; I < 20000; ++I)
    Chain += " + a";
  Chain += ").clone();\n}\n";
  // Parentheses beyond Clang's bracket depth (256): a fatal error that ends
  // the parse, so what follows it is not linted (what precedes it is).
  std::string Parens = "int p = " + std::string(1000, '(') + "1" + std::string(1000, ')') + ";\n";
  writeFile(Dir + "/nesting.cpp", "#include <torch/torch.h>\n" + std::string(Hazard) + Chain +
                                      Parens + Hazard);
  // An include of itself, until Clang's include depth limit (200).
  writeFile(Dir + "/self.cpp", std::string("#include \"self.cpp\"\n") + Hazard);
  Lint L = lintJson(Dir, "nesting.cpp self.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("nesting.cpp"),
                       "nesting.cpp:8: bracket nesting level exceeded maximum of 256"))
      << L.Out;
  EXPECT_TRUE(contains(L.errorFor("self.cpp"), "#include nested too deeply")) << L.Out;
  // In self.cpp the main file's 'hazard' is a redefinition of the one in the
  // innermost include (not project code): nothing to report there.
  EXPECT_EQ(L.findings(), (FoundSet{{"nesting.cpp", 3, 18, RedundantCopy},
                                    {"nesting.cpp", 6, 80014, RedundantCopy}}))
      << L.Out;
}

TEST(BrokenCode, ExtremeConstants) {
  // Dimensions and arms of INT64_MIN (2^63 as a literal): negating them was
  // undefined behaviour in torch-layout-from-shape (found by the UBSan build).
  std::string Dir = makeTempDir("broken-extreme");
  writeFile(Dir + "/extreme.cpp",
            "#include <torch/torch.h>\n"
            "int64_t pick(const at::Tensor &x) {\n"
            "  int64_t d = x.size(1) == 3 ? (-9223372036854775807LL - 1) : 3;\n"
            "  return x.size(d);\n"
            "}\n"
            "at::Tensor pick2(const at::Tensor &x) {\n"
            "  if (x.size(1) == 3)\n"
            "    return x.select(-9223372036854775808ULL, 0);\n"
            "  return x.narrow(-18446744073709551615ULL, 0, 1);\n"
            "}\n"
            "int64_t pick3(const at::Tensor &x) {\n"
            "  return x.size(1) == 3 ? x.size(-9223372036854775807LL - 1) : x.size(2);\n"
            "}\n"
            "void grain(at::Tensor &t) {\n"
            "  at::parallel_for(0, 10, -9223372036854775807LL - 1, [&](int64_t b, int64_t e) {});\n"
            "}\n");
  Lint L = lintJson(Dir, "extreme.cpp");
  EXPECT_TRUE(L.Exit == 0 || L.Exit == 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
}

// --- Other dialects ----------------------------------------------------------

const char *const Cxx20 =
    "#include <torch/torch.h>\n"
    "template <typename T>\n"
    "concept Addable = requires(T a, T b) { a + b; };\n"
    "struct Opts { int lo; int hi; };\n"
    "template <Addable T> T twice(T x) { return x + x; }\n"
    "auto cmp(int a, int b) { return a <=> b; }\n"
    "int use() {\n"
    "  Opts o{.lo = 1, .hi = 2};\n"
    "  return twice(o.lo + o.hi);\n"
    "}\n";

TEST(BrokenCode, Cxx20CodeWithoutTheFlag) {
  std::string Dir = makeTempDir("broken-cxx20");
  writeFile(Dir + "/modern.cpp", std::string(Cxx20) + Hazard); // lines 11-13
  Lint L = lintJson(Dir, "modern.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("modern.cpp"), "modern.cpp:3: unknown type name 'concept'"))
      << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"modern.cpp", 12, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, Cxx20CodeWithTheFlag) {
  std::string Dir = makeTempDir("broken-cxx20-flag");
  writeFile(Dir + "/modern.cpp", std::string(Cxx20) + Hazard);
  Lint L = lintJson(Dir, "modern.cpp", "-std=c++20");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"modern.cpp", 12, 18, RedundantCopy}})) << L.Out;
}

TEST(BrokenCode, CudaCodeParsesAsCudaHostCode) {
  // A .cu file is parsed as CUDA host code (CudaHost.h): the CUDA syntax
  // parses, with the toolkit or without, and the host code is linted.
  std::string Dir = makeTempDir("broken-cuda");
  writeFile(Dir + "/kernel.cu",
            std::string("#include <torch/torch.h>\n"
                        "__global__ void add_kernel(const float *a, const float *b, float *out, int n) {\n"
                        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                        "  if (i < n) out[i] = a[i] + b[i];\n"
                        "}\n"
                        "__device__ __forceinline__ float twice(float x) { return 2 * x; }\n"
                        "void launch(const float *a, const float *b, float *out, int n, cudaStream_t s) {\n"
                        "  add_kernel<<<(n + 255) / 256, 256, 0, s>>>(a, b, out, n);\n"
                        "}\n") +
                Hazard); // lines 10-12
  for (const char *CudaPath : {"/usr/local/cuda", "/nonexistent"}) {
    Lint L = lintJson(Dir, "kernel.cu", std::string("--cuda-path=") + CudaPath);
    EXPECT_EQ(L.Exit, 1) << CudaPath << L.Out;
    EXPECT_TRUE(L.errors().empty()) << CudaPath << L.Out;
    EXPECT_EQ(L.findings(), (FoundSet{{"kernel.cu", 11, 18, RedundantCopy}})) << L.Out;
  }
}

// --- Files that are not source code ------------------------------------------

TEST(BrokenCode, EmptyFiles) {
  std::string Dir = makeTempDir("broken-empty");
  writeFile(Dir + "/empty.cpp", "");
  writeFile(Dir + "/blank.cpp", "\n\n   \t\n");
  writeFile(Dir + "/bom-only.cpp", "\xEF\xBB\xBF");
  writeFile(Dir + "/comment.cpp", "// nothing but a comment, no newline at the end");
  Lint L = lintJson(Dir, "empty.cpp blank.cpp bom-only.cpp comment.cpp");
  EXPECT_EQ(L.Exit, 0) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  EXPECT_TRUE(L.findings().empty()) << L.Out;
}

TEST(BrokenCode, BinaryFileIsAnErrorAndOthersAreStillLinted) {
  std::string Dir = makeTempDir("broken-binary");
  std::mt19937 Random(20240611);
  std::string Bytes(64 * 1024, '\0');
  for (char &C : Bytes)
    C = static_cast<char>(Random() & 0xFF);
  for (size_t I = 0; I < Bytes.size(); I += 97)
    Bytes[I] = '\0'; // Plenty of NULs whatever the generator does.
  writeFile(Dir + "/blob.cpp", Bytes);
  writeFile(Dir + "/good.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  Lint L = lintJson(Dir, "blob.cpp good.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  ASSERT_EQ(L.errors().size(), 1u) << L.Out;
  EXPECT_TRUE(contains(L.errorFor("blob.cpp"), "could not be parsed: blob.cpp:")) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"good.cpp", 3, 18, RedundantCopy}})) << L.Out;

  // The text format reads the binary file's lines for snippets too.
  RunResult T = runTorchLint(
      "--torch-include=" + shellQuote(mockIncludes()) + " blob.cpp good.cpp", Dir);
  EXPECT_EQ(T.ExitCode, 3) << T.Err;
  EXPECT_TRUE(contains(T.Out, "blob.cpp: error: could not be parsed")) << T.Out;
}

TEST(BrokenCode, FiveMegabyteGeneratedFile) {
  std::string Dir = makeTempDir("broken-big");
  std::string Text = "#include <torch/torch.h>\n";
  std::set<int> HazardLines;
  int Line = 1;
  for (int I = 0; Text.size() < 5u * 1024 * 1024; ++I) {
    ++Line;
    if (I % 1000 == 0) {
      Text += "torch::Tensor hazard_" + std::to_string(I) +
              "(const torch::Tensor &a, const torch::Tensor &b) { return (a + b).clone(); }\n";
      HazardLines.insert(Line);
    } else {
      Text += "int plain_" + std::to_string(I) + "(int x, int y) { int z = x * " +
              std::to_string(I % 97) + " + y; return z - " + std::to_string(I % 13) +
              "; }\n";
    }
  }
  ASSERT_GE(Text.size(), 5u * 1024 * 1024);
  writeFile(Dir + "/big.cpp", Text);
  Lint L = lintJson(Dir, "big.cpp");
  EXPECT_EQ(L.Exit, 1) << L.Err;
  EXPECT_TRUE(L.errors().empty()) << L.Out.substr(0, 2000);
  std::set<int> Got;
  for (const auto &[File, Ln, Col, Check] : L.findings()) {
    EXPECT_EQ(File, "big.cpp");
    EXPECT_EQ(Check, RedundantCopy);
    Got.insert(Ln);
  }
  EXPECT_EQ(Got, HazardLines);
  EXPECT_GT(HazardLines.size(), 50u);
}

// --- Encodings and line endings ----------------------------------------------

TEST(BrokenCode, NonUtf8BytesInStringsAndComments) {
  std::string Dir = makeTempDir("broken-utf8");
  writeFile(Dir + "/latin1.cpp",
            "#include <torch/torch.h>\n"
            "// caf\xE9, \xFF\xFE, a lone continuation \x80\n"
            "const char *s = \"bad \xC3\x28 \x80 surrogate \xED\xA0\x80 overlong \xC0\xAF\";\n"
            "void into(const at::Tensor &a, const at::Tensor &b, at::Tensor &dst) {\n"
            "  dst.copy_(a /* \xFF\xFE */ + b);\n"
            "}\n"
            "torch::Tensor hazard(const torch::Tensor &a, const torch::Tensor &b) {\n"
            "  return (a + b).clone(); // \xE9t\xE9\n"
            "}\n");
  // An identifier cannot hold these bytes: Clang rejects that file, and the
  // message naming it must still be valid JSON.
  writeFile(Dir + "/ident.cpp", "int caf\xE9 = 1;\nint x\xFF\xFE = 2;\n");
  Lint L = lintJson(Dir, "latin1.cpp ident.cpp");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  EXPECT_EQ(L.errorFor("latin1.cpp"), "") << L.Out;
  EXPECT_TRUE(contains(L.errorFor("ident.cpp"), "could not be parsed: ident.cpp:1:")) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"latin1.cpp", 5, 3, "torch-perf-temporary"},
                                    {"latin1.cpp", 8, 18, RedundantCopy}}))
      << L.Out;
  // The message quoting the code shows the bytes the way Clang does.
  for (const auto &F : L.J["findings"])
    if (F["check"] == "torch-perf-temporary")
      EXPECT_TRUE(contains(F["message"].get<std::string>(), "<FF><FE>")) << L.Out;

  RunResult T =
      runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " latin1.cpp", Dir);
  EXPECT_EQ(T.ExitCode, 1) << T.Err;
  EXPECT_TRUE(contains(T.Out, "latin1.cpp:8:18: warning:")) << T.Out;
}

TEST(BrokenCode, CrlfLineEndingsKeepLinesAndColumns) {
  std::string Dir = makeTempDir("broken-crlf");
  writeFile(Dir + "/crlf.cpp",
            "#include <torch/torch.h>\r\n"
            "\r\n"
            "// windows\r\n"
            "torch::Tensor hazard(const torch::Tensor &a, const torch::Tensor &b) {\r\n"
            "  return (a + b).clone();\r\n"
            "}\r\n");
  // Mixed endings: a file edited on both systems.
  writeFile(Dir + "/mixed.cpp",
            "#include <torch/torch.h>\r\n"
            "\n"
            "torch::Tensor hazard(const torch::Tensor &a, const torch::Tensor &b) {\r\n"
            "  int pad = 0;\n"
            "  return (a + b).clone();\r\n"
            "}\n");
  Lint L = lintJson(Dir, "crlf.cpp mixed.cpp");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"crlf.cpp", 5, 18, RedundantCopy},
                                    {"mixed.cpp", 5, 18, RedundantCopy}}))
      << L.Out;
  // The fix-it removes '.clone()' starting at the '.' of line 5.
  for (const auto &F : L.J["findings"]) {
    ASSERT_EQ(F["fixits"].size(), 1u) << L.Out;
    EXPECT_EQ(F["fixits"][0]["line"], 5);
    EXPECT_EQ(F["fixits"][0]["column"], 17);
    EXPECT_EQ(F["fixits"][0]["length"], 8);
  }
  // The text snippet carries no carriage return.
  RunResult T =
      runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " crlf.cpp", Dir);
  EXPECT_TRUE(contains(T.Out, "crlf.cpp:5:18: warning:")) << T.Out;
  EXPECT_TRUE(contains(T.Out, "    5 |   return (a + b).clone();\n")) << T.Out;
  EXPECT_FALSE(contains(T.Out, "\r")) << T.Out;
}

TEST(BrokenCode, ByteOrderMarkKeepsLinesAndColumns) {
  std::string Dir = makeTempDir("broken-bom");
  writeFile(Dir + "/bom.cpp", std::string("\xEF\xBB\xBF#include <torch/torch.h>\n"
                                          "\n") +
                                  Hazard); // lines 3-5
  // A hazard on the BOM's own line: columns count bytes from the start of the
  // line, as Clang's do, so the BOM's 3 bytes are included (Clang reports the
  // same column for its own diagnostics there).
  writeFile(Dir + "/bom1.cpp",
            "\xEF\xBB\xBFtorch::Tensor h(const torch::Tensor &a, const torch::Tensor "
            "&b) { return (a + b).clone(); }\n");
  Lint L = lintJson(Dir, "bom.cpp bom1.cpp", "-include torch/torch.h");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"bom.cpp", 4, 18, RedundantCopy},
                                    {"bom1.cpp", 1, 3 + 82, RedundantCopy}}))
      << L.Out;
  for (const auto &F : L.J["findings"])
    if (F["file"] == "bom.cpp") {
      EXPECT_EQ(F["fixits"][0]["line"], 4);
      EXPECT_EQ(F["fixits"][0]["column"], 17);
    }
}

// --- Files that are not there ------------------------------------------------

TEST(BrokenCode, DanglingSymlinkInADirectoryIsAnErrorForThatFile) {
  // chmod 000 does not stop root; a dangling symlink cannot be read by anyone.
  std::string Dir = makeTempDir("broken-dangling");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/src")).c_str()), 0);
  writeFile(Dir + "/src/good.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  ASSERT_EQ(::symlink((Dir + "/does-not-exist.cpp").c_str(), (Dir + "/src/gone.cpp").c_str()),
            0);
  Lint L = lintJson(Dir, "src");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  ASSERT_EQ(L.errors().size(), 1u) << L.Out;
  EXPECT_EQ(L.errorFor("src/gone.cpp"), "cannot be read: No such file or directory") << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"src/good.cpp", 3, 18, RedundantCopy}})) << L.Out;

  // Named on the command line, it is bad input: exit 2, nothing written.
  RunResult R = runTorchLint(
      "--torch-include=" + shellQuote(mockIncludes()) + " --format=json src/gone.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_TRUE(contains(R.Err, "no such file or directory: 'src/gone.cpp'")) << R.Err;
}

TEST(BrokenCode, DirectorySymlinksAndDirectoriesNamedLikeSources) {
  std::string Dir = makeTempDir("broken-dirlink");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/real") + " " +
                         shellQuote(Dir + "/src/odd.cpp"))
                            .c_str()),
            0);
  writeFile(Dir + "/real/ops.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  ASSERT_EQ(::symlink((Dir + "/real").c_str(), (Dir + "/src/linked").c_str()), 0);
  // A directory symlink to inside the named tree is followed (once: a cycle
  // back to the top does not loop); one that leaves the tree is not, nor is
  // a symlinked source outside it. The directory called odd.cpp is not a
  // source.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/src/inner")).c_str()), 0);
  writeFile(Dir + "/src/inner/in.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  ASSERT_EQ(::symlink((Dir + "/src/inner").c_str(), (Dir + "/src/alias").c_str()), 0);
  ASSERT_EQ(::symlink((Dir + "/src").c_str(), (Dir + "/src/inner/loop").c_str()), 0);
  ASSERT_EQ(::symlink((Dir + "/real/ops.cpp").c_str(), (Dir + "/src/out.cpp").c_str()), 0);
  Lint L = lintJson(Dir, "src");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  // in.cpp is reached as src/alias/in.cpp and src/inner/in.cpp: linted once.
  EXPECT_EQ(L.findings(), (FoundSet{{"src/alias/in.cpp", 3, 18, RedundantCopy}})) << L.Out;
  // A directory named on the command line is expanded, even one called x.cpp.
  RunResult R =
      runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " src/odd.cpp", Dir);
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_TRUE(contains(R.Err, "no C++ sources")) << R.Err;
}

// PreciseRoIPooling's form: cpp_extension's `load('_prroi_pooling',
// ['prroi_pooling_gpu.c', ...])` compiles the .c source as C++. A directory's
// walk lints a .c file that includes torch's headers (as C++); a C source
// (stdio only), one that names torch only in a comment, a FIFO named .c, a
// .c symlink out of the tree and one to VCS metadata in it are not read as
// sources.
TEST(BrokenCode, ACSourceIncludingTorchIsLintedAsCpp) {
  std::string Dir = makeTempDir("broken-c-source");
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/src") + " " +
                         shellQuote(Dir + "/outside"))
                            .c_str()),
            0);
  writeFile(Dir + "/src/pool_gpu.c", std::string("#include <math.h>\n#  include "
                                                 "<torch/torch.h>\n") +
                                         Hazard); // hazard on line 4
  writeFile(Dir + "/src/plain.c", "#include <stdio.h>\n// see <torch/torch.h>\n"
                                  "int main(void) { return 0; }\n");
  writeFile(Dir + "/outside/far.c", std::string("#include <torch/torch.h>\n") + Hazard);
  ASSERT_EQ(::mkfifo((Dir + "/src/pipe.c").c_str(), 0600), 0);
  ASSERT_EQ(::symlink((Dir + "/outside/far.c").c_str(), (Dir + "/src/far.c").c_str()), 0);
  Lint L = lintJson(Dir, "src");
  EXPECT_EQ(L.Exit, 1) << L.Out;
  EXPECT_TRUE(L.errors().empty()) << L.Out;
  EXPECT_EQ(L.findings(), (FoundSet{{"src/pool_gpu.c", 4, 18, RedundantCopy}})) << L.Out;
  // A .c name for a file of VCS metadata inside the linted tree (the
  // hidden directory itself is not walked) is not read: a tree whose only
  // such file it is has nothing to lint.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/vcs/.git") + " " +
                         shellQuote(Dir + "/vcs/src"))
                            .c_str()),
            0);
  writeFile(Dir + "/vcs/.git/config", std::string("#include <torch/torch.h>\n") + Hazard);
  ASSERT_EQ(::symlink((Dir + "/vcs/.git/config").c_str(), (Dir + "/vcs/src/config.c").c_str()),
            0);
  RunResult V = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " vcs", Dir);
  EXPECT_EQ(V.ExitCode, 2) << V.Out << V.Err;
  EXPECT_TRUE(contains(V.Err, "no C++ sources")) << V.Err;
  // A tree of C sources alone has no C++ source to lint.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Dir + "/conly")).c_str()), 0);
  writeFile(Dir + "/conly/plain.c", "#include <stdio.h>\nint main(void) { return 0; }\n");
  RunResult R = runTorchLint("--torch-include=" + shellQuote(mockIncludes()) + " conly", Dir);
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_TRUE(contains(R.Err, "no C++ sources")) << R.Err;
}

// --- Bad compiler flags ------------------------------------------------------

TEST(BrokenCode, UnknownCompilerFlagIsAnErrorForEachFile) {
  std::string Dir = makeTempDir("broken-flag");
  writeFile(Dir + "/a.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  writeFile(Dir + "/b.cpp", std::string("#include <torch/torch.h>\n") + Hazard);
  Lint L = lintJson(Dir, "a.cpp b.cpp", "-fno-such-flag");
  EXPECT_EQ(L.Exit, 3) << L.Out;
  ASSERT_EQ(L.errors().size(), 2u) << L.Out;
  for (const char *F : {"a.cpp", "b.cpp"})
    EXPECT_EQ(L.errorFor(F), "could not be parsed: unknown argument: '-fno-such-flag'")
        << L.Out;
  // Clang ignores the flag and parses: the findings are there.
  EXPECT_EQ(L.findings(), (FoundSet{{"a.cpp", 3, 18, RedundantCopy},
                                    {"b.cpp", 3, 18, RedundantCopy}}))
      << L.Out;
}

// --- Fuzzing regressions -----------------------------------------------------

TEST(BrokenCode, FuzzRegressionInputs) {
  // Every input in tests/broken/ (crashers and slow inputs the fuzzer found,
  // see docs/guide/robustness.md) is linted without a crash.
  std::string Broken = sourceDir() + "/tests/broken";
  std::vector<std::string> Inputs;
  if (DIR *D = ::opendir(Broken.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string Name = E->d_name;
      if (Name.size() > 4 && Name.compare(Name.size() - 4, 4, ".cpp") == 0)
        Inputs.push_back(Name);
    }
    ::closedir(D);
  }
  if (Inputs.empty())
    GTEST_SKIP() << "no inputs in tests/broken/";
  std::sort(Inputs.begin(), Inputs.end());
  std::string All;
  for (const std::string &Name : Inputs) {
    SCOPED_TRACE(Name);
    Lint L = lintJson(Broken, shellQuote(Name));
    // Errors in the headers an input breaks are the input's.
    for (const auto &[File, Message] : L.errors())
      EXPECT_EQ(File, Name) << Message;
    All += " " + shellQuote(Name);
  }
  // All at once, on several workers: still no crash.
  lintJson(Broken, "-j 3" + All);
}

} // namespace
