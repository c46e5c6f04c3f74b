//===--- PchCacheTest.cpp - The precompiled-header cache ------------------===//

#include "engine/PchCache.h"

#include "TestSupport.h"
#include "gtest/gtest.h"
#include <dirent.h>
#include <sys/stat.h>
#include <utime.h>

using namespace torchlint;
using namespace torchlint::test;

namespace {

std::vector<std::string> pchFiles(const std::string &CacheDir) {
  std::vector<std::string> Out;
  std::string Dir = CacheDir + "/pch";
  if (DIR *D = ::opendir(Dir.c_str())) {
    while (dirent *E = ::readdir(D)) {
      std::string N = E->d_name;
      if (N.size() > 4 && N.compare(N.size() - 4, 4, ".pch") == 0)
        Out.push_back(Dir + "/" + N);
    }
    ::closedir(D);
  }
  return Out;
}

TEST(PchCache, IncludePrefix) {
  EXPECT_EQ(PchCache::includePrefix("// c\n#include <torch/extension.h>\n#include <vector>\nint x;"),
            (std::vector<std::string>{"torch/extension.h", "vector"}));
  EXPECT_EQ(PchCache::includePrefix("#pragma once\n/* x */\n#include <ATen/ATen.h> // y\n"),
            (std::vector<std::string>{"ATen/ATen.h"}));
  // Anything before the torch includes (a macro, a project header) turns
  // the PCH off: it could change what the headers mean.
  EXPECT_TRUE(PchCache::includePrefix("#define X 1\n#include <torch/torch.h>\n").empty());
  EXPECT_TRUE(PchCache::includePrefix("#include \"local.h\"\n#include <torch/torch.h>\n").empty());
  EXPECT_TRUE(PchCache::includePrefix("#include <vector>\nint x;\n").empty());
  EXPECT_EQ(PchCache::includePrefix("\xEF\xBB\xBF#include <torch/torch.h>\r\n"),
            (std::vector<std::string>{"torch/torch.h"}));
}

TEST(PchCache, IncludePrefixFollowsProjectHeaders) {
  std::string Dir = makeTempDir("pch-prefix");
  writeFile(Dir + "/op.h", "// op.h\n#ifndef OP_H\n#define OP_H\n#include <torch/torch.h>\n"
                           "#include <vector>\nint f();\n#endif\n");
  writeFile(Dir + "/pure.h", "#pragma once\n#include <torch/library.h>\n");
  // op.h has code after its includes: the prefix ends there.
  EXPECT_EQ(PchCache::includePrefix("#include \"op.h\"\n#include <ATen/Parallel.h>\n", Dir),
            (std::vector<std::string>{"torch/torch.h", "vector"}));
  // pure.h only includes: the includer's prefix goes on after it.
  EXPECT_EQ(PchCache::includePrefix("#include \"pure.h\"\n#include <ATen/Parallel.h>\nint x;", Dir),
            (std::vector<std::string>{"torch/library.h", "ATen/Parallel.h"}));
  // A guard that is not the guard idiom stops it.
  writeFile(Dir + "/odd.h", "#ifndef A\n#define B\n#include <torch/torch.h>\n");
  EXPECT_TRUE(PchCache::includePrefix("#include \"odd.h\"\n", Dir).empty());
}

class PchCacheRun : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = makeTempDir("pch");
    std::system(("cp -r " + shellQuote(mockIncludes()) + " " + shellQuote(Dir + "/inc")).c_str());
    writeFile(Dir + "/a.cpp", readFile(sourceDir() + "/testdata/torch-perf-element-loop.cpp"));
    Args = "--torch-include=" + shellQuote(Dir + "/inc") + " --cache-dir=" +
           shellQuote(Dir + "/cache") + " --checks='-*,torch-perf-element-loop' --format=json a.cpp";
    Reference = runTorchLint("--no-cache " + Args, Dir);
    ASSERT_EQ(Reference.ExitCode, 1) << Reference.Err;
  }
  /// Lints \p Files with the cache and without: the same output.
  void expectCachedAsPlain(const std::string &Files) {
    RunResult Plain = runTorchLint("--no-cache " + Args + " " + Files, Dir);
    ASSERT_EQ(Plain.ExitCode, 1) << Plain.Err;
    RunResult Cached = runTorchLint(Args + " " + Files, Dir);
    EXPECT_EQ(Cached.Out, Plain.Out) << Cached.Err;
  }
  std::string Dir, Args;
  RunResult Reference;
};

