// SPDX-License-Identifier: GPL-3.0-or-later
// libv4l2 for Swift: fixed-arity wrappers for the variadic calls and VIDIOC_* constants.
#pragma once
#include <fcntl.h>
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

static inline int saoma_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int saoma_v4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
/// The device's own answer, bypassing libv4l2's emulation (used to learn the native format).
static inline int saoma_raw_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

static const unsigned long SAOMA_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long SAOMA_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long SAOMA_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long SAOMA_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long SAOMA_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long SAOMA_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long SAOMA_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long SAOMA_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long SAOMA_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long SAOMA_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long SAOMA_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long SAOMA_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long SAOMA_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long SAOMA_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long SAOMA_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long SAOMA_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long SAOMA_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

static const unsigned int SAOMA_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420;
static const unsigned int SAOMA_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24;
static const unsigned int SAOMA_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const unsigned int SAOMA_CID_BRIGHTNESS = V4L2_CID_BRIGHTNESS;
static const unsigned int SAOMA_CID_GAIN = V4L2_CID_GAIN;
static const unsigned int SAOMA_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO;
static const unsigned int SAOMA_CID_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE;
static const unsigned int SAOMA_CID_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO;
static const unsigned int SAOMA_CID_FOCUS_ABSOLUTE = V4L2_CID_FOCUS_ABSOLUTE;
static const unsigned int SAOMA_CID_ZOOM_ABSOLUTE = V4L2_CID_ZOOM_ABSOLUTE;
static const unsigned int SAOMA_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
