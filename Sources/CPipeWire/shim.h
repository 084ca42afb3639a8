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
#include <spa/param/props.h>

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
/// Asks for every param `id` (SPA_PARAM_PropInfo, SPA_PARAM_Props); they arrive as `param` events.
static inline int saoma_pw_node_enum_params(struct pw_node *node, int seq, uint32_t id) {
    return pw_node_enum_params(node, seq, id, 0, UINT32_MAX, NULL);
}
/// Sets a `Props` param on the node (a camera control; the node answers nothing on success).
static inline int saoma_pw_node_set_props(struct pw_node *node, const struct spa_pod *props) {
    return pw_node_set_param(node, SPA_PARAM_Props, 0, props);
}
static inline const char *saoma_pw_type_interface_node(void) { return PW_TYPE_INTERFACE_Node; }
static inline void saoma_spa_hook_remove(struct spa_hook *hook) { spa_hook_remove(hook); }
static inline uint32_t saoma_spa_param_enum_format(void) { return SPA_PARAM_EnumFormat; }
static inline uint32_t saoma_spa_param_format(void) { return SPA_PARAM_Format; }
static inline uint32_t saoma_spa_param_prop_info(void) { return SPA_PARAM_PropInfo; }
static inline uint32_t saoma_spa_param_props(void) { return SPA_PARAM_Props; }

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

/// The values of a property value, fixed or in a Choice, checked against the pod's own size (a
/// node's pods are any bytes: a Choice whose body is shorter than its header, or whose child
/// claims less than `size` bytes a value, gives none). Sets the child type, the choice type
/// (SPA_CHOICE_None for a fixed value), the values' first byte and stride; returns their count.
static inline uint32_t saoma_pw_values(const struct spa_pod *value, uint32_t size, uint32_t *type, uint32_t *choice,
                                       const uint8_t **body, uint32_t *stride) {
    *type = 0, *choice = SPA_CHOICE_None, *body = NULL, *stride = 0;
    if (value->type != SPA_TYPE_Choice) {
        *type = value->type;
        if (value->size < size) return 0;
        *body = SPA_POD_BODY_CONST(value), *stride = value->size;
        return 1;
    }
    if (value->size < sizeof(struct spa_pod_choice_body)) return 0;
    const struct spa_pod_choice *c = (const struct spa_pod_choice *)value;
    *type = c->body.child.type, *choice = c->body.type;
    uint32_t child = c->body.child.size;
    if (child < size || child == 0) return 0;
    uint32_t n = (value->size - (uint32_t)sizeof(struct spa_pod_choice_body)) / child;
    if (*choice == SPA_CHOICE_None && n > 1) n = 1;
    *body = (const uint8_t *)SPA_POD_CONTENTS(struct spa_pod_choice, c), *stride = child;
    return n;
}

/// Collects the values a property offers: a fixed value; an enum's alternatives; a range's or
/// step's default, minimum and maximum. Returns the new count (at most SAOMA_PW_MAX_CHOICES).
static inline uint32_t saoma_pw_collect(const struct spa_pod *value, uint32_t type, void *out, uint32_t size, uint32_t count) {
    uint32_t found = 0, choice = 0, stride = 0;
    const uint8_t *values = NULL;
    uint32_t n = saoma_pw_values(value, size, &found, &choice, &values, &stride);
    if (found != type || n == 0) return count;
    uint32_t first = 0, last = n;
    if (choice == SPA_CHOICE_Enum && n > 1) first = 1;
    if (choice == SPA_CHOICE_Range || choice == SPA_CHOICE_Step) last = n < 3 ? n : 3;
    for (uint32_t i = first; i < last && count < SAOMA_PW_MAX_CHOICES; i++) {
        memcpy((uint8_t *)out + (size_t)count * size, values + (size_t)i * stride, size);
        count++;
    }
    return count;
}

