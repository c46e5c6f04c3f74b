//===--- Subprocess.cpp - Running helper programs safely ------------------===//

#include "Subprocess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace torchlint {

std::vector<std::string> minimalEnvironment() {
  return {"PATH=/usr/bin:/bin", "LC_ALL=C", "HOME=/nonexistent"};
}

ProcessResult runProcess(const std::vector<std::string> &Argv,
                         const std::vector<std::string> &Env, const std::string &Cwd,
                         unsigned Seconds, size_t MaxOutput) {
  ProcessResult R;
  if (Argv.empty() || Argv[0].empty() || Argv[0][0] != '/') {
    R.Error = "not an absolute program path";
    return R;
  }
  int OutPipe[2], ErrPipe[2], ExecPipe[2];
  if (::pipe2(OutPipe, O_CLOEXEC) || ::pipe2(ErrPipe, O_CLOEXEC) ||
      ::pipe2(ExecPipe, O_CLOEXEC)) {
    R.Error = std::string("pipe: ") + std::strerror(errno);
    return R;
  }
  std::vector<char *> Args, Envp;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  for (const std::string &E : Env)
    Envp.push_back(const_cast<char *>(E.c_str()));
  Envp.push_back(nullptr);

  pid_t Pid = ::fork();
  if (Pid < 0) {
    R.Error = std::string("fork: ") + std::strerror(errno);
    for (int *P : {OutPipe, ErrPipe, ExecPipe}) {
      ::close(P[0]);
      ::close(P[1]);
    }
    return R;
  }
  if (Pid == 0) {
    // The child: only async-signal-safe calls from here on.
    ::setpgid(0, 0);
    int In = ::open("/dev/null", O_RDONLY);
    if (In < 0 || ::dup2(In, 0) < 0 || ::dup2(OutPipe[1], 1) < 0 ||
        ::dup2(ErrPipe[1], 2) < 0 || ::chdir(Cwd.c_str()) != 0) {
      int E = errno;
      (void)!::write(ExecPipe[1], &E, sizeof E);
      ::_exit(127);
    }
    ::execve(Args[0], Args.data(), Envp.data());
    int E = errno;
    (void)!::write(ExecPipe[1], &E, sizeof E);
    ::_exit(127);
  }
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  ::close(ExecPipe[1]);

  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(Seconds);
  bool TimedOut = false;
  struct pollfd Fds[2] = {{OutPipe[0], POLLIN, 0}, {ErrPipe[0], POLLIN, 0}};
  std::string *Sinks[2] = {&R.Out, &R.Err};
  int Open = 2;
  while (Open > 0) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Deadline - std::chrono::steady_clock::now())
                    .count();
    if (Left <= 0) {
      TimedOut = true;
      break;
    }
    int N = ::poll(Fds, 2, static_cast<int>(Left));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      continue;
    for (int I = 0; I < 2; ++I) {
      if (Fds[I].fd < 0 || !(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      char Buf[65536];
      ssize_t Got = ::read(Fds[I].fd, Buf, sizeof Buf);
      if (Got < 0 && errno == EINTR)
        continue;
      if (Got <= 0) {
        ::close(Fds[I].fd);
        Fds[I].fd = -1;
        --Open;
        continue;
      }
      if (Sinks[I]->size() < MaxOutput)
        Sinks[I]->append(Buf, std::min<size_t>(Got, MaxOutput - Sinks[I]->size()));
    }
  }
  if (TimedOut)
    ::kill(-Pid, SIGKILL);
  for (struct pollfd &F : Fds)
    if (F.fd >= 0)
      ::close(F.fd);
  int WaitStatus = 0;
  while (::waitpid(Pid, &WaitStatus, 0) < 0 && errno == EINTR)
    ;
  if (TimedOut)
    ::kill(-Pid, SIGKILL); // Whatever it left behind in its group.
  int ExecErrno = 0;
  ssize_t Got = ::read(ExecPipe[0], &ExecErrno, sizeof ExecErrno);
  ::close(ExecPipe[0]);
  if (Got == sizeof ExecErrno) {
    R.Error = "cannot run " + Argv[0] + ": " + std::strerror(ExecErrno);
    return R;
  }
  if (TimedOut) {
    R.Error = Argv[0] + " ran past its " + std::to_string(Seconds) + " s limit";
    return R;
  }
  if (WIFEXITED(WaitStatus))
    R.Status = WEXITSTATUS(WaitStatus);
  else
    R.Error = Argv[0] + " was killed by signal " + std::to_string(WTERMSIG(WaitStatus));
  return R;
}

} // namespace torchlint