TEST_F(PchCacheRun, BuiltOnceReusedAndSameFindings) {
  RunResult Cold = runTorchLint(Args, Dir);
  EXPECT_EQ(Cold.Out, Reference.Out);
  ASSERT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  struct stat Before, After;
  ::stat(pchFiles(Dir + "/cache")[0].c_str(), &Before);
  RunResult Warm = runTorchLint(Args, Dir);
  EXPECT_EQ(Warm.Out, Reference.Out);
  ::stat(pchFiles(Dir + "/cache")[0].c_str(), &After);
  EXPECT_EQ(Before.st_ino, After.st_ino) << "the warm run must reuse the entry";
  // Other -D values are another entry (Clang would accept the PCH silently).
  runTorchLint(Args + " -- -DSOMETHING=1", Dir);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 2u);
}

TEST_F(PchCacheRun, FilesWithOtherProjectIncludeDirectoriesShareOneEntry) {
  // b.cpp gets -Ilib inferred (its "u/h.h" is only found there), a.cpp not:
  // the torch headers resolve the same, so one PCH serves both.
  std::system(("mkdir -p " + shellQuote(Dir + "/lib/u") + " " + shellQuote(Dir + "/src")).c_str());
  writeFile(Dir + "/lib/u/h.h", "#pragma once\n#define SCALE 2\n");
  writeFile(Dir + "/src/b.cpp", "#include <torch/torch.h>\n#include \"u/h.h\"\n" +
                                    readFile(sourceDir() + "/testdata/torch-perf-element-loop.cpp"));
  std::string Both = Args + " src/b.cpp";
  RunResult Plain = runTorchLint("--no-cache " + Both, Dir);
  RunResult Cached = runTorchLint(Both, Dir);
  EXPECT_EQ(Cached.Out, Plain.Out);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  // A directory that could shadow what the torch headers include (here a
  // torch/ of its own) keeps its own entry.
  std::system(("mkdir -p " + shellQuote(Dir + "/shadow/torch")).c_str());
  RunResult Shadow = runTorchLint(Args + " -- -Ishadow", Dir);
  EXPECT_EQ(Shadow.Out, Reference.Out);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 2u);
}

TEST_F(PchCacheRun, FilesWithOtherTorchIncludesShareOneEntry) {
  // a.cpp starts with <torch/torch.h>, c.cpp with <ATen/Parallel.h> only:
  // one entry holds both, and each file's findings are what they are alone.
  writeFile(Dir + "/c.cpp", "#include <ATen/Parallel.h>\nint one();\n#include <torch/torch.h>\n" +
                                readFile(sourceDir() + "/testdata/torch-perf-element-loop.cpp"));
  expectCachedAsPlain("c.cpp");
  ASSERT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  std::string Shared = pchFiles(Dir + "/cache")[0];
  // A later run on one of them (pre-commit) loads the same entry.
  RunResult One = runTorchLint("--no-result-cache " + Args.substr(0, Args.size() - 5) + "c.cpp", Dir);
  EXPECT_EQ(One.ExitCode, 1) << One.Err;
  EXPECT_EQ(pchFiles(Dir + "/cache"), std::vector<std::string>{Shared});
}

