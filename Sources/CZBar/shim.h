// SPDX-License-Identifier: GPL-3.0-or-later
// zbar for Swift.
#pragma once
#include <zbar.h>

/// zbar_fourcc is a macro: the Y800 (8-bit grey) fourcc.
static const unsigned long saoma_zbar_fourcc_y800 = ((unsigned long)'Y') | ((unsigned long)'8' << 8)
    | ((unsigned long)'0' << 16) | ((unsigned long)'0' << 24);
