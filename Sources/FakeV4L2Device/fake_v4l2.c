// SPDX-License-Identifier: GPL-3.0-or-later
// Fake V4L2 webcam served through LD_PRELOAD (see include/fake_v4l2.h).
#include "fake_v4l2.h"
