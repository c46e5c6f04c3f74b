//===--- CatalogTest.cpp - The catalog is the single source of checks -----===//

#include "Catalog.h"

#include "TestSupport.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "gtest/gtest.h"
#include <set>
#include <sys/stat.h>

using namespace torchlint;

namespace {

bool exists(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0;
}

TEST(Catalog, NamesAreUniqueSortedAndWellFormed) {
  std::set<std::string> Seen;
  std::string Previous;
  for (const CheckInfo &Info : catalog()) {
    std::string Name = Info.Name.str();
    EXPECT_TRUE(Seen.insert(Name).second) << Name;
    EXPECT_LT(Previous, Name) << "catalog must stay sorted";
    Previous = Name;
    EXPECT_EQ(Name.rfind("torch-" + Info.Family.str() + "-", 0), 0u) << Name;
    EXPECT_FALSE(Info.Summary.empty()) << Name;
    EXPECT_NE(Info.Create, nullptr) << Name;
    if (!Info.GraphBreak.empty())
      EXPECT_EQ(Info.GraphBreak.substr(0, 2), "GB") << Name;
  }
  EXPECT_GE(Seen.size(), 2u);
}

TEST(Catalog, EveryCheckHasDocsAndAnnotatedTestdata) {
  for (const CheckInfo &Info : catalog()) {
    std::string Name = Info.Name.str();
    EXPECT_TRUE(exists(test::sourceDir() + "/docs/checks/" + Name + ".md"))
        << Name << " has no docs page";
    std::string Testdata = test::readFile(test::sourceDir() + "/testdata/" + Name + ".cpp");
    EXPECT_NE(Testdata.find("// expect: " + Name), std::string::npos)
        << Name << " has no annotated positive in testdata/" << Name << ".cpp";
  }
}

TEST(Catalog, DocsIndexIsGeneratedFromTheCatalog) {
  test::RunResult R = test::runTorchLint("--list-checks --format=markdown");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(test::readFile(test::sourceDir() + "/docs/checks/README.md"), R.Out)
      << "regenerate: build/bin/torch-lint --list-checks --format=markdown > "
         "docs/checks/README.md";
}

TEST(Catalog, DefaultGlobHasLevel0And1Only) {
  std::string Glob = defaultChecksGlob();
  EXPECT_EQ(Glob.rfind("-*", 0), 0u);
  for (const CheckInfo &Info : catalog()) {
    bool In = Glob.find("," + Info.Name.str()) != std::string::npos;
    EXPECT_EQ(In, Info.Level != CheckLevel::Level2) << Info.Name.str();
  }
}

TEST(Catalog, ModuleRegistersEveryCatalogCheck) {
  (void)TorchLintModuleAnchorSource;
  clang::tidy::ClangTidyCheckFactories Factories;
  bool Found = false;
  for (const auto &Entry : clang::tidy::ClangTidyModuleRegistry::entries()) {
    if (Entry.getName() != "torch-module")
      continue;
    Found = true;
    Entry.instantiate()->addCheckFactories(Factories);
  }
  ASSERT_TRUE(Found);
  std::set<std::string> Registered;
  for (const auto &F : Factories)
    Registered.insert(F.getKey().str());
  for (const CheckInfo &Info : catalog())
    EXPECT_TRUE(Registered.count(Info.Name.str())) << Info.Name.str();
  EXPECT_EQ(Registered.size(), catalog().size());
}

} // namespace
