// SPDX-License-Identifier: GPL-3.0-or-later
// libv4l2 for Swift: fixed-arity wrappers for the variadic calls and VIDIOC_* constants.
#pragma once
#include <fcntl.h>
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

static inline int saoma_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int saoma_v4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
