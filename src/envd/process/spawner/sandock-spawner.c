/*
 * sandock-spawner: envd's process starter. envd (a ~60 MiB Node process) forking itself for every
 * command costs it milliseconds of page-table copying and copy-on-write faults; this small
 * resident process forks instead and hands the child's stdio back to envd.
 *
 * Built statically from Debian's gcc when the base image is built (docker/base.Dockerfile), so it
 * runs in any image envd is copied into. envd starts it with Node's child_process:
 *   fd 0  requests from envd, binary frames (src/envd/process/spawner-protocol.ts):
 *         u32le length, then NUL-terminated fields:
 *           "S" id file cwd stdin(0|1) uid gid ngroups groups... argc argv... envc env...
 *           "K" pid signal
 *   fd 3  Node's IPC channel (NODE_CHANNEL_FD, JSON serialization): one JSON object per line.
 *         {"t":"spawned","id":N,"pid":P}, then one Node handle message per stdio socket
 *         ({"cmd":"NODE_HANDLE","type":"net.Native","msg":{"t":"fd","id":N,"fd":0|1|2}} with the
 *         socket attached as SCM_RIGHTS, which Node hands over as a pipe handle), or
 *         {"t":"error","id":N,"errno":E,"syscall":"chdir"|"exec"|"spawn"};
 *         later {"t":"exit","pid":P,"code":C,"signal":S}.
 * A child gets what Node's own spawn gives it: socketpairs (or /dev/null) as stdio, its own
 * session (setsid), default signal dispositions and an empty mask, the requested cwd, user and
 * groups, and exactly the environment sent; execvp-style PATH search in that environment. A
 * command that is not found (or not executable) runs as `/bin/sh -c 'exec "$@"' sh cmd args…`,
 * so the shell reports it and exits 127 (or 126), as upstream's shell wrapper does.
 * Requests for a pid that is not a live child are ignored. EOF on fd 0 or fd 3 ends the spawner;
 * children that are still running are then reparented to init, as if envd had started them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQ_FD 0
#define IPC_FD 3
#define MAX_FRAME (64u << 20)
#define MAX_CHILDREN 65536

static pid_t children[MAX_CHILDREN];
static size_t nchildren;

static void die(const char *what) {
  fprintf(stderr, "sandock-spawner: %s: %s\n", what, strerror(errno));
  exit(2);
}

static void write_all(const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = write(IPC_FD, buf, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) exit(0); /* envd is gone */
    buf += n;
    len -= (size_t)n;
  }
}

static void send_line(const char *line) { write_all(line, strlen(line)); }

/* One handle message with `fd` attached; Node expects exactly one such message per read. */
static void send_fd(long id, int which, int fd) {
  char line[160];
  int len = snprintf(line, sizeof line,
                     "{\"cmd\":\"NODE_HANDLE\",\"type\":\"net.Native\",\"msg\":{\"t\":\"fd\",\"id\":%ld,\"fd\":%d}}\n", id, which);
  struct iovec iov = {line, (size_t)len};
  union {
    struct cmsghdr h;
    char buf[CMSG_SPACE(sizeof(int))];
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr msg = {0};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control.buf;
  msg.msg_controllen = sizeof control.buf;
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &fd, sizeof(int));
  for (;;) {
    ssize_t n = sendmsg(IPC_FD, &msg, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) exit(0);
    if (n < len) write_all(line + n, (size_t)(len - n)); /* the fd went with the first byte */
    return;
  }
}

static void send_error(long id, int err, const char *syscall) {
  char line[128];
  snprintf(line, sizeof line, "{\"t\":\"error\",\"id\":%ld,\"errno\":%d,\"syscall\":\"%s\"}\n", id, err, syscall);
  send_line(line);
}

/* execvp in `envp`'s PATH (not the spawner's), as libuv does for Node's spawn. */
static void exec_search(const char *file, char **argv, char **envp) {
  if (strchr(file, '/')) {
    execve(file, argv, envp);
    return;
  }
  const char *path = "/usr/local/bin:/usr/bin:/bin";
  for (char **e = envp; *e; e++)
    if (strncmp(*e, "PATH=", 5) == 0) path = *e + 5;
  int eacces = 0;
  size_t flen = strlen(file);
  for (const char *p = path;; p++) {
    const char *end = strchrnul(p, ':');
    size_t dlen = (size_t)(end - p);
    char buf[4096];
    if (dlen + 1 + flen + 1 <= sizeof buf) {
      memcpy(buf, p, dlen);
      size_t at = dlen;
      if (dlen > 0) buf[at++] = '/'; /* an empty entry is the working directory */
      memcpy(buf + at, file, flen + 1);
      execve(buf, argv, envp);
      if (errno == EACCES) eacces = 1;
      else if (errno != ENOENT && errno != ENOTDIR) return;
    }
    if (*end == '\0') break;
    p = end;
  }
  errno = eacces ? EACCES : ENOENT;
}

struct spawn_req {
  long id;
  const char *file, *cwd;
  int stdin_pipe;
  long uid, gid;
  size_t ngroups;
  gid_t *groups;
  char **argv, **envp;
};

