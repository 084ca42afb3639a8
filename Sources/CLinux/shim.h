// SPDX-License-Identifier: GPL-3.0-or-later
// Linux calls Swift's Glibc module does not offer: fixed-arity wrappers, nothing else.
#pragma once
#define _GNU_SOURCE 1
#include <errno.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

/// A memory file (memfd_create(2)), close-on-exec, sealed so that it can grow but never shrink
/// (F_SEAL_SHRINK, and F_SEAL_SEAL so no other seal is added): whoever shares it cannot cut it
/// under another's mapping, where touching the cut pages would raise SIGBUS. -1 with errno set on
/// failure.
static inline int saoma_memfd_create(const char *name)
{
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// Blocks until the other end of the socket `fd` hangs up, then ends this process at once
/// (_exit(2), status 0); returns only when poll(2) fails for another reason than a signal.
/// Waits for the hang-up alone: data arriving on the socket does not wake it.
static inline void saoma_exit_on_hangup(int fd)
{
    struct pollfd watched = { .fd = fd, .events = POLLRDHUP, .revents = 0 };
    for (;;) {
        int ready = poll(&watched, 1, -1);
        if (ready > 0 && (watched.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL))) _exit(0);
        if (ready < 0 && errno != EINTR) return;
    }
}

/// renameat2(RENAME_NOREPLACE) through syscall(2), which needs no declaration from the C
/// library's headers: the rename fails with EEXIST when anything exists at `to`, checked by
/// the kernel under its lock.
static inline int saoma_rename_noreplace(const char *from, const char *to)
{
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}

/// A timer on the calling thread's CPU-time clock that raises SIGXCPU when it expires (the
/// process then ends, as when RLIMIT_CPU is reached): its id, or -1 with errno set. Arm it with
/// `saoma_cpu_timer_arm`. (The id is returned as a number: glibc's first timer_t is a null pointer.)
static inline long saoma_cpu_timer_create(void)
{
    struct sigevent event = { 0 };
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGXCPU;
    timer_t timer;
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer) != 0) return -1;
    return (long)(intptr_t)timer;
}

/// Arms timer `id` to expire once its thread has used `milliseconds` more CPU time; 0 disarms it.
static inline int saoma_cpu_timer_arm(long id, long milliseconds)
{
    struct itimerspec value = { 0 };
    value.it_value.tv_sec = milliseconds / 1000;
    value.it_value.tv_nsec = (milliseconds % 1000) * 1000000L;
    return timer_settime((timer_t)(intptr_t)id, 0, &value, NULL);
}
