// SPDX-License-Identifier: GPL-3.0-or-later
// GTK 4 + libadwaita for Swift: static inline helpers for what does not import (macros, variadics).
#pragma once
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <malloc.h>

/// g_signal_connect is a macro; this is its fixed-arity form.
static inline gulong saoma_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                          gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// gtk_accessible_update_property is variadic: sets the LABEL property.
static inline void saoma_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// gtk_accessible_update_property is variadic: sets the DESCRIPTION property.
static inline void saoma_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// g_object_new is variadic: a new instance of `type` with an accessible role (a construct-only property).
static inline gpointer saoma_object_new_with_role(GType type, GtkAccessibleRole role) {
    return g_object_new(type, "accessible-role", role, NULL);
}

/// Keeps allocations up to 16 MiB in the heap and freed heap memory up to 64 MiB unreturned, so
/// the camera's per-frame buffers (1–3 MB each) are reused instead of mapped, faulted and zeroed
/// anew for every frame. `mallopt`'s constants are macros; this is the app's one call.
static inline void saoma_reuse_frame_sized_allocations(void) {
    mallopt(M_MMAP_THRESHOLD, 16 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}