/* What the child reports on the error pipe when it cannot run the command. */
struct child_error {
  int stage; /* 0: setting up stdio or the user, 1: chdir, 2: exec */
  int err;
};

/* In the child: never returns. Reports on `errfd` if it cannot exec. */
static void child(const struct spawn_req *r, int in, int out, int err, int errfd) {
  struct child_error ce = {0, 0};
  sigset_t none;
  sigemptyset(&none);
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
  sigprocmask(SIG_SETMASK, &none, NULL);
  setsid();
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) goto fail;
  if (chdir(r->cwd) < 0) {
    ce.stage = 1;
    goto fail;
  }
  if (r->gid >= 0) {
    if (setgroups(r->ngroups, r->groups) < 0 || setgid((gid_t)r->gid) < 0) goto fail;
  }
  if (r->uid >= 0 && setuid((uid_t)r->uid) < 0) goto fail;
  exec_search(r->file, r->argv, r->envp);
  if (errno == ENOENT || errno == EACCES) {
    size_t argc = 0;
    while (r->argv[argc]) argc++;
    char **sh = calloc(argc + 5, sizeof *sh);
    if (sh) {
      sh[0] = "/bin/sh";
      sh[1] = "-c";
      sh[2] = "exec \"$@\"";
      sh[3] = "sh";
      memcpy(sh + 4, r->argv, argc * sizeof *sh);
      execve("/bin/sh", sh, r->envp);
    }
  }
  ce.stage = 2;
fail:
  ce.err = errno;
  (void)!write(errfd, &ce, sizeof ce);
  _exit(127);
}

static int add_child(pid_t pid) {
  if (nchildren == MAX_CHILDREN) return -1;
  children[nchildren++] = pid;
  return 0;
}

static int is_child(pid_t pid) {
  for (size_t i = 0; i < nchildren; i++)
    if (children[i] == pid) return 1;
  return 0;
}

static void remove_child(pid_t pid) {
  for (size_t i = 0; i < nchildren; i++)
    if (children[i] == pid) {
      children[i] = children[--nchildren];
      return;
    }
}

static void do_spawn(struct spawn_req *r) {
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, ep[2] = {-1, -1};
  struct child_error ce = {0, 0};
  const char *syscall = "spawn";
  if (r->stdin_pipe) {
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) < 0) goto failed;
  } else if ((in[1] = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) goto failed;
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out) < 0) goto failed;
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, err) < 0) goto failed;
  if (pipe2(ep, O_CLOEXEC) < 0) goto failed;
  pid_t pid = fork();
  if (pid < 0) goto failed;
  if (pid == 0) child(r, in[1], out[1], err[1], ep[1]);
  close(ep[1]);
  ep[1] = -1;
  ssize_t n;
  do n = read(ep[0], &ce, sizeof ce);
  while (n < 0 && errno == EINTR);
  if (n == sizeof ce) {
    /* It never ran: reap it here, envd hears only the error. */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    syscall = ce.stage == 1 ? "chdir" : ce.stage == 2 ? "exec" : "spawn";
    errno = ce.err;
    goto failed;
  }
  if (add_child(pid) < 0) {
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    errno = EAGAIN;
    goto failed;
  }
  char line[96];
  snprintf(line, sizeof line, "{\"t\":\"spawned\",\"id\":%ld,\"pid\":%d}\n", r->id, (int)pid);
  send_line(line);
  if (r->stdin_pipe) send_fd(r->id, 0, in[0]);
  send_fd(r->id, 1, out[0]);
  send_fd(r->id, 2, err[0]);
  goto done;
failed:
  send_error(r->id, errno, syscall);
done:
  for (int i = 0; i < 2; i++) {
    if (in[i] >= 0) close(in[i]);
    if (out[i] >= 0) close(out[i]);
    if (err[i] >= 0) close(err[i]);
    if (ep[i] >= 0) close(ep[i]);
  }
}

/* Splits a frame into its NUL-terminated fields; returns how many. */
static size_t split(char *buf, size_t len, char ***fields) {
  size_t n = 0;
  for (size_t i = 0; i < len; i++)
    if (buf[i] == '\0') n++;
  char **f = malloc((n + 1) * sizeof *f);
  if (!f) die("malloc");
  size_t k = 0;
  for (size_t i = 0, start = 0; i < len; i++)
    if (buf[i] == '\0') {
      f[k++] = buf + start;
      start = i + 1;
    }
  f[k] = NULL;
  *fields = f;
  return k;
}

static int num(const char *s, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end) return -1;
  *out = v;
  return 0;
}

