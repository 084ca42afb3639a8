// SPDX-License-Identifier: GPL-3.0-or-later
// libdmtx (Data Matrix) for Swift.
#pragma once
#include <dmtx.h>