/// The (default) Id of a property value, fixed or in a Choice.
static inline void saoma_pw_first_id(const struct spa_pod *value, uint32_t *out) {
    uint32_t type = 0, choice = 0, stride = 0;
    const uint8_t *values = NULL;
    if (saoma_pw_values(value, sizeof(uint32_t), &type, &choice, &values, &stride) > 0 && type == SPA_TYPE_Id)
        memcpy(out, values, sizeof(uint32_t));
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

/// One `PropInfo` param as sent: the property's id and its type's values (an Int range's or
/// step's default, minimum, maximum and step; a Bool's default…), widened to 64 bits. Values of
/// other types (Float, String…) are not read: only their type is kept.
#define SAOMA_PW_MAX_VALUES 8
struct saoma_pw_prop_info {
    uint32_t id;     // SPA_PROP_*, SPA_ID_INVALID when absent
    uint32_t type;   // SPA_TYPE_* of the values, 0 when absent
    uint32_t choice; // SPA_CHOICE_*
    uint32_t n_values;
    int64_t values[SAOMA_PW_MAX_VALUES];
};

/// `n` values at `body`, `stride` bytes apart, of SPA type `type`, into `out` (Int, Bool, Long only).
static inline uint32_t saoma_pw_widen(uint32_t type, const uint8_t *body, uint32_t stride, uint32_t n, int64_t *out, uint32_t max) {
    uint32_t count = 0;
    for (uint32_t i = 0; i < n && count < max; i++) {
        const uint8_t *at = body + (size_t)i * stride;
        if (type == SPA_TYPE_Int || type == SPA_TYPE_Bool) {
            int32_t v;
            memcpy(&v, at, sizeof v);
            out[count++] = type == SPA_TYPE_Bool ? (v != 0) : v;
        } else if (type == SPA_TYPE_Long && stride >= sizeof(int64_t)) {
            memcpy(&out[count++], at, sizeof(int64_t));
        }
    }
    return count;
}

/// Reads a PropInfo param; returns 0, or -EINVAL when it is not a PropInfo object.
static inline int saoma_pw_parse_prop_info(const struct spa_pod *param, struct saoma_pw_prop_info *out) {
    memset(out, 0, sizeof *out);
    out->id = SPA_ID_INVALID;
    if (param == NULL || !spa_pod_is_object_type(param, SPA_TYPE_OBJECT_PropInfo)) return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)param;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        if (prop->key == SPA_PROP_INFO_id) {
            saoma_pw_first_id(&prop->value, &out->id);
        } else if (prop->key == SPA_PROP_INFO_type) {
            const uint8_t *body = NULL;
            uint32_t stride = 0;
            uint32_t n = saoma_pw_values(&prop->value, sizeof(int32_t), &out->type, &out->choice, &body, &stride);
            out->n_values = body ? saoma_pw_widen(out->type, body, stride, n, out->values, SAOMA_PW_MAX_VALUES) : 0;
        }
    }
    return 0;
}

/// The current values a `Props` param holds for the `n_wanted` property ids in `wanted`: for
/// each, its SPA type (0 when absent) and value (Int, Bool or Long; others only typed).
static inline int saoma_pw_parse_props(const struct spa_pod *param, const uint32_t *wanted, uint32_t n_wanted, uint32_t *types,
                                       int64_t *values) {
    for (uint32_t i = 0; i < n_wanted; i++) types[i] = 0, values[i] = 0;
    if (param == NULL || !spa_pod_is_object_type(param, SPA_TYPE_OBJECT_Props)) return -EINVAL;
    const struct spa_pod_object *object = (const struct spa_pod_object *)param;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        for (uint32_t i = 0; i < n_wanted; i++) {
            if (prop->key != wanted[i] || types[i] != 0) continue;
            const uint8_t *body = NULL;
            uint32_t choice = 0, stride = 0;
            uint32_t n = saoma_pw_values(&prop->value, sizeof(int32_t), &types[i], &choice, &body, &stride);
            if (types[i] == 0) types[i] = SPA_TYPE_None;
            if (body) saoma_pw_widen(types[i], body, stride, n < 1 ? n : 1, &values[i], 1);
        }
    }
    return 0;
}

/// Builds a `Props` param setting `n` properties into `buffer`: `keys[i]` to `values[i]`, as a
/// Bool where `booleans[i]`, else an Int. NULL when the buffer is too small.
static inline const struct spa_pod *saoma_pw_build_props(uint8_t *buffer, uint32_t size, uint32_t n, const uint32_t *keys,
                                                         const bool *booleans, const int32_t *values) {
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, size);
    struct spa_pod_frame frame;
    spa_pod_builder_push_object(&b, &frame, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
    for (uint32_t i = 0; i < n; i++) {
        spa_pod_builder_prop(&b, keys[i], 0);
        if (booleans[i]) spa_pod_builder_bool(&b, values[i] != 0);
        else spa_pod_builder_int(&b, values[i]);
    }
    const struct spa_pod *pod = (const struct spa_pod *)spa_pod_builder_pop(&b, &frame);
    return b.state.offset > size ? NULL : pod;
}

/// SPA's short name of a pod type ("Float", "String"…), or NULL.
static inline const char *saoma_spa_type_name(uint32_t type) { return spa_debug_type_find_short_name(spa_types, type); }
static inline uint32_t saoma_spa_type_int(void) { return SPA_TYPE_Int; }
static inline uint32_t saoma_spa_type_bool(void) { return SPA_TYPE_Bool; }
