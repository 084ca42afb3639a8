// SPDX-License-Identifier: GPL-3.0-or-later
// Fake V4L2 webcam for integration tests, loaded with LD_PRELOAD=libFakeV4L2Device.so.
//
// The shim interposes syscall() (libv4l2 and libv4lconvert reach the device only through
// syscall(SYS_openat/SYS_ioctl/SYS_mmap/SYS_close/SYS_read)) as well as the libc entry points
// open/openat/ioctl/mmap/munmap/close/poll/select/read. Real symbols are resolved lazily on first
// use, never in a constructor. Each open fake device is a timerfd (it becomes readable once per
// frame, so poll() paces the stream) and its buffers live in a memfd.
//
// Control interface (environment of the process under test):
//   SAOMA_FAKE_V4L2_DEVICE=/abs/dev/video0[:/abs/dev/video1...]
//       Paths the shim claims. Each must exist (an ordinary empty file) for opens to succeed.
//       Deleting the file unplugs the camera: every later ioctl on an open descriptor fails with
//       ENODEV (poll reports POLLERR|POLLHUP) and new opens fail with ENOENT. Creating the file
//       again plugs it back in: new opens work; descriptors opened before stay dead, as with a
//       real device node (a new inode is a new device).
//   SAOMA_FAKE_V4L2_IMAGE=/abs/scene.ppm
//       Binary PPM (P6) or PGM (P5), maxval 255, served as every frame, scaled nearest-neighbour
//       to the negotiated size. Re-read whenever its mtime (or size or inode) changes, so a test
//       swaps the scene by writing a new file and renaming it over. Without it (or while it is
//       unreadable) frames are a grey ramp.
//   SAOMA_FAKE_V4L2_NOISE=SD   (default: none)
//       Sensor noise: Gaussian, standard deviation SD grey levels (above 0, at most 64), added to
//       the luma of every frame, new in every frame and the same in every run (frame N of a stream
//       reads a fixed table of normal deviates from an offset made from N). YUYV and GREY only
//       (MJPG frames stay clean: encoding a JPEG per frame would cost more than what is tested).
//   SAOMA_FAKE_V4L2_MODES=1280x720@30,640x480@30,1920x1080@15   (the default)
//       Discrete frame sizes and rates offered for the native format (a size may repeat with
//       another rate).
//   SAOMA_FAKE_V4L2_FORMAT=YUYV|MJPG|GREY|H264|META   (default YUYV)
//       Native pixel format. MJPG frames are baseline JPEGs made with the libjpeg that
//       libv4lconvert loads (found at run time; the shim links only libc and libdl). GREY
//       simulates an infrared camera; H264 a camera with no format libv4l2 converts (frames are
//       zeros); META makes the node a metadata-only node
//       (device_caps = META_CAPTURE, no video capture).
//   SAOMA_FAKE_V4L2_FAIL=none|busy|denied   (default none)
//       denied: open fails with EACCES. busy: open and queries work (the camera is listed) but
//       S_FMT, REQBUFS and STREAMON fail with EBUSY, as uvcvideo does while another
//       application streams.
//   SAOMA_FAKE_V4L2_UNPLUG_AFTER=N
//       After N frames have been dequeued from the device (counted over the whole process), the
//       shim deletes the device file itself, exactly as if the test had unplugged it: the
//       streaming descriptor fails with ENODEV from the (N+1)th DQBUF on. It happens once per
//       process; recreating (touching) the file plugs the camera back in.
//   SAOMA_FAKE_V4L2_NAME="Fake Camera"   (QUERYCAP card name; default "Fake Camera")
//   SAOMA_FAKE_V4L2_LENS=focus-auto[=V],focus-absolute[=V],zoom[=V]   (default: none)
//       Lens controls the camera offers beside the others, each optionally with its value at the
//       start: focus auto (boolean, default 1), focus absolute (0…250 step 5, default 0; inactive
//       while autofocus is on), zoom absolute (100…500, default 100), as a Logitech C920 has them.
//   SAOMA_FAKE_V4L2_LOG=/abs/file
//       Appends one line per S_FMT ("INDEX S_FMT WxH", the size the device settled on) and per
//       S_CTRL ("INDEX S_CTRL NAME VALUE", the value kept; names as brightness, gain,
//       exposure_auto, exposure_absolute, focus_auto, focus_absolute, zoom_absolute), so tests
//       see what the application asked of the device.
//
// Hostile answers, for tests of the range checks (any 32-bit numbers; MODES still decides what
// S_FMT and S_PARM settle on):
//   SAOMA_FAKE_V4L2_STEPWISE=MINWxMINH-MAXWxMAXH
//       ENUM_FRAMESIZES answers this one stepwise range (a minimum above the maximum included).
//   SAOMA_FAKE_V4L2_INTERVALS=N/D,N/D...  or  stepwise:N/D-N/D
//       ENUM_FRAMEINTERVALS answers these times per frame (1/4294967295 is 4294967295 fps,
//       4294967295/1 a frame every 136 years), at every size, instead of the modes' rates.
//   SAOMA_FAKE_V4L2_TIMEPERFRAME=N/D
//       G_PARM (and S_PARM's answer) reports this time per frame.
//
// Every setting except DEVICE can be given per device with the device's 0-based index in the
// DEVICE list as a suffix, e.g. SAOMA_FAKE_V4L2_FORMAT_1=GREY; the suffixed value wins.
//
// Controls (QUERYCTRL with V4L2_CTRL_FLAG_NEXT_CTRL, QUERYMENU, G_CTRL, S_CTRL): brightness
// (-64…64, default 0), gain (0…255, default 0), exposure auto (menu: 1 manual, 3 aperture
// priority; default 3), exposure absolute (3…2047 in 100 µs, default 156). Values belong to the
// device and persist across opens within the process, like hardware.
#pragma once
