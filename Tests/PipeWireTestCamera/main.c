// SPDX-License-Identifier: GPL-3.0-or-later
// A test camera as a bare PipeWire Video/Source node; see include/pipewire_test_camera.h.
#include "pipewire_test_camera.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <pipewire/pipewire.h>
#include <spa/param/props.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>

#define MAX_MODES 16
#define MAX_FORMATS 4
/// Largest scene accepted, in bytes (a 4K PPM is 25 MB).
#define MAX_SCENE_BYTES (64u * 1024u * 1024u)

struct mode { uint32_t width, height, fps; };

#define MAX_CONTROLS 4
/// One control as published (`--controls`): its property id, type and values as given.
struct control {
    const char *name;
    uint32_t id;   // SPA_PROP_START_CUSTOM + the V4L2 control id
    char type[8];  // int, bool, menu, float, long, string
    int32_t min, max, step, value;
};

/// The V4L2 control ids of the names `--controls` knows (linux/v4l2-controls.h, camera class).
static const struct { const char *name; uint32_t cid; } control_names[] = {
    {"focus_absolute", 0x009a090a}, {"focus_auto", 0x009a090c}, {"zoom_absolute", 0x009a090d},
};

struct scene {
    char *path;
    struct stat seen;     // identity of the file last read
    uint8_t *pixels;      // RGB, width*height*3 (PPM/PGM) or the JPEG bytes (MJPG)
    size_t size;
    uint32_t width, height;
};

struct camera {
    struct pw_main_loop *loop;
    struct pw_stream *stream;
    struct spa_source *timer;
    struct spa_hook listener;
    struct spa_video_info format;
    uint32_t width, height, fps, video_format, subtype;
    struct scene scene;
    uint64_t frames;
    int announced;
    int failed;
    const char *name;
    struct control controls[MAX_CONTROLS];
    int control_count;
    const char *props_log;
};

static int parse_controls(const char *text, struct control *controls) {
    int count = 0;
    char copy[512];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (count == MAX_CONTROLS) return -1;
        struct control *c = &controls[count];
        char name[32] = {0};
        int used = 0;
        if (sscanf(t, "%31[a-z_]=%7[a-z]:%d:%d:%d:%d%n", name, c->type, &c->min, &c->max, &c->step, &c->value, &used) != 6 || t[used])
            return -1;
        c->name = NULL;
        for (size_t i = 0; i < SPA_N_ELEMENTS(control_names); i++) {
            if (strcmp(name, control_names[i].name) == 0) c->name = control_names[i].name, c->id = SPA_PROP_START_CUSTOM + control_names[i].cid;
        }
        if (!c->name) return -1;
        count++;
    }
    return count;
}

/// A control's value as its type announces it.
static void add_value(struct spa_pod_builder *b, const struct control *c, int32_t value) {
    if (strcmp(c->type, "bool") == 0) spa_pod_builder_bool(b, value != 0);
    else if (strcmp(c->type, "float") == 0) spa_pod_builder_float(b, (float)value);
    else if (strcmp(c->type, "long") == 0) spa_pod_builder_long(b, value);
    else if (strcmp(c->type, "string") == 0) spa_pod_builder_string(b, "40");
    else spa_pod_builder_int(b, value);
}

