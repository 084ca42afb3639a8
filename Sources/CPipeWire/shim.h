// SPDX-License-Identifier: GPL-3.0-or-later
// libpipewire-0.3 for Swift: static inline wrappers for the method macros (spa_interface calls),
// the variadic property constructor, and SPA POD building and parsing (macros over builders).
#pragma once
#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>
#include <spa/utils/result.h>
#include <spa/debug/types.h>
#include <spa/param/video/type-info.h>

static inline struct pw_properties *saoma_pw_properties_empty(void) { return pw_properties_new(NULL, NULL); }

static inline struct pw_registry *saoma_pw_core_get_registry(struct pw_core *core) {
    return pw_core_get_registry(core, PW_VERSION_REGISTRY, 0);
}
static inline int saoma_pw_core_add_listener(struct pw_core *core, struct spa_hook *hook, const struct pw_core_events *events, void *data) {
    return pw_core_add_listener(core, hook, events, data);
}
static inline int saoma_pw_core_sync(struct pw_core *core, int seq) { return pw_core_sync(core, PW_ID_CORE, seq); }
static inline int saoma_pw_registry_add_listener(struct pw_registry *registry, struct spa_hook *hook,
                                                 const struct pw_registry_events *events, void *data) {
    return pw_registry_add_listener(registry, hook, events, data);
}
/// Binds a `PipeWire:Interface:Node` global; the proxy is the caller's (pw_proxy_destroy).
static inline struct pw_node *saoma_pw_registry_bind_node(struct pw_registry *registry, uint32_t id) {
    return (struct pw_node *)pw_registry_bind(registry, id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
}
static inline int saoma_pw_node_add_listener(struct pw_node *node, struct spa_hook *hook, const struct pw_node_events *events, void *data) {
    return pw_node_add_listener(node, hook, events, data);
}
/// Asks for every `EnumFormat` param; they arrive as `param` events with sequence `seq`.
static inline int saoma_pw_node_enum_formats(struct pw_node *node, int seq) {
    return pw_node_enum_params(node, seq, SPA_PARAM_EnumFormat, 0, UINT32_MAX, NULL);
}
static inline const char *saoma_pw_type_interface_node(void) { return PW_TYPE_INTERFACE_Node; }
static inline void saoma_spa_hook_remove(struct spa_hook *hook) { spa_hook_remove(hook); }
static inline uint32_t saoma_spa_param_enum_format(void) { return SPA_PARAM_EnumFormat; }
static inline uint32_t saoma_spa_param_format(void) { return SPA_PARAM_Format; }

/// The choices a format param offers (or the one a negotiated `Format` fixed).
#define SAOMA_PW_MAX_CHOICES 32
struct saoma_pw_format {
    uint32_t media_type;    // SPA_MEDIA_TYPE_*
    uint32_t media_subtype; // SPA_MEDIA_SUBTYPE_raw, _mjpg…
    uint32_t n_formats;     // SPA_VIDEO_FORMAT_* (raw only)
    uint32_t formats[SAOMA_PW_MAX_CHOICES];
    uint32_t n_sizes;
    struct spa_rectangle sizes[SAOMA_PW_MAX_CHOICES];
    uint32_t n_rates;
    struct spa_fraction rates[SAOMA_PW_MAX_CHOICES];
};

/// Collects the values a property offers: a fixed value; an enum's alternatives; a range's or
/// step's default, minimum and maximum. Returns the new count (at most SAOMA_PW_MAX_CHOICES).
static inline uint32_t saoma_pw_collect(const struct spa_pod *value, uint32_t type, void *out, uint32_t size, uint32_t count) {
    uint32_t n = 0, choice = 0;
    const struct spa_pod *pod = spa_pod_get_values(value, &n, &choice);
    if (pod->type != type || n == 0 || pod->size < size) return count;
    const uint8_t *values = SPA_POD_BODY_CONST(pod);
    uint32_t first = 0, last = n;
    if (choice == SPA_CHOICE_Enum && n > 1) first = 1;
    if (choice == SPA_CHOICE_Range || choice == SPA_CHOICE_Step) last = n < 3 ? n : 3;
    for (uint32_t i = first; i < last && count < SAOMA_PW_MAX_CHOICES; i++) {
        memcpy((uint8_t *)out + (size_t)count * size, values + (size_t)i * size, size);
        count++;
    }
    return count;
}

/// The (default) Id of a property value, fixed or in a Choice.
static inline void saoma_pw_first_id(const struct spa_pod *value, uint32_t *out) {
    uint32_t n = 0, choice = 0;
    const struct spa_pod *pod = spa_pod_get_values(value, &n, &choice);
    if (pod->type == SPA_TYPE_Id && n > 0 && pod->size >= sizeof(uint32_t)) memcpy(out, SPA_POD_BODY_CONST(pod), sizeof(uint32_t));
}

/// Reads a video format param (EnumFormat or Format); returns 0, or -EINVAL when it is not an
/// object of format type.
static inline int saoma_pw_parse_format(const struct spa_pod *param, struct saoma_pw_format *out) {
    memset(out, 0, sizeof *out);
    if (param == NULL || !spa_pod_is_object_type(param, SPA_TYPE_OBJECT_Format)) return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)param;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        switch (prop->key) {
        // Negotiated formats may wrap even fixed values in a Choice of type None.
        case SPA_FORMAT_mediaType: saoma_pw_first_id(&prop->value, &out->media_type); break;
        case SPA_FORMAT_mediaSubtype: saoma_pw_first_id(&prop->value, &out->media_subtype); break;
        case SPA_FORMAT_VIDEO_format:
            out->n_formats = saoma_pw_collect(&prop->value, SPA_TYPE_Id, out->formats, sizeof(uint32_t), 0);
            break;
        case SPA_FORMAT_VIDEO_size:
            out->n_sizes = saoma_pw_collect(&prop->value, SPA_TYPE_Rectangle, out->sizes, sizeof(struct spa_rectangle), 0);
            break;
        case SPA_FORMAT_VIDEO_framerate:
            out->n_rates = saoma_pw_collect(&prop->value, SPA_TYPE_Fraction, out->rates, sizeof(struct spa_fraction), 0);
            break;
        default: break;
        }
    }
    return 0;
}
static inline uint32_t saoma_pw_format_at(const struct saoma_pw_format *f, uint32_t i) { return i < f->n_formats ? f->formats[i] : 0; }
static inline struct spa_rectangle saoma_pw_size_at(const struct saoma_pw_format *f, uint32_t i) {
    return i < f->n_sizes ? f->sizes[i] : SPA_RECTANGLE(0, 0);
}
static inline struct spa_fraction saoma_pw_rate_at(const struct saoma_pw_format *f, uint32_t i) {
    return i < f->n_rates ? f->rates[i] : SPA_FRACTION(0, 1);
}

