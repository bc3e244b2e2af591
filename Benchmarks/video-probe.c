// Diagnostic helper for issue 39's video runs (one static binary, three modes by name/arguments):
//   probe feed FILE FRAMEBYTES PIPEBYTES -- CMD...   write FILE into CMD's stdin through a pipe of PIPEBYTES (0: the
//                                                    default 64 KiB), FRAMEBYTES a write, as Weft's writer does;
//                                                    prints wall seconds, CMD's user+sys and the feeder's own. With
//                                                    $PROBE_SPLICE=1, each frame is handed to the pipe by reference
//                                                    (vmsplice) and its buffer reused only once CMD has read it
//                                                    (FIONREAD), as Weft's SplicingPipe does.
//   probe run CMD...                                 run CMD; wall seconds and its user+sys (with waited children).
//   as "ffmpeg" (argv[0]): run $PROBE_REAL with the same arguments and append its user+sys to $PROBE_LOG; then the
//   parent's (Weft's) threads' CPU from /proc, heaviest first. With $PROBE_CAPTURE set and "-i -" in the arguments,
//   copy stdin to that file instead and create the output (the last argument) empty.
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static double secs(struct timeval t) { return t.tv_sec + t.tv_usec / 1e6; }

static int waitfor(pid_t pid, struct rusage *usage) {
    int status = 0;
    while (wait4(pid, &status, 0, usage) < 0) {}
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void threads_of(pid_t pid, FILE *log) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *dir = opendir(path);
    if (!dir) return;
    long tick = sysconf(_SC_CLK_TCK);
    struct { char name[32]; double user, sys; } t[512];
    int n = 0;
    double user = 0, sys = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && n < 512) {
        if (e->d_name[0] == '.') continue;
        char file[300], buf[1024];
        snprintf(file, sizeof file, "/proc/%d/task/%s/stat", pid, e->d_name);
        FILE *f = fopen(file, "r");
        if (!f) continue;
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = 0;
        char *open = strchr(buf, '('), *close = strrchr(buf, ')');
        if (!open || !close) continue;
        int namelen = (int)(close - open - 1);
        if (namelen > 31) namelen = 31;
        memcpy(t[n].name, open + 1, namelen);
        t[n].name[namelen] = 0;
        unsigned long ut = 0, st = 0;
        // Fields after ')': state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15)
        sscanf(close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
        t[n].user = (double)ut / tick;
        t[n].sys = (double)st / tick;
        user += t[n].user;
        sys += t[n].sys;
        n++;
    }
    closedir(dir);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (t[j].user + t[j].sys > t[i].user + t[i].sys) { __typeof__(t[0]) x = t[i]; t[i] = t[j]; t[j] = x; }
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (f) {
        char buf[1024];
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = 0;
        unsigned long ut = 0, st = 0;
        char *close = strrchr(buf, ')');
        if (close) sscanf(close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
        fprintf(log, "weft process so far (ended threads too): user %.2f s, sys %.2f s\n", (double)ut / tick, (double)st / tick);
    }
    fprintf(log, "weft so far: %d live threads, user %.2f s, sys %.2f s; heaviest:", n, user, sys);
    for (int i = 0; i < n && i < 8; i++) fprintf(log, " %s %.2f+%.2f", t[i].name, t[i].user, t[i].sys);
    fprintf(log, "\n");
}

static int as_ffmpeg(int argc, char **argv) {
    const char *capture = getenv("PROBE_CAPTURE");
    int piped = 0;
    for (int i = 1; i + 1 < argc; i++) if (!strcmp(argv[i], "-i") && !strcmp(argv[i + 1], "-")) piped = 1;
    if (capture && *capture && piped) {
        int out = open(capture, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        static char buf[1 << 20];
        ssize_t n;
        while ((n = read(0, buf, sizeof buf)) > 0) if (write(out, buf, n) != n) return 1;
        close(out);
        close(open(argv[argc - 1], O_WRONLY | O_CREAT | O_TRUNC, 0644));
        return 0;
    }
    const char *real = getenv("PROBE_REAL");
    if (!real) { fprintf(stderr, "probe: PROBE_REAL not set\n"); return 127; }
    double start = now();
    pid_t pid = fork();
    if (pid == 0) { argv[0] = (char *)real; execv(real, argv); _exit(127); }
    struct rusage usage;
    int status = waitfor(pid, &usage);
    const char *logname = getenv("PROBE_LOG");
    if (logname && piped) {
        FILE *log = fopen(logname, "a");
        fprintf(log, "ffmpeg from weft: started at %.3f, ended at %.3f (monotonic s); wall %.3f s, user %.2f s, sys %.2f s\n", start, now(), now() - start, secs(usage.ru_utime), secs(usage.ru_stime));
        threads_of(getppid(), log);
        fclose(log);
    }
    return status;
}

int main(int argc, char **argv) {
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    if (!strcmp(base, "ffmpeg")) return as_ffmpeg(argc, argv);
    if (argc >= 3 && !strcmp(argv[1], "run")) {
        double start = now();
        pid_t pid = fork();
        if (pid == 0) { execvp(argv[2], argv + 2); _exit(127); }
        struct rusage usage;
        int status = waitfor(pid, &usage);
        printf("wall %.3f s, user %.2f s, sys %.2f s, status %d (from %.3f to %.3f monotonic s)\n", now() - start, secs(usage.ru_utime), secs(usage.ru_stime), status, start, now());
        return status;
    }
    if (argc >= 7 && !strcmp(argv[1], "feed") && !strcmp(argv[5], "--")) {
        int in = open(argv[2], O_RDONLY);
        if (in < 0) { perror(argv[2]); return 1; }
        size_t frame = strtoul(argv[3], 0, 10);
        int pipesize = atoi(argv[4]);
        int fds[2];
        if (pipe(fds)) return 1;
        if (pipesize > 0 && fcntl(fds[1], F_SETPIPE_SZ, pipesize) < 0) perror("F_SETPIPE_SZ");
        double start = now();
        pid_t pid = fork();
        if (pid == 0) {
            dup2(fds[0], 0); close(fds[0]); close(fds[1]);
            execvp(argv[6], argv + 6);
            _exit(127);
        }
        close(fds[0]);
        const char *spliceSetting = getenv("PROBE_SPLICE");
        int splice = spliceSetting && !strcmp(spliceSetting, "1");
        // Spliced frames are read from their buffers by CMD: a ring of buffers, each reused once CMD has read past it.
        enum { RING = 4 };
        char *ring[RING];
        long long ends[RING] = {0}, handed = 0;
        for (int i = 0; i < RING; i++) ring[i] = malloc(frame);
        double writing = 0;
        for (long long count = 0;; count++) {
            int slot = (int)(count % RING);
            char *buf = ring[slot];
            for (;;) {
                int unread = 0;
                if (!splice || ioctl(fds[1], FIONREAD, &unread) < 0 || handed - unread >= ends[slot]) break;
                usleep(100);
            }
            size_t got = 0;
            ssize_t n;
            while (got < frame && (n = read(in, buf + got, frame - got)) > 0) got += n;
            if (got == 0) break;
            double w = now();
            for (size_t off = 0; off < got;) {
                struct iovec segment = { buf + off, got - off };
                n = splice ? vmsplice(fds[1], &segment, 1, 0) : write(fds[1], buf + off, got - off);
                if (n <= 0) { perror(splice ? "vmsplice" : "write"); break; }
                off += n;
            }
            handed += got;
            ends[slot] = handed;
            writing += now() - w;
            if (got < frame) break;
        }
        close(fds[1]);
        struct rusage usage, self;
        int status = waitfor(pid, &usage);
        getrusage(RUSAGE_SELF, &self);
        printf("wall %.3f s, ffmpeg user %.2f s, sys %.2f s; feeder user %.2f s, sys %.2f s, in write %.3f s; status %d\n",
               now() - start, secs(usage.ru_utime), secs(usage.ru_stime), secs(self.ru_utime), secs(self.ru_stime), writing, status);
        return status;
    }
    fprintf(stderr, "usage: probe feed FILE FRAMEBYTES PIPEBYTES -- CMD... | probe run CMD... | (as ffmpeg)\n");
    return 2;
}