/// The PropInfo of `c`, as PipeWire's V4L2 source builds one (or with the type asked for).
static const struct spa_pod *control_info(struct spa_pod_builder *b, const struct control *c) {
    struct spa_pod_frame f[2];
    spa_pod_builder_push_object(b, &f[0], SPA_TYPE_OBJECT_PropInfo, SPA_PARAM_PropInfo);
    spa_pod_builder_add(b, SPA_PROP_INFO_id, SPA_POD_Id(c->id), SPA_PROP_INFO_name, SPA_POD_String(c->name), 0);
    spa_pod_builder_prop(b, SPA_PROP_INFO_type, 0);
    if (strcmp(c->type, "int") == 0) {
        spa_pod_builder_push_choice(b, &f[1], SPA_CHOICE_Step, 0);
        spa_pod_builder_int(b, c->value), spa_pod_builder_int(b, c->min), spa_pod_builder_int(b, c->max), spa_pod_builder_int(b, c->step);
        spa_pod_builder_pop(b, &f[1]);
    } else if (strcmp(c->type, "bool") == 0) {
        spa_pod_builder_push_choice(b, &f[1], SPA_CHOICE_Enum, 0);
        spa_pod_builder_bool(b, c->value != 0), spa_pod_builder_bool(b, true), spa_pod_builder_bool(b, false);
        spa_pod_builder_pop(b, &f[1]);
    } else if (strcmp(c->type, "menu") == 0) {
        spa_pod_builder_push_choice(b, &f[1], SPA_CHOICE_Enum, 0);
        spa_pod_builder_int(b, c->value);
        for (int32_t v = c->min; v <= c->max && v - c->min < 8; v++) spa_pod_builder_int(b, v);
        spa_pod_builder_pop(b, &f[1]);
    } else if (strcmp(c->type, "short") == 0) {
        // A Choice whose body stops after its type and flags: no child pod, no values.
        struct { struct spa_pod pod; uint32_t type, flags; } choice = {{8, SPA_TYPE_Choice}, SPA_CHOICE_Step, 0};
        spa_pod_builder_raw_padded(b, &choice, sizeof choice);
    } else {
        add_value(b, c, c->value);
    }
    return spa_pod_builder_pop(b, &f[0]);
}

/// The Props param with every control's current value.
static const struct spa_pod *control_values(struct spa_pod_builder *b, const struct camera *c) {
    struct spa_pod_frame f;
    spa_pod_builder_push_object(b, &f, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
    for (int i = 0; i < c->control_count; i++) {
        spa_pod_builder_prop(b, c->controls[i].id, 0);
        add_value(b, &c->controls[i], c->controls[i].value);
    }
    return spa_pod_builder_pop(b, &f);
}

/// A client set Props: take the values of the controls it names, log them, publish the new Props.
static void props_set(struct camera *c, const struct spa_pod *param) {
    if (!spa_pod_is_object_type(param, SPA_TYPE_OBJECT_Props)) return;
    FILE *log = c->props_log ? fopen(c->props_log, "a") : NULL;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        for (int i = 0; i < c->control_count; i++) {
            struct control *ctl = &c->controls[i];
            if (prop->key != ctl->id) continue;
            int32_t value;
            bool flag;
            if (spa_pod_get_int(&prop->value, &value) == 0) ctl->value = value;
            else if (spa_pod_get_bool(&prop->value, &flag) == 0) ctl->value = flag;
            else continue;
            if (log) fprintf(log, "%s %d\n", ctl->name, ctl->value);
        }
    }
    if (log) fclose(log);
    uint8_t buffer[1024];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[1] = {control_values(&b, c)};
    pw_stream_update_params(c->stream, params, 1);
}

static int parse_modes(const char *text, struct mode *modes) {
    int count = 0;
    const char *p = text;
    while (*p && count < MAX_MODES) {
        unsigned w, h, fps;
        int used = 0;
        if (sscanf(p, "%ux%u@%u%n", &w, &h, &fps, &used) != 3 || w == 0 || h == 0 || fps == 0 || w > 8192 || h > 8192 || fps > 240)
            return -1;
        modes[count++] = (struct mode){w, h, fps};
        p += used;
        if (*p == ',') p++;
        else if (*p) return -1;
    }
    return count;
}

/// One size and rate offered as they are, whatever their values (`--offer`): never streamed.
struct offer { uint32_t width, height, num, denom; };

static int parse_offer(const char *text, struct offer *o) {
    int used = 0;
    return sscanf(text, "%ux%u@%u/%u%n", &o->width, &o->height, &o->num, &o->denom, &used) == 4 && text[used] == 0 ? 0 : -1;
}

