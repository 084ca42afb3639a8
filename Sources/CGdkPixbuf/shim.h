// SPDX-License-Identifier: GPL-3.0-or-later
// gdk-pixbuf for Swift (used without a display: loading photos, writing PNGs).
#pragma once
#include <gdk-pixbuf/gdk-pixbuf.h>

/// gdk_pixbuf_save is variadic; this saves a PNG with no options.
static inline gboolean saoma_pixbuf_save_png(GdkPixbuf *pixbuf, const char *path, GError **error) {
    return gdk_pixbuf_save(pixbuf, path, "png", error, NULL);
}

/// gdk_pixbuf_save_to_buffer is variadic; PNG with no options.
static inline gboolean saoma_pixbuf_save_png_to_buffer(GdkPixbuf *pixbuf, gchar **buffer, gsize *size, GError **error) {
    return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, "png", error, NULL);
}