TEST_F(PchCacheRun, FilesWithTheSameTorchIncludesInAnotherOrderShareOneEntry) {
  // e.cpp names a.cpp's torch headers in another order, f.cpp one of them
  // twice (as a project header's includes do): one entry for the three.
  std::string Loop = readFile(sourceDir() + "/testdata/torch-perf-element-loop.cpp");
  writeFile(Dir + "/a.cpp", "#include <torch/torch.h>\n#include <ATen/Parallel.h>\n" + Loop);
  writeFile(Dir + "/e.cpp", "#include <ATen/Parallel.h>\n#include <torch/torch.h>\n" + Loop);
  writeFile(Dir + "/f.cpp", "#include <torch/torch.h>\n#include <ATen/Parallel.h>\n"
                            "#include <torch/torch.h>\n" + Loop);
  expectCachedAsPlain("e.cpp f.cpp");
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 1u);
}

TEST_F(PchCacheRun, ASharedEntryThatDoesNotBuildIsNotTriedAgain) {
  // d.cpp's own header does not build: the shared entry cannot either, and
  // a.cpp keeps an entry of its own; later runs do not try again.
  writeFile(Dir + "/inc/torch/broken.h", "#pragma once\n#error broken\n");
  writeFile(Dir + "/d.cpp", "#include <torch/broken.h>\nint d();\n");
  RunResult R = runTorchLint(Args + " d.cpp", Dir);
  EXPECT_NE(R.Out.find("torch-perf-element-loop"), std::string::npos) << R.Out << R.Err;
  ASSERT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  std::string Marker;
  if (DIR *D = ::opendir((Dir + "/cache/pch").c_str())) {
    while (dirent *E = ::readdir(D))
      if (std::string N = E->d_name; N.size() > 7 && N.compare(N.size() - 7, 7, ".failed") == 0)
        Marker = Dir + "/cache/pch/" + N;
    ::closedir(D);
  }
  ASSERT_FALSE(Marker.empty()) << "the failed shared entry is remembered";
  ASSERT_EQ(std::system(("touch -d '2 hours ago' " + shellQuote(Marker)).c_str()), 0);
  struct stat Before, After;
  ::stat(Marker.c_str(), &Before);
  runTorchLint("--no-result-cache " + Args + " d.cpp", Dir);
  ::stat(Marker.c_str(), &After);
  EXPECT_EQ(Before.st_mtime, After.st_mtime) << "not built again";
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 1u);
}

TEST_F(PchCacheRun, ARelativeCacheDirectoryGetsItsEntry) {
  // --cache-dir=rel once built no PCH at all (every run parsed the headers).
  RunResult R = runTorchLint("--torch-include=" + shellQuote(Dir + "/inc") +
                                 " --cache-dir=rel --checks='-*,torch-perf-element-loop'"
                                 " --format=json a.cpp",
                             Dir);
  EXPECT_EQ(R.Out, Reference.Out) << R.Err;
  EXPECT_EQ(pchFiles(Dir + "/rel").size(), 1u);
}

TEST_F(PchCacheRun, CorruptEntryIsDetectedAndRebuilt) {
  runTorchLint(Args, Dir);
  ASSERT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  std::string Pch = pchFiles(Dir + "/cache")[0];
  writeFile(Pch, readFile(Pch).substr(0, 4096)); // Truncated.
  RunResult R = runTorchLint(Args, Dir);
  EXPECT_EQ(R.Out, Reference.Out) << R.Err;
  EXPECT_EQ(R.ExitCode, 1);
  RunResult Again = runTorchLint(Args, Dir);
  EXPECT_EQ(Again.Out, Reference.Out);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 1u);
}

TEST_F(PchCacheRun, StaleEntryAfterAHeaderChangeIsNotTrusted) {
  runTorchLint(Args, Dir);
  // Change a header the PCH was built from (content and mtime).
  std::string Header = Dir + "/inc/ATen/core/TensorBody.h";
  writeFile(Header, readFile(Header) + "\n// changed\n");
  struct utimbuf Later = {::time(nullptr) + 10, ::time(nullptr) + 10};
  ::utime(Header.c_str(), &Later);
  RunResult R = runTorchLint(Args, Dir);
  EXPECT_EQ(R.Out, Reference.Out) << R.Err;
  EXPECT_EQ(R.ExitCode, 1);
}

