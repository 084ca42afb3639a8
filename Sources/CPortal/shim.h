// SPDX-License-Identifier: GPL-3.0-or-later
// libportal (XDG desktop portals) with its GTK 4 parent-window helper.
#pragma once
#include <libportal/portal.h>
#include <libportal-gtk4/portal-gtk4.h>