static int parse_formats(const char *text, uint32_t *subtypes, uint32_t *formats) {
    int count = 0;
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); t && count < MAX_FORMATS; t = strtok_r(NULL, ",", &save)) {
        subtypes[count] = SPA_MEDIA_SUBTYPE_raw;
        if (strcmp(t, "YUY2") == 0) formats[count] = SPA_VIDEO_FORMAT_YUY2;
        else if (strcmp(t, "NV12") == 0) formats[count] = SPA_VIDEO_FORMAT_NV12;
        else if (strcmp(t, "I420") == 0) formats[count] = SPA_VIDEO_FORMAT_I420;
        else if (strcmp(t, "MJPG") == 0) { subtypes[count] = SPA_MEDIA_SUBTYPE_mjpg; formats[count] = 0; }
        else return -1;
        count++;
    }
    return count;
}

/// Reads the scene again when the file changed; keeps the old one while the new is unreadable.
static void reload_scene(struct scene *s, int jpeg) {
    struct stat st;
    if (!s->path || stat(s->path, &st) != 0) return;
    if (s->pixels && st.st_mtim.tv_sec == s->seen.st_mtim.tv_sec && st.st_mtim.tv_nsec == s->seen.st_mtim.tv_nsec &&
        st.st_size == s->seen.st_size && st.st_ino == s->seen.st_ino)
        return;
    if (st.st_size <= 0 || (size_t)st.st_size > MAX_SCENE_BYTES) return;
    FILE *f = fopen(s->path, "rb");
    if (!f) return;
    uint8_t *data = malloc((size_t)st.st_size);
    size_t got = data ? fread(data, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
    if (got != (size_t)st.st_size) { free(data); return; }
    if (jpeg) {
        free(s->pixels);
        s->pixels = data;
        s->size = got;
        s->seen = st;
        return;
    }
    char magic[3] = {0};
    unsigned w = 0, h = 0, maxval = 0;
    int header = 0;
    if (sscanf((const char *)data, "%2s %u %u %u%n", magic, &w, &h, &maxval, &header) != 4 || maxval != 255 || w == 0 || h == 0 ||
        w > 8192 || h > 8192) { free(data); return; }
    int grey = strcmp(magic, "P5") == 0;
    if (!grey && strcmp(magic, "P6") != 0) { free(data); return; }
    header += 1; // the single whitespace after maxval
    size_t need = (size_t)w * h * (grey ? 1 : 3);
    if ((size_t)header + need > got) { free(data); return; }
    uint8_t *rgb = malloc((size_t)w * h * 3);
    if (!rgb) { free(data); return; }
    for (size_t i = 0; i < (size_t)w * h; i++) {
        for (int c = 0; c < 3; c++) rgb[i * 3 + c] = data[header + (grey ? i : i * 3 + c)];
    }
    free(data);
    free(s->pixels);
    s->pixels = rgb;
    s->size = (size_t)w * h * 3;
    s->width = w;
    s->height = h;
    s->seen = st;
}

/// BT.601 limited-range components of the scene pixel shown at (x, y) of a w×h frame.
static void scene_yuv(const struct scene *s, uint32_t x, uint32_t y, uint32_t w, uint32_t h, int *Y, int *U, int *V) {
    int r, g, b;
    if (s->pixels && s->width) {
        size_t sx = (size_t)x * s->width / w, sy = (size_t)y * s->height / h;
        const uint8_t *p = s->pixels + (sy * s->width + sx) * 3;
        r = p[0], g = p[1], b = p[2];
    } else {
        r = g = b = (int)((x + y) * 255 / (w + h)); // grey ramp
    }
    *Y = 16 + ((66 * r + 129 * g + 25 * b + 128) >> 8);
    *U = 128 + ((-38 * r - 74 * g + 112 * b + 128) >> 8);
    *V = 128 + ((112 * r - 94 * g - 18 * b + 128) >> 8);
}

static size_t frame_size(const struct camera *c) {
    size_t pixels = (size_t)c->width * c->height;
    if (c->subtype == SPA_MEDIA_SUBTYPE_mjpg) return pixels * 2;
    return c->video_format == SPA_VIDEO_FORMAT_YUY2 ? pixels * 2 : pixels * 3 / 2;
}

/// Writes one frame into `dst` (capacity `max`); returns the bytes used and the row stride.
static size_t fill_frame(struct camera *c, uint8_t *dst, size_t max, int32_t *stride) {
    uint32_t w = c->width, h = c->height;
    reload_scene(&c->scene, c->subtype == SPA_MEDIA_SUBTYPE_mjpg);
    if (c->subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        *stride = 0;
        if (!c->scene.pixels || c->scene.size > max) return 0;
        memcpy(dst, c->scene.pixels, c->scene.size);
        return c->scene.size;
    }
    if (frame_size(c) > max) return 0;
    int Y, U, V;
    switch (c->video_format) {
    case SPA_VIDEO_FORMAT_YUY2:
        *stride = (int32_t)(w * 2);
        for (uint32_t y = 0; y < h; y++) {
            uint8_t *row = dst + (size_t)y * w * 2;
            for (uint32_t x = 0; x < w; x += 2) {
                int Y1, U1, V1;
                scene_yuv(&c->scene, x, y, w, h, &Y, &U, &V);
                scene_yuv(&c->scene, x + 1, y, w, h, &Y1, &U1, &V1);
                row[2 * x] = (uint8_t)Y, row[2 * x + 1] = (uint8_t)((U + U1) / 2);
                row[2 * x + 2] = (uint8_t)Y1, row[2 * x + 3] = (uint8_t)((V + V1) / 2);
            }
        }
        break;
    default: {
        *stride = (int32_t)w;
        uint8_t *luma = dst, *chroma = dst + (size_t)w * h;
        size_t quarter = (size_t)(w / 2) * (h / 2);
        for (uint32_t y = 0; y < h; y++) {
            for (uint32_t x = 0; x < w; x++) {
                scene_yuv(&c->scene, x, y, w, h, &Y, &U, &V);
                luma[(size_t)y * w + x] = (uint8_t)Y;
                if ((x | y) & 1) continue;
                size_t i = (size_t)(y / 2) * (w / 2) + x / 2;
                if (c->video_format == SPA_VIDEO_FORMAT_NV12) {
                    chroma[2 * i] = (uint8_t)U, chroma[2 * i + 1] = (uint8_t)V;
                } else {
                    chroma[i] = (uint8_t)U, chroma[quarter + i] = (uint8_t)V;
                }
            }
        }
    }
    }
    return frame_size(c);
}

static void on_process(void *data) {
    struct camera *c = data;
    struct pw_buffer *b = pw_stream_dequeue_buffer(c->stream);
    if (!b) return;
    struct spa_buffer *buf = b->buffer;
    struct spa_data *d = &buf->datas[0];
    if (d->data) {
        int32_t stride = 0;
        size_t used = fill_frame(c, d->data, d->maxsize, &stride);
        d->chunk->offset = 0;
        d->chunk->size = (uint32_t)used;
        d->chunk->stride = stride;
        c->frames++;
    }
    pw_stream_queue_buffer(c->stream, b);
}

static void on_timeout(void *data, uint64_t expirations) {
    (void)expirations;
    struct camera *c = data;
    pw_stream_trigger_process(c->stream);
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    (void)old;
    struct camera *c = data;
    struct pw_loop *loop = pw_main_loop_get_loop(c->loop);
    if (state == PW_STREAM_STATE_ERROR) {
        fprintf(stderr, "PipeWireTestCamera: stream error: %s\n", error ? error : "?");
        c->failed = 1;
        pw_main_loop_quit(c->loop);
        return;
    }
    if (state >= PW_STREAM_STATE_PAUSED && !c->announced) {
        uint32_t id = pw_stream_get_node_id(c->stream);
        if (id != SPA_ID_INVALID) {
            printf("ready %u %s\n", id, c->name);
            fflush(stdout);
            c->announced = 1;
        }
    }
    if (state == PW_STREAM_STATE_STREAMING && c->fps > 0) {
        struct timespec first = {0, 1}, interval = {0, 0};
        uint64_t ns = 1000000000ull / c->fps;
        interval.tv_sec = (time_t)(ns / 1000000000ull);
        interval.tv_nsec = (long)(ns % 1000000000ull);
        pw_loop_update_timer(loop, c->timer, &first, &interval, false);
        printf("streaming %ux%u %s\n", c->width, c->height,
               c->subtype == SPA_MEDIA_SUBTYPE_mjpg ? "MJPG"
               : c->video_format == SPA_VIDEO_FORMAT_YUY2 ? "YUY2"
               : c->video_format == SPA_VIDEO_FORMAT_NV12 ? "NV12" : "I420");
        fflush(stdout);
    } else if (state != PW_STREAM_STATE_STREAMING) {
        pw_loop_update_timer(loop, c->timer, NULL, NULL, false);
    }
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    struct camera *c = data;
    if (param != NULL && id == SPA_PARAM_Props) {
        props_set(c, param);
        return;
    }
    if (param == NULL || id != SPA_PARAM_Format) return;
    struct spa_video_info info = {0};
    if (spa_format_parse(param, &info.media_type, &info.media_subtype) < 0) return;
    c->subtype = info.media_subtype;
    if (info.media_subtype == SPA_MEDIA_SUBTYPE_raw) {
        spa_format_video_raw_parse(param, &info.info.raw);
        c->video_format = info.info.raw.format;
        c->width = info.info.raw.size.width, c->height = info.info.raw.size.height;
        c->fps = info.info.raw.framerate.denom ? info.info.raw.framerate.num / info.info.raw.framerate.denom : 30;
    } else if (info.media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        spa_format_video_mjpg_parse(param, &info.info.mjpg);
        c->width = info.info.mjpg.size.width, c->height = info.info.mjpg.size.height;
        c->fps = info.info.mjpg.framerate.denom ? info.info.mjpg.framerate.num / info.info.mjpg.framerate.denom : 30;
    } else {
        return;
    }
    uint8_t buffer[1024];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    int32_t size = (int32_t)frame_size(c);
    if (c->subtype == SPA_MEDIA_SUBTYPE_mjpg && c->scene.size > (size_t)size) size = (int32_t)c->scene.size;
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
        SPA_PARAM_BUFFERS_blocks, SPA_POD_Int(1),
        SPA_PARAM_BUFFERS_size, SPA_POD_Int(size),
        SPA_PARAM_BUFFERS_stride, SPA_POD_Int(c->subtype == SPA_MEDIA_SUBTYPE_mjpg ? 0 :
            (int32_t)(c->video_format == SPA_VIDEO_FORMAT_YUY2 ? c->width * 2 : c->width)),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
    pw_stream_update_params(c->stream, params, 1);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .process = on_process,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
};

static void do_quit(void *data, int signal_number) {
    (void)signal_number;
    struct camera *c = data;
    pw_main_loop_quit(c->loop);
}

int main(int argc, char *argv[]) {
    struct camera c = {0};
    const char *description = "Saoma Test Camera";
    const char *format_list = "YUY2";
    const char *mode_list = "1280x720@30,640x480@30";
    c.name = "saoma-test-camera";
    struct offer offers[MAX_MODES];
    int offer_count = 0;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) { fprintf(stderr, "PipeWireTestCamera: %s needs a value\n", argv[i]); return 2; }
        if (strcmp(argv[i], "--name") == 0) c.name = value;
        else if (strcmp(argv[i], "--description") == 0) description = value;
        else if (strcmp(argv[i], "--formats") == 0) format_list = value;
        else if (strcmp(argv[i], "--modes") == 0) mode_list = value;
        else if (strcmp(argv[i], "--scene") == 0) c.scene.path = strdup(value);
        else if (strcmp(argv[i], "--props-log") == 0) c.props_log = value;
        else if (strcmp(argv[i], "--controls") == 0) {
            if ((c.control_count = parse_controls(value, c.controls)) < 0) {
                fprintf(stderr, "PipeWireTestCamera: bad --controls %s (NAME=TYPE:MIN:MAX:STEP:VALUE,...)\n", value);
                return 2;
            }
        }
        else if (strcmp(argv[i], "--offer") == 0) {
            if (offer_count == MAX_MODES || parse_offer(value, &offers[offer_count]) != 0) {
                fprintf(stderr, "PipeWireTestCamera: bad --offer %s (WIDTHxHEIGHT@NUM/DENOM)\n", value);
                return 2;
            }
            offer_count++;
        }
        else { fprintf(stderr, "PipeWireTestCamera: unknown option %s\n", argv[i]); return 2; }
        i++;
    }
    struct mode modes[MAX_MODES];
    uint32_t subtypes[MAX_FORMATS], formats[MAX_FORMATS];
    int mode_count = parse_modes(mode_list, modes), format_count = parse_formats(format_list, subtypes, formats);
    if (mode_count <= 0 || format_count <= 0) { fprintf(stderr, "PipeWireTestCamera: bad --modes or --formats\n"); return 2; }

    // Whoever started it may stop reading after the `ready` line: later lines must not kill it.
    signal(SIGPIPE, SIG_IGN);
    pw_init(&argc, &argv);
    c.loop = pw_main_loop_new(NULL);
    struct pw_loop *loop = pw_main_loop_get_loop(c.loop);
    pw_loop_add_signal(loop, SIGINT, do_quit, &c);
    pw_loop_add_signal(loop, SIGTERM, do_quit, &c);
    c.timer = pw_loop_add_timer(loop, on_timeout, &c);
    c.stream = pw_stream_new_simple(loop, c.name,
        pw_properties_new(PW_KEY_MEDIA_CLASS, "Video/Source", PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
            PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_NODE_NAME, c.name, PW_KEY_NODE_DESCRIPTION, description, NULL),
        &stream_events, &c);

    uint8_t buffer[8192];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[2 * MAX_MODES * MAX_FORMATS + MAX_CONTROLS + 1];
    uint32_t n = 0;
    for (int f = 0; f < format_count; f++) {
        for (int m = 0; m < mode_count + offer_count; m++) {
            // The modes it streams, then the values offered as they are.
            struct spa_rectangle size = m < mode_count ? SPA_RECTANGLE(modes[m].width, modes[m].height)
                : SPA_RECTANGLE(offers[m - mode_count].width, offers[m - mode_count].height);
            struct spa_fraction rate = m < mode_count ? SPA_FRACTION(modes[m].fps, 1)
                : SPA_FRACTION(offers[m - mode_count].num, offers[m - mode_count].denom);
            if (subtypes[f] == SPA_MEDIA_SUBTYPE_mjpg) {
                params[n++] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
                    SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video), SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_mjpg),
                    SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&size), SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate));
            } else {
                params[n++] = spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
                    SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video), SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
                    SPA_FORMAT_VIDEO_format, SPA_POD_Id(formats[f]), SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&size),
                    SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate));
            }
        }
    }
    for (int i = 0; i < c.control_count; i++) params[n++] = control_info(&b, &c.controls[i]);
    if (c.control_count > 0) params[n++] = control_values(&b, &c);
    if (pw_stream_connect(c.stream, PW_DIRECTION_OUTPUT, PW_ID_ANY, PW_STREAM_FLAG_DRIVER | PW_STREAM_FLAG_MAP_BUFFERS, params, n) < 0) {
        fprintf(stderr, "PipeWireTestCamera: cannot connect to PipeWire\n");
        return 1;
    }
    pw_main_loop_run(c.loop);
    pw_stream_destroy(c.stream);
    pw_main_loop_destroy(c.loop);
    free(c.scene.pixels);
    free(c.scene.path);
    pw_deinit();
    return c.failed ? 1 : 0;
}
