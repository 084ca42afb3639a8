// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite for Swift.
#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a destructor: SQLite copies the bound value.
static inline sqlite3_destructor_type saoma_sqlite_transient(void) { return SQLITE_TRANSIENT; }
