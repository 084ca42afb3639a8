// SPDX-License-Identifier: GPL-3.0-or-later
// libqrencode for Swift.
#pragma once
#include <qrencode.h>
