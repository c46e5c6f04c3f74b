//===--- Subprocess.cpp - Running helper programs safely ------------------===//

#include "support/Subprocess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <atomic>
#include <poll.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

namespace torchlint {

namespace {

/// The process groups of the children running now, for the signal handler
/// (async-signal-safe: a fixed array of atomics, no allocation, no lock).
constexpr int MaxChildren = 1024;
std::atomic<pid_t> LiveGroups[MaxChildren];

int remember(pid_t Pid) {
  for (int I = 0; I < MaxChildren; ++I) {
    pid_t Free = 0;
    if (LiveGroups[I].compare_exchange_strong(Free, Pid))
      return I;
  }
  return -1;
}

void forget(int Slot) {
  if (Slot >= 0)
    LiveGroups[Slot].store(0);
}

extern "C" void killChildrenAndDie(int Sig) {
  for (std::atomic<pid_t> &G : LiveGroups)
    if (pid_t P = G.load(); P > 0)
      ::kill(-P, SIGKILL);
  ::signal(Sig, SIG_DFL);
  ::raise(Sig);
}

} // namespace

void killChildrenWithThisProcess() {
  static std::atomic<bool> Installed{false};
  if (Installed.exchange(true))
    return;
  for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    struct sigaction Old;
    if (::sigaction(Sig, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue; // Ignored by whoever started us (nohup): stays ignored.
    struct sigaction A = {};
    A.sa_handler = killChildrenAndDie;
    sigemptyset(&A.sa_mask);
    ::sigaction(Sig, &A, nullptr);
  }
}

namespace {

/// The child's side of runProcess: only async-signal-safe calls.
[[noreturn]] void execChild(const std::vector<char *> &Args, const std::vector<char *> &Envp,
                            const std::string &Cwd, pid_t Parent, int Out, int Err,
                            int Exec) {
  ::setpgid(0, 0);
#ifdef __linux__
  // Dies with torch-lint, whatever ends it (SIGKILL included): a CI step
  // cancelled or a hook interrupted leaves no worker running.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  if (::getppid() != Parent)
    ::_exit(127); // The parent is already gone.
  int In = ::open("/dev/null", O_RDONLY);
  if (In < 0 || ::dup2(In, 0) < 0 || ::dup2(Out, 1) < 0 || ::dup2(Err, 2) < 0 ||
      ::chdir(Cwd.c_str()) != 0) {
    int E = errno;
    (void)!::write(Exec, &E, sizeof E);
    ::_exit(127);
  }
  ::execve(Args[0], Args.data(), Envp.data());
  int E = errno;
  (void)!::write(Exec, &E, sizeof E);
  ::_exit(127);
}

/// Reads the child's stdout and stderr (\p Out, \p Err: the pipes' read
/// ends, left open) into \p R, at most \p MaxOutput bytes each, until both
/// close or \p Seconds pass: false when time ran out.
bool readAll(int Out, int Err, ProcessResult &R, unsigned Seconds, size_t MaxOutput) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(Seconds);
  struct pollfd Fds[2] = {{Out, POLLIN, 0}, {Err, POLLIN, 0}};
  std::string *Sinks[2] = {&R.Out, &R.Err};
  int Open = 2;
  while (Open > 0) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Deadline - std::chrono::steady_clock::now())
                    .count();
    if (Left <= 0)
      return false;
    int N = ::poll(Fds, 2, static_cast<int>(Left));
    if (N <= 0)
      continue; // (EINTR, or nothing yet.)
    for (int I = 0; I < 2; ++I) {
      if (Fds[I].fd < 0 || !(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      char Buf[65536];
      ssize_t Got = ::read(Fds[I].fd, Buf, sizeof Buf);
      if (Got < 0 && errno == EINTR)
        continue;
      if (Got <= 0) {
        Fds[I].fd = -1; // Closed: poll no more (runProcess closes it).
        --Open;
        continue;
      }
      if (Sinks[I]->size() < MaxOutput)
        Sinks[I]->append(Buf, std::min<size_t>(Got, MaxOutput - Sinks[I]->size()));
    }
  }
  return true;
}

} // namespace

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

  killChildrenWithThisProcess();
  pid_t Parent = ::getpid();
  pid_t Pid = ::fork();
  if (Pid < 0) {
    R.Error = std::string("fork: ") + std::strerror(errno);
    for (int *P : {OutPipe, ErrPipe, ExecPipe}) {
      ::close(P[0]);
      ::close(P[1]);
    }
    return R;
  }
  if (Pid == 0)
    execChild(Args, Envp, Cwd, Parent, OutPipe[1], ErrPipe[1], ExecPipe[1]);
  ::setpgid(Pid, Pid); // Also here: no window in which a signal misses it.
  int Slot = remember(Pid);
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  ::close(ExecPipe[1]);

  bool TimedOut = !readAll(OutPipe[0], ErrPipe[0], R, Seconds, MaxOutput);
  if (TimedOut)
    ::kill(-Pid, SIGKILL);
  ::close(OutPipe[0]);
  ::close(ErrPipe[0]);
  forget(Slot); // (PDEATHSIG still covers it until it is reaped.)
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
