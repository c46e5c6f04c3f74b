//===--- PythonFixIts.cpp - Fix-its the compile checks write into Python --===//

#include "PythonFixIts.h"

#include "clang/Basic/FileManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <set>

namespace torchlint::checks {

using namespace clang;

SourceLocation startOfPythonFile(SourceManager &SM, llvm::StringRef Path,
                                 llvm::StringRef Content) {
  FileEntryRef FE = SM.getFileManager().getVirtualFileRef(Path, Content.size(), 0);
  SM.overrideFileContents(FE, llvm::MemoryBuffer::getMemBufferCopy(Content, Path));
  FileID FID = SM.getOrCreateFileID(FE, SrcMgr::C_User);
  return FID.isValid() ? SM.getLocForStartOfFile(FID) : SourceLocation();
}

std::string registerFakesText(llvm::StringRef Content, const model::ModuleCodeSpot &Spot,
                              const std::vector<const PythonFake *> &Fakes, bool ImportTorch) {
  std::string Text =
      Spot.Offset == Content.size() && !Content.ends_with("\n") ? "\n" : "";
  if (ImportTorch)
    Text += "import torch\n";
  // (Two overloads of one op have one function name: each gets its own.)
  std::set<std::string> Taken;
  for (const PythonFake *Fake : Fakes) {
    std::string Name = Fake->Function;
    while (model::namesAnything(Content, Name) || Taken.count(Name))
      Name += "_";
    Taken.insert(Name);
    Text += "\n\n@torch.library.register_fake(\"" + Fake->Op + "\")\ndef " + Name + "(" +
            Fake->Args + "):\n    return " + Fake->Returns + "\n";
  }
  // Two blank lines before the code that follows, as PEP 8 has them.
  if (llvm::StringRef Rest = Content.substr(Spot.Offset); !Rest.empty())
    Text += Rest.starts_with("\n\n") ? "" : Rest.starts_with("\n") ? "\n" : "\n\n";
  return Text;
}

} // namespace torchlint::checks
