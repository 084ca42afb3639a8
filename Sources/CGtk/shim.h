// SPDX-License-Identifier: GPL-3.0-or-later
// GTK 4 + libadwaita for Swift: static inline helpers for what does not import (macros, variadics).
#pragma once
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib/gi18n.h>
#include <locale.h>

/// g_signal_connect is a macro; this is its fixed-arity form.
static inline gulong saoma_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                          gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}
