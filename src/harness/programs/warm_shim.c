/* boardfuzz's fork server for a C, C++ or Rust program it built (src/harness/programs/warm.rs
 * says why and how), in the manner of AFL's: preloaded (LD_PRELOAD) into the program, started
 * once with BOARDFUZZ_WARM=1 and a Unix socket (SOCK_SEQPACKET) on fd 0. It stands in for
 * glibc's __libc_start_main, which the program's _start calls once the dynamic loader has loaded
 * and relocated every library and run their initializers: that is the start a fork skips. It says
 * `R` and its pid, then for each request (the program's argv, NUL-separated, and three file
 * descriptors: its stdin, stdout and stderr) it forks a child, says `P` and the child's pid, and
 * when the child has ended `X`, its wait status, its CPU time in nanoseconds and its peak
 * resident memory in bytes. End of file on the socket: boardfuzz is gone, and so is this.
 *
 * The child moves into a process group of its own, puts the pipes on 0, 1 and 2, and calls the
 * real __libc_start_main with its own argv: the program's constructors (its globals, iostream's
 * setup, Rust's std) and main run in the child, on memory none of its siblings touched. Without
 * BOARDFUZZ_WARM the library does nothing: the program starts as it always does. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_fn)(main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void),
                        void *);

extern char **environ;

static void say(int sock, const void *what, size_t len) {
    while (send(sock, what, len, MSG_NOSIGNAL) < 0 && errno == EINTR) {
    }
}

/* Removes NAME from the environment, so that neither the program nor what it starts sees it. */
static void drop_env(const char *name) {
    size_t n = strlen(name);
    char **from = environ, **to = environ;
    for (; *from; from++)
        if (!(strncmp(*from, name, n) == 0 && (*from)[n] == '='))
            *to++ = *from;
    *to = NULL;
}

int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtld_fini)(void), void *stack_end) {
    start_fn real = (start_fn)dlsym(RTLD_NEXT, "__libc_start_main");
    const char *mark = getenv("BOARDFUZZ_WARM");
    if (!real)
        abort();
    if (!mark || strcmp(mark, "1") != 0)
        return real(main, argc, argv, init, fini, rtld_fini, stack_end);
    drop_env("BOARDFUZZ_WARM");
    drop_env("LD_PRELOAD");
    const int sock = 0;
    char ready[5] = {'R'};
    int32_t me = getpid();
    memcpy(ready + 1, &me, 4);
    say(sock, ready, sizeof ready);
    static char buf[1 << 16];
    for (;;) {
        struct iovec iov = {buf, sizeof buf - 1};
        union {
            struct cmsghdr header;
            char space[CMSG_SPACE(3 * sizeof(int))];
        } control;
        struct msghdr msg;
        memset(&msg, 0, sizeof msg);
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.space;
        msg.msg_controllen = sizeof control.space;
        ssize_t got = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            _exit(0);
        int fds[3] = {-1, -1, -1}, count = 0;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
                int n = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
                int all[3];
                memcpy(all, CMSG_DATA(c), (size_t)(n < 3 ? n : 3) * sizeof(int));
                for (int i = 0; i < n && i < 3; i++)
                    fds[count++] = all[i];
            }
        pid_t pid = count == 3 ? fork() : -1;
        if (pid == 0) {
            setpgid(0, 0);
            for (int i = 0; i < 3; i++)
                dup2(fds[i], i);
            for (int i = 0; i < 3; i++)
                if (fds[i] > 2)
                    close(fds[i]);
            buf[got] = 0;
            int words = 1;
            for (ssize_t i = 0; i < got; i++)
                words += buf[i] == 0;
            char **args = calloc((size_t)words + 1, sizeof *args);
            int k = 0;
            for (ssize_t i = 0; i < got && args; i += (ssize_t)strlen(buf + i) + 1)
                args[k++] = buf + i;
            if (!args)
                _exit(127);
            args[k] = NULL;
            /* The command line `ps` and /proc/PID/cmdline show is the memory of the server's own
             * argv (boardfuzz pads it with an argument of spaces): the child's is written there. */
            char *area = argv[0];
            size_t room = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) + 1 - area);
            size_t len = (size_t)got < room - 1 ? (size_t)got : room - 1;
            memmove(area, buf, len);
            memset(area + len, 0, room - len);
            return real(main, k, args, init, fini, rtld_fini, stack_end);
        }
        for (int i = 0; i < count; i++)
            close(fds[i]);
        if (pid < 0) {
            say(sock, "E", 1);
            continue;
        }
        setpgid(pid, pid);
        char started[5] = {'P'};
        int32_t child = pid;
        memcpy(started + 1, &child, 4);
        say(sock, started, sizeof started);
        int status = 0;
        struct rusage usage;
        memset(&usage, 0, sizeof usage);
        while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
        }
        uint64_t cpu = (uint64_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000ull +
                       (uint64_t)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000ull;
        uint64_t peak = (uint64_t)usage.ru_maxrss * 1024;
        char ended[21] = {'X'};
        int32_t raw = status;
        memcpy(ended + 1, &raw, 4);
        memcpy(ended + 5, &cpu, 8);
        memcpy(ended + 13, &peak, 8);
        say(sock, ended, sizeof ended);
    }
}
