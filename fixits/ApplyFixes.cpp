//===--- ApplyFixes.cpp - Applying fix-its without losing a byte ----------===//

#include "ApplyFixes.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace torchlint::fixits {

Applied applyEdits(std::string_view Content, std::vector<Edit> Edits) {
  Applied Out;
  std::stable_sort(Edits.begin(), Edits.end(), [](const Edit &A, const Edit &B) {
    return std::tie(A.Offset, A.Length) < std::tie(B.Offset, B.Length);
  });
  std::vector<Edit> Accepted;
  for (Edit &E : Edits) {
    if (static_cast<size_t>(E.Offset) + E.Length > Content.size()) {
      Out.Dropped.push_back("edit at offset " + std::to_string(E.Offset) +
                            " from " + E.Origin + " is outside the file");
      continue;
    }
    if (!Accepted.empty()) {
      const Edit &Last = Accepted.back();
      if (Last.Offset == E.Offset && Last.Length == E.Length && Last.Text == E.Text)
        continue; // The same edit proposed twice.
      bool Overlaps = E.Offset < Last.Offset + Last.Length ||
                      (E.Offset == Last.Offset && E.Length == 0 && Last.Length == 0);
      if (Overlaps) {
        Out.Dropped.push_back("edit at offset " + std::to_string(E.Offset) +
                              " from " + E.Origin + " conflicts with one from " +
                              Last.Origin);
        continue;
      }
    }
    Accepted.push_back(std::move(E));
  }
  size_t Pos = 0;
  for (const Edit &E : Accepted) {
    Out.Content.append(Content.substr(Pos, E.Offset - Pos));
    Out.Content.append(E.Text);
    Pos = E.Offset + E.Length;
  }
  Out.Content.append(Content.substr(Pos));
  Out.AppliedCount = Accepted.size();
  return Out;
}

bool writeFileAtomically(const std::string &Path, std::string_view Content,
                         std::string &Error) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    Error = "cannot stat " + Path + ": " + std::strerror(errno);
    return false;
  }
  if (::access(Path.c_str(), W_OK) != 0) {
    Error = Path + " is not writable: " + std::strerror(errno);
    return false;
  }
  std::string Temp = Path + ".torchlint-XXXXXX";
  std::vector<char> Name(Temp.begin(), Temp.end());
  Name.push_back('\0');
  int FD = ::mkstemp(Name.data());
  if (FD < 0) {
    Error = "cannot create a temporary file next to " + Path + ": " +
            std::strerror(errno);
    return false;
  }
  auto Fail = [&](const std::string &What) {
    Error = What + " " + Name.data() + ": " + std::strerror(errno);
    ::close(FD);
    ::unlink(Name.data());
    return false;
  };
  size_t Done = 0;
  while (Done < Content.size()) {
    ssize_t N = ::write(FD, Content.data() + Done, Content.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return Fail("cannot write");
    }
    Done += static_cast<size_t>(N);
  }
  if (::fchmod(FD, St.st_mode & 07777) != 0)
    return Fail("cannot set the mode of");
  // Keep the owner where we may (root fixing a user's file).
  if (::fchown(FD, St.st_uid, St.st_gid) != 0 && errno != EPERM)
    return Fail("cannot set the owner of");
  if (::fsync(FD) != 0)
    return Fail("cannot sync");
  if (::close(FD) != 0) {
    Error = std::string("cannot close ") + Name.data() + ": " + std::strerror(errno);
    ::unlink(Name.data());
    return false;
  }
  if (::rename(Name.data(), Path.c_str()) != 0) {
    Error = "cannot replace " + Path + ": " + std::strerror(errno);
    ::unlink(Name.data());
    return false;
  }
  return true;
}

} // namespace torchlint::fixits