/// Builds an EnumFormat asking for exactly one video mode into `buffer` (1 KiB is plenty).
/// `format` is ignored unless `subtype` is SPA_MEDIA_SUBTYPE_raw.
static inline const struct spa_pod *saoma_pw_build_format(uint8_t *buffer, uint32_t size, uint32_t subtype, uint32_t format,
                                                          uint32_t width, uint32_t height, uint32_t num, uint32_t denom) {
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, size);
    struct spa_rectangle rect = SPA_RECTANGLE(width, height);
    struct spa_fraction rate = SPA_FRACTION(num, denom);
    struct spa_pod_frame frame;
    spa_pod_builder_push_object(&b, &frame, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat);
    spa_pod_builder_add(&b, SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video), SPA_FORMAT_mediaSubtype, SPA_POD_Id(subtype), 0);
    if (subtype == SPA_MEDIA_SUBTYPE_raw) spa_pod_builder_add(&b, SPA_FORMAT_VIDEO_format, SPA_POD_Id(format), 0);
    spa_pod_builder_add(&b, SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&rect), SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate), 0);
    return (const struct spa_pod *)spa_pod_builder_pop(&b, &frame);
}

/// SPA's short name of a raw video format ("YUY2", "RGBx"…), or NULL.
static inline const char *saoma_spa_video_format_name(uint32_t id) {
    return spa_debug_type_find_short_name(spa_type_video_format, id);
}

/// A timer source on `loop` (its thread calls `func`); armed by saoma_pw_loop_arm_timer,
/// released by saoma_pw_loop_destroy_source (loop-locked).
static inline struct spa_source *saoma_pw_loop_add_timer(struct pw_loop *loop, spa_source_timer_func_t func, void *data) {
    return pw_loop_add_timer(loop, func, data);
}
/// Fires `source` once after `seconds` (0 disarms it).
static inline int saoma_pw_loop_arm_timer(struct pw_loop *loop, struct spa_source *source, double seconds) {
    struct timespec value = { 0, 0 };
    if (seconds > 0) {
        value.tv_sec = (time_t)seconds;
        value.tv_nsec = (long)((seconds - (double)value.tv_sec) * 1e9);
        if (value.tv_sec == 0 && value.tv_nsec == 0) value.tv_nsec = 1;
    }
    return pw_loop_update_timer(loop, source, &value, NULL, false);
}
static inline void saoma_pw_loop_destroy_source(struct pw_loop *loop, struct spa_source *source) {
    pw_loop_destroy_source(loop, source);
}
