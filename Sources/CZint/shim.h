// SPDX-License-Identifier: GPL-3.0-or-later
// libzint for Swift (Debian 12's libzint-dev 2.11 ships no pkg-config file: the module map links it).
#pragma once
#include <zint.h>
