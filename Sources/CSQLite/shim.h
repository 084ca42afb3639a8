// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite for Swift.
#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a destructor: SQLite copies the bound value.
static inline sqlite3_destructor_type saoma_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic; this sets one of its on/off options (`SQLITE_DBCONFIG_DEFENSIVE`…).
static inline int saoma_sqlite_db_config_flag(sqlite3 *db, int option, int on) {
    int now = -1;
    int status = sqlite3_db_config(db, option, on, &now);
    return status == SQLITE_OK && now == on ? SQLITE_OK : (status == SQLITE_OK ? SQLITE_ERROR : status);
}

/// SQLITE_CANTOPEN_SYMLINK is an expression macro Swift does not import.
static inline int saoma_sqlite_cantopen_symlink(void) { return SQLITE_CANTOPEN_SYMLINK; }