TEST_F(PchCacheRun, ConcurrentBuildersDoNotCorruptTheEntry) {
  std::string Cmd = "cd " + shellQuote(Dir) + " && (" + shellQuote(TORCHLINT_BINARY) + " " +
                    Args + " >o1.json & " + shellQuote(TORCHLINT_BINARY) + " " + Args +
                    " >o2.json & wait)";
  std::system(Cmd.c_str());
  EXPECT_EQ(readFile(Dir + "/o1.json"), Reference.Out);
  EXPECT_EQ(readFile(Dir + "/o2.json"), Reference.Out);
  EXPECT_EQ(runTorchLint(Args, Dir).Out, Reference.Out);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 1u);
}

TEST_F(PchCacheRun, UnwritableCacheDirectoryIsSaidOnce) {
  writeFile(Dir + "/cache-file", "not a directory\n");
  std::string Bad = "--torch-include=" + shellQuote(Dir + "/inc") + " --cache-dir=" +
                    shellQuote(Dir + "/cache-file") +
                    " --checks='-*,torch-perf-element-loop' --format=json a.cpp";
  RunResult R = runTorchLint(Bad, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Out, Reference.Out);
  std::string Warning = "cache directory '" + Dir + "/cache-file' is not writable";
  EXPECT_NE(R.Err.find(Warning), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find(Warning), R.Err.rfind(Warning)) << "said once per run:\n" << R.Err;
}

TEST_F(PchCacheRun, LeftoversOfAKilledRunAreSwept) {
  runTorchLint(Args, Dir);
  std::string Pch = Dir + "/cache/pch";
  // A killed builder's work directory and a stray temporary file, two hours
  // old; and a fresh one that a concurrent run may still be using.
  ASSERT_EQ(std::system(("mkdir -p " + shellQuote(Pch + "/k.tmp-old1") + " " +
                         shellQuote(Pch + "/k.tmp-new1") + " && touch " +
                         shellQuote(Pch + "/k.h.tmp1234") + " && touch -d '2 hours ago' " +
                         shellQuote(Pch + "/k.tmp-old1") + " " + shellQuote(Pch + "/k.h.tmp1234"))
                            .c_str()),
            0);
  // Sweeping happens when an entry is built: ask for another one.
  RunResult R = runTorchLint(Args + " -- -DOTHER=1", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  struct stat St;
  EXPECT_NE(::stat((Pch + "/k.tmp-old1").c_str(), &St), 0);
  EXPECT_NE(::stat((Pch + "/k.h.tmp1234").c_str(), &St), 0);
  EXPECT_EQ(::stat((Pch + "/k.tmp-new1").c_str(), &St), 0);
  EXPECT_EQ(pchFiles(Dir + "/cache").size(), 2u);
}

TEST_F(PchCacheRun, SizeCapEvictsTheLeastRecentlyUsed) {
  runTorchLint(Args, Dir);
  ASSERT_EQ(pchFiles(Dir + "/cache").size(), 1u);
  std::string First = pchFiles(Dir + "/cache")[0];
  // Entries used in the last ten minutes are kept (a concurrent run may be
  // loading them): age the first.
  ASSERT_EQ(std::system(("touch -d '20 minutes ago' " + shellQuote(First)).c_str()), 0);
  // A cap smaller than two entries: building the second evicts the first.
  RunResult R = runTorchLint("--cache-max=1 " + Args + " -- -DOTHER=1", Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::vector<std::string> Left = pchFiles(Dir + "/cache");
  ASSERT_EQ(Left.size(), 1u);
  EXPECT_NE(Left[0], First);
  // Findings do not depend on it.
  EXPECT_EQ(runTorchLint("--cache-max=1 " + Args, Dir).Out, Reference.Out);
}

} // namespace
