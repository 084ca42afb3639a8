// SPDX-License-Identifier: GPL-3.0-or-later
// Linux calls Swift's Glibc module does not offer: fixed-arity wrappers, nothing else.
#pragma once
#define _GNU_SOURCE 1
#include <sys/mman.h>
#include <sys/prctl.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// A memory file (memfd_create(2)), close-on-exec; -1 with errno set on failure.
static inline int saoma_memfd_create(const char *name)
{
    return memfd_create(name, MFD_CLOEXEC);
}

/// Asks the kernel to send `signal` to this process when its parent ends (prctl(2) PR_SET_PDEATHSIG).
static inline int saoma_parent_death_signal(int signal)
{
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

/// renameat2(RENAME_NOREPLACE) through syscall(2), which needs no declaration from the C
/// library's headers: the rename fails with EEXIST when anything exists at `to`, checked by
/// the kernel under its lock.
static inline int saoma_rename_noreplace(const char *from, const char *to)
{
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u /* RENAME_NOREPLACE */);
}