/* One request frame; a malformed one is a bug in envd, so it ends the spawner loudly. */
static void handle(char *buf, size_t len) {
  if (len == 0 || buf[len - 1] != '\0') {
    fprintf(stderr, "sandock-spawner: malformed request\n");
    exit(2);
  }
  char **f;
  size_t n = split(buf, len, &f);
  long v;
  if (n == 3 && strcmp(f[0], "K") == 0) {
    long pid, sig;
    if (num(f[1], &pid) == 0 && num(f[2], &sig) == 0 && is_child((pid_t)pid)) kill((pid_t)pid, (int)sig);
    free(f);
    return;
  }
  struct spawn_req r = {0};
  size_t i = 1;
  if (n < 9 || strcmp(f[0], "S") != 0 || num(f[i++], &r.id) < 0) goto bad;
  r.file = f[i++];
  r.cwd = f[i++];
  r.stdin_pipe = strcmp(f[i++], "1") == 0;
  if (num(f[i++], &r.uid) < 0 || num(f[i++], &r.gid) < 0 || num(f[i++], &v) < 0 || v < 0 || (size_t)v > n - i) goto bad;
  r.ngroups = (size_t)v;
  r.groups = calloc(r.ngroups + 1, sizeof(gid_t));
  if (!r.groups) die("calloc");
  for (size_t g = 0; g < r.ngroups; g++) {
    if (num(f[i++], &v) < 0) goto bad;
    r.groups[g] = (gid_t)v;
  }
  if (i >= n || num(f[i++], &v) < 0 || v < 1 || (size_t)v > n - i) goto bad;
  r.argv = f + i;
  i += (size_t)v;
  if (i >= n || num(f[i], &v) < 0 || v < 0 || (size_t)v != n - i - 1) goto bad;
  f[i] = NULL; /* argv ends where the env count was */
  r.envp = f + i + 1;
  do_spawn(&r);
  free(r.groups);
  free(f);
  return;
bad:
  fprintf(stderr, "sandock-spawner: malformed request\n");
  exit(2);
}

static void reap(void) {
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) return;
    if (!is_child(pid)) continue;
    remove_child(pid);
    char line[128];
    if (WIFSIGNALED(status))
      snprintf(line, sizeof line, "{\"t\":\"exit\",\"pid\":%d,\"code\":null,\"signal\":%d}\n", (int)pid, WTERMSIG(status));
    else
      snprintf(line, sizeof line, "{\"t\":\"exit\",\"pid\":%d,\"code\":%d,\"signal\":null}\n", (int)pid, WEXITSTATUS(status));
    send_line(line);
  }
}

/* Closes every fd above the IPC channel: whatever envd's own parent left open must not reach the
 * commands (Node's child_process would pass such fds on; children here get exactly 0-2). */
static void close_inherited(void) {
  int fds[256];
  size_t n;
  do { /* in batches: closing while reading the directory would skip entries */
    DIR *d = opendir("/proc/self/fd");
    if (!d) return;
    int mine = dirfd(d);
    n = 0;
    for (struct dirent *e; n < sizeof fds / sizeof *fds && (e = readdir(d)) != NULL;) {
      int fd = atoi(e->d_name);
      if (fd > IPC_FD && fd != mine) fds[n++] = fd;
    }
    closedir(d);
    for (size_t i = 0; i < n; i++) close(fds[i]);
  } while (n == sizeof fds / sizeof *fds);
}

int main(void) {
  close_inherited();
  /* Our own fds must not reach children; blocking writes to envd (it always reads). */
  fcntl(REQ_FD, F_SETFD, FD_CLOEXEC);
  fcntl(IPC_FD, F_SETFD, FD_CLOEXEC);
  int fl = fcntl(IPC_FD, F_GETFL);
  if (fl < 0) die("fd 3 (run me from envd)");
  fcntl(IPC_FD, F_SETFL, fl & ~O_NONBLOCK);
  signal(SIGPIPE, SIG_IGN);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sfd < 0) die("signalfd");

  size_t cap = 1 << 16, have = 0;
  char *buf = malloc(cap);
  if (!buf) die("malloc");
  for (;;) {
    struct pollfd p[3] = {{REQ_FD, POLLIN, 0}, {IPC_FD, POLLIN, 0}, {sfd, POLLIN, 0}};
    if (poll(p, 3, -1) < 0) {
      if (errno == EINTR) continue;
      die("poll");
    }
    if (p[2].revents) {
      struct signalfd_siginfo si;
      while (read(sfd, &si, sizeof si) == sizeof si) {}
      reap();
    }
    if (p[1].revents) {
      /* Node's acknowledgements of the handles we sent; nothing else arrives here. */
      char discard[4096];
      ssize_t n = read(IPC_FD, discard, sizeof discard);
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) return 0;
    }
    if (p[0].revents) {
      if (have == cap) {
        cap *= 2;
        buf = realloc(buf, cap);
        if (!buf) die("realloc");
      }
      ssize_t n = read(REQ_FD, buf + have, cap - have);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) return 0;
      have += (size_t)n;
      for (;;) {
        if (have < 4) break;
        uint32_t len;
        memcpy(&len, buf, 4);
        if (len > MAX_FRAME) {
          fprintf(stderr, "sandock-spawner: request too large\n");
          return 2;
        }
        if (have < 4 + (size_t)len) {
          if (cap < 4 + (size_t)len) {
            cap = 4 + (size_t)len;
            buf = realloc(buf, cap);
            if (!buf) die("realloc");
          }
          break;
        }
        handle(buf + 4, len);
        memmove(buf, buf + 4 + len, have - 4 - len);
        have -= 4 + (size_t)len;
      }
    }
  }
}
