// SPDX-License-Identifier: GPL-3.0-or-later
// Fake V4L2 webcam served through LD_PRELOAD (see include/fake_v4l2.h for the control interface).
#include "fake_v4l2.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>  // before jpeglib.h, which uses FILE
#include <jpeglib.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEVICES 8
#define MAX_MODES 16
#define MAX_BUFFERS 32
// Values in a device's noise table (a power of two above the pixels of a 1280×720 frame, so a
// frame never reads one value twice).
#define NOISE_TABLE (1u << 20)

// ---------------------------------------------------------------------------------------------
// Real functions, resolved lazily (the Swift runtime calls syscall() before constructors run).

typedef long (*syscall_fn)(long, ...);
typedef int (*ioctl_fn)(int, unsigned long, ...);
typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);
typedef void *(*mmap_fn)(void *, size_t, int, int, int, off_t);
typedef int (*munmap_fn)(void *, size_t);
typedef int (*close_fn)(int);
typedef int (*poll_fn)(struct pollfd *, nfds_t, int);
typedef int (*select_fn)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
typedef ssize_t (*read_fn)(int, void *, size_t);

static void *resolve(const char *name) {
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        static const char msg[] = "fake_v4l2: cannot resolve a libc symbol\n";
        ssize_t ignored = write(2, msg, sizeof msg - 1);
        (void)ignored;
        abort();
    }
    return p;
}

#define REAL(type, name)                                                   \
    static type real_##name##_ptr;                                         \
    static type real_##name(void) {                                        \
        type p = __atomic_load_n(&real_##name##_ptr, __ATOMIC_ACQUIRE);    \
        if (!p) {                                                          \
            p = (type)resolve(#name);                                      \
            __atomic_store_n(&real_##name##_ptr, p, __ATOMIC_RELEASE);     \
        }                                                                  \
        return p;                                                          \
    }

REAL(syscall_fn, syscall)
REAL(ioctl_fn, ioctl)
REAL(open_fn, open)
REAL(open_fn, open64)
REAL(openat_fn, openat)
REAL(openat_fn, openat64)
REAL(mmap_fn, mmap)
REAL(mmap_fn, mmap64)
REAL(munmap_fn, munmap)
REAL(close_fn, close)
REAL(poll_fn, poll)
REAL(select_fn, select)
REAL(read_fn, read)

// ---------------------------------------------------------------------------------------------
// Configuration and state.

enum fake_fail { FAIL_NONE, FAIL_BUSY, FAIL_DENIED };

struct fake_mode {
    unsigned width, height, fps;
};

enum {
    CTRL_BRIGHTNESS,
    CTRL_GAIN,
    CTRL_EXPOSURE_AUTO,
    CTRL_EXPOSURE_ABSOLUTE,
    CTRL_FOCUS_AUTO,
    CTRL_FOCUS_ABSOLUTE,
    CTRL_ZOOM_ABSOLUTE,
    CTRL_COUNT
};
// The controls every fake device offers; the lens controls after them only where LENS lists them.
#define CTRL_ALWAYS 4

struct fake_control {
    uint32_t id;
    const char *name;
    uint32_t type;
    int32_t minimum, maximum, step, default_value;
};

static const struct fake_control controls[CTRL_COUNT] = {
    {V4L2_CID_BRIGHTNESS, "Brightness", V4L2_CTRL_TYPE_INTEGER, -64, 64, 1, 0},
    {V4L2_CID_GAIN, "Gain", V4L2_CTRL_TYPE_INTEGER, 0, 255, 1, 0},
    {V4L2_CID_EXPOSURE_AUTO, "Auto Exposure", V4L2_CTRL_TYPE_MENU, 0, 3, 1, V4L2_EXPOSURE_APERTURE_PRIORITY},
    {V4L2_CID_EXPOSURE_ABSOLUTE, "Exposure Time, Absolute", V4L2_CTRL_TYPE_INTEGER, 3, 2047, 1, 156},
    // As a Logitech C920 reports them.
    {V4L2_CID_FOCUS_AUTO, "Focus, Automatic Continuous", V4L2_CTRL_TYPE_BOOLEAN, 0, 1, 1, 1},
    {V4L2_CID_FOCUS_ABSOLUTE, "Focus (absolute)", V4L2_CTRL_TYPE_INTEGER, 0, 250, 5, 0},
    {V4L2_CID_ZOOM_ABSOLUTE, "Zoom, Absolute", V4L2_CTRL_TYPE_INTEGER, 100, 500, 1, 100},
};

static const char *const control_names[CTRL_COUNT] = {
    "brightness", "gain", "exposure_auto", "exposure_absolute", "focus_auto", "focus_absolute", "zoom_absolute",
};

struct fake_device {
    int index;
    char path[PATH_MAX];
    char name[32];
    uint32_t fourcc;  // native format; 0 for a metadata-only node
    struct fake_mode modes[MAX_MODES];
    int mode_count;
    enum fake_fail fail;
    long unplug_after;  // -1: never
    int unplugged_once;
    long frames_served;
    int32_t control_values[CTRL_COUNT];
    int offered[CTRL_COUNT];  // which controls QUERYCTRL/G_CTRL/S_CTRL answer
    // Hostile answers a driver may give (tests of Saoma's range checks), all off by default.
    int stepwise;                          // ENUM_FRAMESIZES answers one stepwise range
    uint32_t step_min_w, step_min_h, step_max_w, step_max_h;
    int interval_count;                    // ENUM_FRAMEINTERVALS answers these, at every size
    struct v4l2_fract intervals[MAX_MODES];
    int interval_stepwise;                 // ... or this one stepwise range
    struct v4l2_fract interval_min, interval_max;
    int timeperframe_set;                  // G_PARM reports this time per frame
    struct v4l2_fract timeperframe;
    int8_t *noise;                         // NOISE: Gaussian grey levels, NOISE_TABLE of them (NULL: clean frames)
};

enum buffer_state { BUF_DEQUEUED, BUF_QUEUED, BUF_DONE };

struct fake_buffer {
    enum buffer_state state;
    uint32_t bytesused;
    uint64_t generation;  // frame generation the buffer holds (0 = none)
    uint32_t sequence;
    struct timeval timestamp;
};

struct fake_handle {
    int fd;  // the timerfd handed to the application
    struct fake_device *device;
    dev_t st_dev;
    ino_t st_ino;
    int dead;
    int nonblocking;
    unsigned width, height, fps;
    uint32_t sizeimage, bytesperline;
    int memfd;
    uint8_t *map;
    size_t stride, map_size;
    int buffer_count;
    struct fake_buffer buffers[MAX_BUFFERS];
    int queued[MAX_BUFFERS], queued_count;  // FIFO of buffers waiting for a frame
    int done[MAX_BUFFERS], done_count;      // FIFO of filled buffers
    int streaming;
    uint32_t sequence;
    uint8_t *frame;  // the current frame in the native format, for this handle's size
    uint32_t frame_size;  // bytes of `frame` in use (less than sizeimage for MJPEG)
    uint64_t frame_generation;
    struct fake_handle *next;
};

struct fake_image {
    char path[PATH_MAX];
    struct timespec mtime;
    off_t size;
    ino_t ino;
    int loaded;
    unsigned width, height, channels;
    uint8_t *pixels;
    uint64_t generation;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static struct fake_device devices[MAX_DEVICES];
static int device_count;
static struct fake_handle *handles;
static struct fake_image image;
static uint64_t generation_counter = 1;
static char log_path[PATH_MAX];  // LOG: where S_FMT and S_CTRL are recorded (empty: nowhere)

// Appends one line to the LOG file (a single write with O_APPEND: lines never interleave).
static void log_line(const char *format, ...) {
    if (!log_path[0]) return;
    char line[256];
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(line, sizeof line - 1, format, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    int fd = real_openat()(AT_FDCWD, log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    ssize_t ignored = write(fd, line, (size_t)n);
    (void)ignored;
    real_close()(fd);
}

static const char *setting(const char *name, int index) {
    char key[96];
    snprintf(key, sizeof key, "SAOMA_FAKE_V4L2_%s_%d", name, index);
    const char *value = getenv(key);
    if (value && *value) return value;
    snprintf(key, sizeof key, "SAOMA_FAKE_V4L2_%s", name);
    value = getenv(key);
    return value && *value ? value : NULL;
}

static void parse_modes(struct fake_device *d, const char *spec) {
    d->mode_count = 0;
    const char *p = spec;
    while (p && *p && d->mode_count < MAX_MODES) {
        unsigned w, h, fps;
        if (sscanf(p, "%ux%u@%u", &w, &h, &fps) == 3 && w >= 2 && h >= 2 && fps > 0) {
            d->modes[d->mode_count++] = (struct fake_mode){w & ~1u, h & ~1u, fps};
        } else {
            fprintf(stderr, "fake_v4l2: ignoring mode '%.*s' (expected WxH@FPS)\n", (int)strcspn(p, ","), p);
        }
        p = strchr(p, ',');
        if (p) p++;
    }
}

/// Reads "N/D" into `f` (any 32-bit terms); 1 when it parsed.
static int parse_fraction(const char *p, struct v4l2_fract *f) {
    return sscanf(p, "%u/%u", &f->numerator, &f->denominator) == 2;
}

/// The hostile-answer settings (STEPWISE, INTERVALS, TIMEPERFRAME; see fake_v4l2.h).
static void parse_hostile(struct fake_device *d) {
    const char *stepwise = setting("STEPWISE", d->index);
    if (stepwise && sscanf(stepwise, "%ux%u-%ux%u", &d->step_min_w, &d->step_min_h, &d->step_max_w, &d->step_max_h) == 4)
        d->stepwise = 1;
    const char *intervals = setting("INTERVALS", d->index);
    if (intervals && !strncmp(intervals, "stepwise:", 9)) {
        const char *dash = strchr(intervals + 9, '-');
        d->interval_stepwise = dash && parse_fraction(intervals + 9, &d->interval_min) && parse_fraction(dash + 1, &d->interval_max);
    } else {
        for (const char *p = intervals; p && *p && d->interval_count < MAX_MODES;) {
            if (parse_fraction(p, &d->intervals[d->interval_count])) d->interval_count++;
            p = strchr(p, ',');
            if (p) p++;
        }
    }
    const char *tpf = setting("TIMEPERFRAME", d->index);
    d->timeperframe_set = tpf && parse_fraction(tpf, &d->timeperframe);
}

/// The LENS setting: a comma-separated list of focus-auto, focus-absolute and zoom, each
/// optionally with =VALUE (its value at the start; else the control's default).
static void parse_lens(struct fake_device *d, const char *spec) {
    static const char *const names[] = {"focus-auto", "focus-absolute", "zoom"};
    for (const char *p = spec; p && *p;) {
        size_t n = strcspn(p, ",=");
        int found = 0;
        for (int i = 0; i < 3; i++) {
            if (strlen(names[i]) == n && !strncmp(p, names[i], n)) {
                int c = CTRL_FOCUS_AUTO + i;
                d->offered[c] = 1;
                if (p[n] == '=') d->control_values[c] = (int32_t)atol(p + n + 1);
                found = 1;
            }
        }
        if (!found) fprintf(stderr, "fake_v4l2: ignoring lens control '%.*s'\n", (int)n, p);
        p = strchr(p, ',');
        if (p) p++;
    }
}

/// splitmix64: the fake camera's deterministic random numbers (the same in every run).
static uint64_t mix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/// The NOISE setting: a table of Gaussian grey levels with that standard deviation (0 < SD ≤ 64),
/// made once from a fixed seed. A normal deviate is the sum of twelve uniform ones less six
/// (Irwin–Hall: mean 0, standard deviation 1, within ±6), so the shim needs no libm.
static void make_noise(struct fake_device *d, const char *spec) {
    if (!spec) return;
    char *end = NULL;
    double sd = strtod(spec, &end);
    if (end == spec || *end || !(sd > 0 && sd <= 64)) {
        fprintf(stderr, "fake_v4l2: ignoring NOISE '%s' (expected a standard deviation in grey levels, above 0 and at most 64)\n", spec);
        return;
    }
    d->noise = malloc(NOISE_TABLE);
    if (!d->noise) return;
    uint64_t state = 0x5A4F4D41ull + (uint64_t)d->index;
    for (uint32_t i = 0; i < NOISE_TABLE; i++) {
        double sum = 0;
        for (int k = 0; k < 12; k++) sum += (double)(mix64(state++) >> 11) / 9007199254740992.0;
        double v = (sum - 6) * sd;
        long rounded = (long)(v < 0 ? v - 0.5 : v + 0.5);
        d->noise[i] = (int8_t)(rounded < -127 ? -127 : rounded > 127 ? 127 : rounded);
    }
}

static void load_config(void) {
    const char *list = getenv("SAOMA_FAKE_V4L2_DEVICE");
    if (!list) return;
    const char *p = list;
    while (*p && device_count < MAX_DEVICES) {
        size_t n = strcspn(p, ":");
        if (n > 0 && n < PATH_MAX) {
            struct fake_device *d = &devices[device_count];
            d->index = device_count;
            memcpy(d->path, p, n);
            d->path[n] = 0;
            const char *name = setting("NAME", device_count);
            snprintf(d->name, sizeof d->name, "%s", name ? name : "Fake Camera");
            const char *format = setting("FORMAT", device_count);
            d->fourcc = V4L2_PIX_FMT_YUYV;
            if (format && !strcmp(format, "GREY")) d->fourcc = V4L2_PIX_FMT_GREY;
            else if (format && !strcmp(format, "MJPG")) d->fourcc = V4L2_PIX_FMT_MJPEG;
            else if (format && !strcmp(format, "H264")) d->fourcc = V4L2_PIX_FMT_H264;
            else if (format && !strcmp(format, "META")) d->fourcc = 0;
            else if (format && strcmp(format, "YUYV"))
                fprintf(stderr, "fake_v4l2: format %s is not implemented; serving YUYV\n", format);
            parse_modes(d, setting("MODES", device_count));
            if (d->mode_count == 0) parse_modes(d, "1280x720@30,640x480@30,1920x1080@15");
            const char *fail = setting("FAIL", device_count);
            d->fail = fail && !strcmp(fail, "busy") ? FAIL_BUSY : fail && !strcmp(fail, "denied") ? FAIL_DENIED : FAIL_NONE;
            const char *unplug = setting("UNPLUG_AFTER", device_count);
            d->unplug_after = unplug ? atol(unplug) : -1;
            for (int c = 0; c < CTRL_COUNT; c++) {
                d->control_values[c] = controls[c].default_value;
                d->offered[c] = c < CTRL_ALWAYS;
            }
            parse_lens(d, setting("LENS", device_count));
            parse_hostile(d);
            make_noise(d, setting("NOISE", device_count));
            device_count++;
        }
        p += n;
        if (*p == ':') p++;
    }
    const char *img = getenv("SAOMA_FAKE_V4L2_IMAGE");
    if (img) snprintf(image.path, sizeof image.path, "%s", img);
    const char *log = getenv("SAOMA_FAKE_V4L2_LOG");
    if (log) snprintf(log_path, sizeof log_path, "%s", log);
}

static void configure(void) { pthread_once(&config_once, load_config); }

static struct fake_device *device_for_path(const char *path) {
    if (!path) return NULL;
    configure();
    for (int i = 0; i < device_count; i++)
        if (!strcmp(devices[i].path, path)) return &devices[i];
    return NULL;
}

// Caller holds `lock`.
static struct fake_handle *handle_for_fd(int fd) {
    for (struct fake_handle *h = handles; h; h = h->next)
        if (h->fd == fd) return h;
    return NULL;
}

static struct fake_handle *find_handle(int fd) {
    if (fd < 0 || !__atomic_load_n(&handles, __ATOMIC_ACQUIRE)) return NULL;
    pthread_mutex_lock(&lock);
    struct fake_handle *h = handle_for_fd(fd);
    pthread_mutex_unlock(&lock);
    return h;
}

// True when the device node behind `h` was removed or replaced. Caller holds `lock`.
static int handle_gone(struct fake_handle *h) {
    if (h->dead) return 1;
    struct stat st;
    if (stat(h->device->path, &st) != 0 || st.st_ino != h->st_ino || st.st_dev != h->st_dev) h->dead = 1;
    return h->dead;
}

// ---------------------------------------------------------------------------------------------
// The scene: a PPM/PGM file re-read when it changes, rendered into the native format.

static int read_token(FILE *f, unsigned *out) {
    int c;
    for (;;) {
        c = fgetc(f);
        if (c == '#') {
            while (c != '\n' && c != EOF) c = fgetc(f);
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            break;
        }
    }
    if (c < '0' || c > '9') return 0;
    unsigned v = 0;
    while (c >= '0' && c <= '9') {
        v = v * 10 + (unsigned)(c - '0');
        if (v > 100000) return 0;
        c = fgetc(f);
    }
    *out = v;
    return 1;
}

// Refreshes `image` when the file changed. Caller holds `lock`.
static void refresh_image(void) {
    if (!image.path[0]) return;
    struct stat st;
    if (stat(image.path, &st) != 0) return;  // keep the last good scene while a swap is in flight
    if (image.loaded && st.st_mtim.tv_sec == image.mtime.tv_sec && st.st_mtim.tv_nsec == image.mtime.tv_nsec &&
        st.st_size == image.size && st.st_ino == image.ino)
        return;
    image.mtime = st.st_mtim;
    image.size = st.st_size;
    image.ino = st.st_ino;
    image.loaded = 1;  // do not retry a bad file until it changes
    FILE *f = fopen(image.path, "rb");
    if (!f) return;
    char magic[2];
    unsigned w = 0, h = 0, maxval = 0;
    if (fread(magic, 1, 2, f) == 2 && magic[0] == 'P' && (magic[1] == '5' || magic[1] == '6') && read_token(f, &w) &&
        read_token(f, &h) && read_token(f, &maxval) && maxval == 255 && w > 0 && h > 0) {
        unsigned channels = magic[1] == '6' ? 3 : 1;
        size_t n = (size_t)w * h * channels;
        uint8_t *pixels = malloc(n);
        if (pixels && fread(pixels, 1, n, f) == n) {
            free(image.pixels);
            image.pixels = pixels;
            image.width = w;
            image.height = h;
            image.channels = channels;
            image.generation = generation_counter++;
        } else {
            free(pixels);
            fprintf(stderr, "fake_v4l2: %s is truncated\n", image.path);
        }
    } else {
        fprintf(stderr, "fake_v4l2: %s is not a binary PPM/PGM with maxval 255\n", image.path);
    }
    fclose(f);
}

static inline uint8_t clamp8(int v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

// RGB of the scene at frame pixel (x, y), nearest-neighbour. Caller holds `lock`.
static void scene_rgb(unsigned x, unsigned y, unsigned width, unsigned height, int *r, int *g, int *b) {
    if (!image.pixels) {
        int v = (int)((x * 255) / (width > 1 ? width - 1 : 1));
        *r = *g = *b = v;
        return;
    }
    unsigned sx = (unsigned)(((uint64_t)x * image.width) / width);
    unsigned sy = (unsigned)(((uint64_t)y * image.height) / height);
    const uint8_t *p = image.pixels + ((size_t)sy * image.width + sx) * image.channels;
    if (image.channels == 3) {
        *r = p[0];
        *g = p[1];
        *b = p[2];
    } else {
        *r = *g = *b = p[0];
    }
}

// libjpeg, resolved at run time (libv4lconvert has loaded it into any process using libv4l2), so
// the shim links nothing more than libc and libdl.
struct jpeg_api {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_compress)(j_compress_ptr, int, size_t);
    void (*mem_dest)(j_compress_ptr, unsigned char **, unsigned long *);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int, boolean);
    void (*start_compress)(j_compress_ptr, boolean);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
    void (*destroy_compress)(j_compress_ptr);
};

static int load_jpeg(struct jpeg_api *api) {
    void *lib = RTLD_DEFAULT;  // NULL: search the process's global scope
    if (!dlsym(lib, "jpeg_std_error")) {
        lib = dlopen("libjpeg.so.62", RTLD_NOW | RTLD_GLOBAL);
        if (!lib) return 0;
    }
    api->std_error = (struct jpeg_error_mgr * (*)(struct jpeg_error_mgr *)) dlsym(lib, "jpeg_std_error");
    api->create_compress = (void (*)(j_compress_ptr, int, size_t))dlsym(lib, "jpeg_CreateCompress");
    api->mem_dest = (void (*)(j_compress_ptr, unsigned char **, unsigned long *))dlsym(lib, "jpeg_mem_dest");
    api->set_defaults = (void (*)(j_compress_ptr))dlsym(lib, "jpeg_set_defaults");
    api->set_quality = (void (*)(j_compress_ptr, int, boolean))dlsym(lib, "jpeg_set_quality");
    api->start_compress = (void (*)(j_compress_ptr, boolean))dlsym(lib, "jpeg_start_compress");
    api->write_scanlines = (JDIMENSION(*)(j_compress_ptr, JSAMPARRAY, JDIMENSION))dlsym(lib, "jpeg_write_scanlines");
    api->finish_compress = (void (*)(j_compress_ptr))dlsym(lib, "jpeg_finish_compress");
    api->destroy_compress = (void (*)(j_compress_ptr))dlsym(lib, "jpeg_destroy_compress");
    return api->std_error && api->create_compress && api->mem_dest && api->set_defaults && api->set_quality &&
           api->start_compress && api->write_scanlines && api->finish_compress && api->destroy_compress;
}

// Encodes the scene as a baseline JPEG into `h->frame`. Caller holds `lock`.
static void render_jpeg(struct fake_handle *h) {
    static struct jpeg_api api;
    static int loaded = -1;
    if (loaded < 0) loaded = load_jpeg(&api);
    h->frame_size = 0;
    if (!loaded) {
        fprintf(stderr, "fake_v4l2: libjpeg not found; MJPG frames are empty\n");
        return;
    }
    unsigned w = h->width, ht = h->height;
    uint8_t *row = malloc((size_t)w * 3);
    if (!row) return;
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    unsigned char *out = NULL;
    unsigned long out_size = 0;
    cinfo.err = api.std_error(&jerr);
    api.create_compress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    api.mem_dest(&cinfo, &out, &out_size);
    cinfo.image_width = w;
    cinfo.image_height = ht;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    api.set_defaults(&cinfo);
    // 4:2:2, as UVC cameras send MJPEG (libv4lconvert needs the height a multiple of 8 lines
    // per block row: 4:2:0's 16 would refuse 1080p).
    cinfo.comp_info[0].h_samp_factor = 2;
    cinfo.comp_info[0].v_samp_factor = 1;
    api.set_quality(&cinfo, 90, TRUE);
    api.start_compress(&cinfo, TRUE);
    for (unsigned y = 0; y < ht; y++) {
        for (unsigned x = 0; x < w; x++) {
            int r, g, b;
            scene_rgb(x, y, w, ht, &r, &g, &b);
            row[3 * x] = (uint8_t)r;
            row[3 * x + 1] = (uint8_t)g;
            row[3 * x + 2] = (uint8_t)b;
        }
        JSAMPROW rows[1] = {row};
        api.write_scanlines(&cinfo, rows, 1);
    }
    api.finish_compress(&cinfo);
    api.destroy_compress(&cinfo);
    free(row);
    if (out && out_size <= h->sizeimage) {
        memcpy(h->frame, out, out_size);
        h->frame_size = (uint32_t)out_size;
    } else {
        fprintf(stderr, "fake_v4l2: JPEG frame larger than the buffer\n");
    }
    free(out);
}

// Renders the scene into `h->frame` when the scene or the size changed. Caller holds `lock`.
static void render_frame(struct fake_handle *h) {
    refresh_image();
    uint64_t generation = image.pixels ? image.generation : 0;
    // Generation numbers are per scene; a size change reallocates and forces a render.
    if (h->frame && h->frame_generation == generation + 1) return;
    free(h->frame);
    h->frame = malloc(h->sizeimage);
    if (!h->frame) return;
    h->frame_generation = generation + 1;
    h->frame_size = h->sizeimage;
    if (h->device->fourcc == V4L2_PIX_FMT_MJPEG) {
        render_jpeg(h);
        return;
    }
    if (h->device->fourcc == V4L2_PIX_FMT_H264) {  // never decoded by anyone: an empty stream
        memset(h->frame, 0, h->sizeimage);
        return;
    }
    unsigned w = h->width, ht = h->height;
    // Nearest-neighbour source offsets, worked out once per render (a 2560×1440 frame has 3.7
    // million pixels: a division each made a scene change cost a tenth of a second).
    size_t *columns = image.pixels ? malloc(sizeof(size_t) * w) : NULL;
    if (columns)
        for (unsigned x = 0; x < w; x++) columns[x] = (size_t)(((uint64_t)x * image.width) / w) * image.channels;
    long previous = -1;
    for (unsigned y = 0; y < ht; y++) {
        uint8_t *row = h->frame + (size_t)y * h->bytesperline;
        const uint8_t *source = NULL;
        if (columns) {
            long sy = (long)(((uint64_t)y * image.height) / ht);
            // A row scaled from the same scene row as the one above is the same row.
            if (sy == previous) {
                memcpy(row, row - h->bytesperline, h->bytesperline);
                continue;
            }
            previous = sy;
            source = image.pixels + (size_t)sy * image.width * image.channels;
        }
        for (unsigned x = 0; x < w; x += 2) {
            int r0, g0, b0, r1, g1, b1;
            if (source) {
                const uint8_t *p0 = source + columns[x], *p1 = source + columns[x + 1];
                int third = image.channels == 3;
                r0 = p0[0], g0 = p0[third], b0 = p0[2 * third];
                r1 = p1[0], g1 = p1[third], b1 = p1[2 * third];
            } else {
                scene_rgb(x, y, w, ht, &r0, &g0, &b0);
                scene_rgb(x + 1, y, w, ht, &r1, &g1, &b1);
            }
            // BT.601 limited range, as webcams deliver it.
            int y0 = ((66 * r0 + 129 * g0 + 25 * b0 + 128) >> 8) + 16;
            int y1 = ((66 * r1 + 129 * g1 + 25 * b1 + 128) >> 8) + 16;
            if (h->device->fourcc == V4L2_PIX_FMT_GREY) {
                row[x] = clamp8(y0);
                row[x + 1] = clamp8(y1);
            } else {
                int r = (r0 + r1) / 2, g = (g0 + g1) / 2, b = (b0 + b1) / 2;
                int u = ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128;
                int v = ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128;
                row[2 * x] = clamp8(y0);
                row[2 * x + 1] = clamp8(u);
                row[2 * x + 2] = clamp8(y1);
                row[2 * x + 3] = clamp8(v);
            }
        }
    }
    free(columns);
}

// ---------------------------------------------------------------------------------------------
// Formats.

// Bytes per pixel of a line (MJPEG: the worst case a frame may take).
static int bytes_per_pixel(const struct fake_device *d) { return d->fourcc == V4L2_PIX_FMT_GREY ? 1 : 2; }

static const struct fake_mode *closest_mode(const struct fake_device *d, unsigned w, unsigned h) {
    const struct fake_mode *best = &d->modes[0];
    long long best_diff = -1;
    for (int i = 0; i < d->mode_count; i++) {
        long long dx = (long long)d->modes[i].width - w, dy = (long long)d->modes[i].height - h;
        long long diff = dx * dx + dy * dy;
        if (best_diff < 0 || diff < best_diff) {
            best = &d->modes[i];
            best_diff = diff;
        }
    }
    return best;
}

static unsigned closest_fps(const struct fake_device *d, unsigned w, unsigned h, unsigned fps) {
    unsigned best = 0;
    for (int i = 0; i < d->mode_count; i++) {
        if (d->modes[i].width != w || d->modes[i].height != h) continue;
        unsigned f = d->modes[i].fps;
        if (!best || (f > fps ? f - fps : fps - f) < (best > fps ? best - fps : fps - best)) best = f;
    }
    return best ? best : 30;
}

static void fill_pix(const struct fake_device *d, struct v4l2_pix_format *pix, unsigned w, unsigned h) {
    memset(pix, 0, sizeof *pix);
    pix->width = w;
    pix->height = h;
    pix->pixelformat = d->fourcc;
    pix->field = V4L2_FIELD_NONE;
    pix->bytesperline = d->fourcc == V4L2_PIX_FMT_MJPEG ? 0 : w * (unsigned)bytes_per_pixel(d);
    pix->sizeimage = w * (unsigned)bytes_per_pixel(d) * h;
    pix->colorspace = V4L2_COLORSPACE_SRGB;
}

static void set_size(struct fake_handle *h, unsigned w, unsigned hh) {
    h->width = w;
    h->height = hh;
    h->bytesperline = w * (unsigned)bytes_per_pixel(h->device);
    h->sizeimage = h->bytesperline * hh;  // for MJPEG: the largest frame the buffers hold
    h->fps = closest_fps(h->device, w, hh, h->fps ? h->fps : 30);
    free(h->frame);
    h->frame = NULL;
    h->frame_generation = 0;
}

// ---------------------------------------------------------------------------------------------
// Buffers and streaming. All callers hold `lock`.

static void free_buffers(struct fake_handle *h) {
    if (h->map) real_munmap()(h->map, h->map_size);
    if (h->memfd >= 0) real_close()(h->memfd);
    h->map = NULL;
    h->memfd = -1;
    h->map_size = 0;
    h->buffer_count = 0;
    h->queued_count = h->done_count = 0;
}

static void arm_timer(struct fake_handle *h, int on) {
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    if (on) {
        long ns = 1000000000L / (long)(h->fps ? h->fps : 30);
        its.it_interval.tv_sec = ns / 1000000000L;
        its.it_interval.tv_nsec = ns % 1000000000L;
        its.it_value = its.it_interval;
    }
    timerfd_settime(h->fd, 0, &its, NULL);
}

// Whether frames get sensor noise: NOISE set and a format whose luma is stored as is.
static int noisy(const struct fake_handle *h) {
    return h->device->noise && (h->device->fourcc == V4L2_PIX_FMT_YUYV || h->device->fourcc == V4L2_PIX_FMT_GREY);
}

// Copies the rendered frame into `out` with noise of its own added to every luma sample: frame
// `sequence` reads the noise table from an offset of its own, so each frame's noise is new and
// the same in every run. One add per sample (a copy costs about as much). Caller holds `lock`.
static void add_noise(const struct fake_handle *h, uint8_t *out, uint32_t sequence) {
    const int8_t *noise = h->device->noise;
    uint32_t at = (uint32_t)mix64(sequence) & (NOISE_TABLE - 1);
    const uint8_t *in = h->frame;
    uint32_t n = h->frame_size;
    if (h->device->fourcc == V4L2_PIX_FMT_GREY) {
        for (uint32_t i = 0; i < n; i++) {
            int v = in[i] + noise[(at + i) & (NOISE_TABLE - 1)];
            out[i] = clamp8(v);
        }
        return;
    }
    // YUYV: luma in the even bytes, chroma (left clean: sensor noise shows mostly in luma) in the odd.
    for (uint32_t i = 0; i + 1 < n; i += 2) {
        int v = in[i] + noise[(at + i / 2) & (NOISE_TABLE - 1)];
        out[i] = clamp8(v);
        out[i + 1] = in[i + 1];
    }
}

// Turns elapsed frame periods into filled buffers; frames with no queued buffer are dropped.
static void produce_frames(struct fake_handle *h) {
    if (!h->streaming) return;
    uint64_t expirations = 0;
    if (real_read()(h->fd, &expirations, sizeof expirations) != (ssize_t)sizeof expirations) return;
    if (expirations > (uint64_t)MAX_BUFFERS + 1) {
        h->sequence += (uint32_t)(expirations - MAX_BUFFERS - 1);
        expirations = MAX_BUFFERS + 1;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    for (uint64_t e = 0; e < expirations; e++) {
        uint32_t sequence = h->sequence++;
        if (h->queued_count == 0) continue;  // dropped: the application holds every buffer
        int index = h->queued[0];
        memmove(h->queued, h->queued + 1, sizeof(int) * (size_t)--h->queued_count);
        struct fake_buffer *b = &h->buffers[index];
        render_frame(h);
        if (h->frame && noisy(h)) {
            add_noise(h, h->map + (size_t)index * h->stride, sequence);
            b->generation = 0;  // every frame gets noise of its own
            b->bytesused = h->frame_size;
        } else if (h->frame && b->generation != h->frame_generation) {
            memcpy(h->map + (size_t)index * h->stride, h->frame, h->frame_size);
            b->generation = h->frame_generation;
            b->bytesused = h->frame_size;
        }
        b->state = BUF_DONE;
        b->sequence = sequence;
        b->timestamp.tv_sec = now.tv_sec;
        b->timestamp.tv_usec = now.tv_nsec / 1000;
        h->done[h->done_count++] = index;
    }
}

static void describe_buffer(struct fake_handle *h, int index, struct v4l2_buffer *buf) {
    struct fake_buffer *b = &h->buffers[index];
    buf->index = (uint32_t)index;
    buf->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buf->memory = V4L2_MEMORY_MMAP;
    buf->length = h->sizeimage;
    buf->m.offset = (uint32_t)((size_t)index * h->stride);
    buf->bytesused = b->state == BUF_DEQUEUED || b->state == BUF_DONE ? b->bytesused : 0;
    buf->field = V4L2_FIELD_NONE;
    buf->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
    if (b->state == BUF_QUEUED) buf->flags |= V4L2_BUF_FLAG_QUEUED;
    if (b->state == BUF_DONE) buf->flags |= V4L2_BUF_FLAG_DONE;
    buf->sequence = b->sequence;
    buf->timestamp = b->timestamp;
}

// ---------------------------------------------------------------------------------------------
// ioctl emulation. Returns 0 or -errno.

static int control_index(uint32_t id) {
    for (int i = 0; i < CTRL_COUNT; i++)
        if (controls[i].id == id) return i;
    return -1;
}

static int fake_ioctl_locked(struct fake_handle *h, unsigned long request, void *arg) {
    struct fake_device *d = h->device;
    if (handle_gone(h)) return -ENODEV;
    if (!arg) return -EFAULT;
    switch (request) {
    case VIDIOC_QUERYCAP: {
        struct v4l2_capability *cap = arg;
        memset(cap, 0, sizeof *cap);
        snprintf((char *)cap->driver, sizeof cap->driver, "saoma-fake");
        snprintf((char *)cap->card, sizeof cap->card, "%s", d->name);
        snprintf((char *)cap->bus_info, sizeof cap->bus_info, "platform:saoma-fake-%d", d->index);
        cap->version = (6u << 16) | (1u << 8);
        cap->device_caps = d->fourcc ? V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING : V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING;
        cap->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING | V4L2_CAP_DEVICE_CAPS;
        return 0;
    }
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *f = arg;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || !d->fourcc || f->index != 0) return -EINVAL;
        uint32_t index = f->index, type = f->type;
        memset(f, 0, sizeof *f);
        f->index = index;
        f->type = type;
        f->pixelformat = d->fourcc;
        snprintf((char *)f->description, sizeof f->description, "%s",
                 d->fourcc == V4L2_PIX_FMT_GREY    ? "8-bit Greyscale"
                 : d->fourcc == V4L2_PIX_FMT_MJPEG ? "Motion-JPEG"
                 : d->fourcc == V4L2_PIX_FMT_H264  ? "H.264"
                                                   : "YUYV 4:2:2");
        if (d->fourcc == V4L2_PIX_FMT_MJPEG || d->fourcc == V4L2_PIX_FMT_H264) f->flags = V4L2_FMT_FLAG_COMPRESSED;
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *s = arg;
        if (!d->fourcc || s->pixel_format != d->fourcc) return -EINVAL;
        if (d->stepwise) {
            if (s->index != 0) return -EINVAL;
            s->type = V4L2_FRMSIZE_TYPE_STEPWISE;
            s->stepwise.min_width = d->step_min_w, s->stepwise.min_height = d->step_min_h;
            s->stepwise.max_width = d->step_max_w, s->stepwise.max_height = d->step_max_h;
            s->stepwise.step_width = 2, s->stepwise.step_height = 2;
            return 0;
        }
        // Distinct sizes in the order given.
        uint32_t seen = 0;
        for (int i = 0; i < d->mode_count; i++) {
            int first = 1;
            for (int j = 0; j < i; j++)
                if (d->modes[j].width == d->modes[i].width && d->modes[j].height == d->modes[i].height) first = 0;
            if (!first) continue;
            if (seen++ == s->index) {
                s->type = V4L2_FRMSIZE_TYPE_DISCRETE;
                s->discrete.width = d->modes[i].width;
                s->discrete.height = d->modes[i].height;
                return 0;
            }
        }
        return -EINVAL;
    }
    case VIDIOC_ENUM_FRAMEINTERVALS: {
        struct v4l2_frmivalenum *iv = arg;
        if (!d->fourcc || iv->pixel_format != d->fourcc) return -EINVAL;
        if (d->interval_stepwise) {
            if (iv->index != 0) return -EINVAL;
            iv->type = V4L2_FRMIVAL_TYPE_STEPWISE;
            iv->stepwise.min = d->interval_min, iv->stepwise.max = d->interval_max;
            iv->stepwise.step = (struct v4l2_fract){1, 1};
            return 0;
        }
        if (d->interval_count > 0) {
            if (iv->index >= (uint32_t)d->interval_count) return -EINVAL;
            iv->type = V4L2_FRMIVAL_TYPE_DISCRETE;
            iv->discrete = d->intervals[iv->index];
            return 0;
        }
        uint32_t seen = 0;
        for (int i = 0; i < d->mode_count; i++) {
            if (d->modes[i].width != iv->width || d->modes[i].height != iv->height) continue;
            if (seen++ == iv->index) {
                iv->type = V4L2_FRMIVAL_TYPE_DISCRETE;
                iv->discrete.numerator = 1;
                iv->discrete.denominator = d->modes[i].fps;
                return 0;
            }
        }
        return -EINVAL;
    }
    case VIDIOC_G_FMT: {
        struct v4l2_format *f = arg;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || !d->fourcc) return -EINVAL;
        fill_pix(d, &f->fmt.pix, h->width, h->height);
        return 0;
    }
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT: {
        struct v4l2_format *f = arg;
        if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || !d->fourcc) return -EINVAL;
        if (request == VIDIOC_S_FMT && (d->fail == FAIL_BUSY || h->buffer_count > 0)) return -EBUSY;
        const struct fake_mode *m = closest_mode(d, f->fmt.pix.width, f->fmt.pix.height);
        fill_pix(d, &f->fmt.pix, m->width, m->height);
        if (request == VIDIOC_S_FMT) {
            set_size(h, m->width, m->height);
            log_line("%d S_FMT %ux%u", d->index, m->width, m->height);
        }
        return 0;
    }
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM: {
        struct v4l2_streamparm *p = arg;
        if (p->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || !d->fourcc) return -EINVAL;
        if (request == VIDIOC_S_PARM) {
            struct v4l2_fract t = p->parm.capture.timeperframe;
            unsigned want = t.numerator ? (t.denominator + t.numerator / 2) / t.numerator : 30;
            if (h->streaming) return -EBUSY;
            h->fps = closest_fps(d, h->width, h->height, want);
        }
        memset(&p->parm, 0, sizeof p->parm);
        p->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        p->parm.capture.timeperframe.numerator = 1;
        p->parm.capture.timeperframe.denominator = h->fps;
        if (d->timeperframe_set) p->parm.capture.timeperframe = d->timeperframe;
        p->parm.capture.readbuffers = 0;
        return 0;
    }
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *r = arg;
        if (r->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || r->memory != V4L2_MEMORY_MMAP || !d->fourcc) return -EINVAL;
        if (h->streaming) return -EBUSY;
        if (r->count > 0 && d->fail == FAIL_BUSY) return -EBUSY;
        free_buffers(h);
        memset(r->reserved, 0, sizeof r->reserved);
        r->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
        if (r->count == 0) return 0;
        if (r->count > MAX_BUFFERS) r->count = MAX_BUFFERS;
        long page = sysconf(_SC_PAGESIZE);
        h->stride = ((size_t)h->sizeimage + (size_t)page - 1) / (size_t)page * (size_t)page;
        h->map_size = h->stride * r->count;
        h->memfd = memfd_create("saoma-fake-v4l2", MFD_CLOEXEC);
        if (h->memfd < 0 || ftruncate(h->memfd, (off_t)h->map_size) != 0) {
            free_buffers(h);
            return -ENOMEM;
        }
        void *map = real_mmap()(NULL, h->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, h->memfd, 0);
        if (map == MAP_FAILED) {
            free_buffers(h);
            return -ENOMEM;
        }
        h->map = map;
        h->buffer_count = (int)r->count;
        for (int i = 0; i < h->buffer_count; i++) h->buffers[i] = (struct fake_buffer){BUF_DEQUEUED, 0, 0, 0, {0, 0}};
        return 0;
    }
    case VIDIOC_QUERYBUF: {
        struct v4l2_buffer *b = arg;
        if (b->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || b->index >= (uint32_t)h->buffer_count) return -EINVAL;
        describe_buffer(h, (int)b->index, b);
        return 0;
    }
    case VIDIOC_QBUF: {
        struct v4l2_buffer *b = arg;
        if (b->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || b->memory != V4L2_MEMORY_MMAP || b->index >= (uint32_t)h->buffer_count)
            return -EINVAL;
        struct fake_buffer *fb = &h->buffers[b->index];
        if (fb->state != BUF_DEQUEUED) return -EINVAL;
        fb->state = BUF_QUEUED;
        h->queued[h->queued_count++] = (int)b->index;
        describe_buffer(h, (int)b->index, b);
        return 0;
    }
    case VIDIOC_STREAMON:
        if (d->fail == FAIL_BUSY) return -EBUSY;
        if (h->buffer_count == 0) return -EINVAL;
        if (!h->streaming) {
            h->streaming = 1;
            arm_timer(h, 1);
        }
        return 0;
    case VIDIOC_STREAMOFF: {
        uint64_t drain;
        h->streaming = 0;
        arm_timer(h, 0);
        while (real_read()(h->fd, &drain, sizeof drain) > 0) {
        }
        for (int i = 0; i < h->buffer_count; i++) h->buffers[i].state = BUF_DEQUEUED;
        h->queued_count = h->done_count = 0;
        return 0;
    }
    case VIDIOC_QUERYCTRL: {
        struct v4l2_queryctrl *q = arg;
        int index = -1;
        if (q->id & V4L2_CTRL_FLAG_NEXT_CTRL) {
            uint32_t after = q->id & ~(V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND);
            for (int i = 0; i < CTRL_COUNT; i++)
                if (d->offered[i] && controls[i].id > after && (index < 0 || controls[i].id < controls[index].id)) index = i;
        } else {
            index = control_index(q->id);
            if (index >= 0 && !d->offered[index]) index = -1;
        }
        if (index < 0 || !d->fourcc) return -EINVAL;
        const struct fake_control *c = &controls[index];
        memset(q, 0, sizeof *q);
        q->id = c->id;
        q->type = c->type;
        snprintf((char *)q->name, sizeof q->name, "%s", c->name);
        q->minimum = c->minimum;
        q->maximum = c->maximum;
        q->step = c->step;
        q->default_value = c->default_value;
        if (c->id == V4L2_CID_EXPOSURE_ABSOLUTE && d->control_values[CTRL_EXPOSURE_AUTO] != V4L2_EXPOSURE_MANUAL)
            q->flags = V4L2_CTRL_FLAG_INACTIVE;
        // A lens under autofocus cannot be moved by hand (uvcvideo marks it so).
        if (c->id == V4L2_CID_FOCUS_ABSOLUTE && d->offered[CTRL_FOCUS_AUTO] && d->control_values[CTRL_FOCUS_AUTO])
            q->flags = V4L2_CTRL_FLAG_INACTIVE;
        return 0;
    }
    case VIDIOC_QUERYMENU: {
        struct v4l2_querymenu *m = arg;
        if (m->id != V4L2_CID_EXPOSURE_AUTO || !d->fourcc) return -EINVAL;
        if (m->index == V4L2_EXPOSURE_MANUAL) snprintf((char *)m->name, sizeof m->name, "Manual Mode");
        else if (m->index == V4L2_EXPOSURE_APERTURE_PRIORITY) snprintf((char *)m->name, sizeof m->name, "Aperture Priority Mode");
        else return -EINVAL;
        m->reserved = 0;
        return 0;
    }
    case VIDIOC_G_CTRL:
    case VIDIOC_S_CTRL: {
        struct v4l2_control *c = arg;
        int index = control_index(c->id);
        if (index < 0 || !d->offered[index] || !d->fourcc) return -EINVAL;
        if (request == VIDIOC_S_CTRL) {
            const struct fake_control *spec = &controls[index];
            int32_t v = c->value;
            if (spec->type == V4L2_CTRL_TYPE_MENU && v != V4L2_EXPOSURE_MANUAL && v != V4L2_EXPOSURE_APERTURE_PRIORITY)
                return -EINVAL;
            if (v < spec->minimum) v = spec->minimum;
            if (v > spec->maximum) v = spec->maximum;
            if (spec->step > 1) v = spec->minimum + (v - spec->minimum) / spec->step * spec->step;
            d->control_values[index] = v;
            log_line("%d S_CTRL %s %d", d->index, control_names[index], v);
        }
        c->value = d->control_values[index];
        return 0;
    }
    default:
        return -ENOTTY;
    }
}

// DQBUF may block (when the application opened the device blocking), so it releases `lock`.
static int fake_dqbuf(struct fake_handle *h, struct v4l2_buffer *buf) {
    for (;;) {
        pthread_mutex_lock(&lock);
        struct fake_device *d = h->device;
        if (handle_gone(h)) {
            pthread_mutex_unlock(&lock);
            return -ENODEV;
        }
        if (!buf || buf->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) {
            pthread_mutex_unlock(&lock);
            return -EINVAL;
        }
        if (!h->streaming) {
            pthread_mutex_unlock(&lock);
            return -EINVAL;
        }
        if (d->unplug_after >= 0 && !d->unplugged_once && d->frames_served >= d->unplug_after) {
            d->unplugged_once = 1;
            unlink(d->path);
            h->dead = 1;
            pthread_mutex_unlock(&lock);
            return -ENODEV;
        }
        produce_frames(h);
        if (h->done_count > 0) {
            int index = h->done[0];
            memmove(h->done, h->done + 1, sizeof(int) * (size_t)--h->done_count);
            h->buffers[index].state = BUF_DEQUEUED;
            describe_buffer(h, index, buf);
            d->frames_served++;
            pthread_mutex_unlock(&lock);
            return 0;
        }
        int nonblocking = h->nonblocking, fd = h->fd;
        pthread_mutex_unlock(&lock);
        if (nonblocking) return -EAGAIN;
        struct pollfd p = {fd, POLLIN, 0};
        real_poll()(&p, 1, 100);
    }
}

static int fake_ioctl(struct fake_handle *h, unsigned long request, void *arg) {
    if (request == VIDIOC_DQBUF) return fake_dqbuf(h, arg);
    pthread_mutex_lock(&lock);
    int result = fake_ioctl_locked(h, request, arg);
    pthread_mutex_unlock(&lock);
    return result;
}

// ---------------------------------------------------------------------------------------------
// open / close / mmap.

static int fake_open(struct fake_device *d, int flags) {
    struct stat st;
    if (stat(d->path, &st) != 0) return -ENOENT;
    if (d->fail == FAIL_DENIED) return -EACCES;
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | ((flags & O_CLOEXEC) ? TFD_CLOEXEC : 0));
    if (fd < 0) return -errno;
    struct fake_handle *h = calloc(1, sizeof *h);
    if (!h) {
        real_close()(fd);
        return -ENOMEM;
    }
    h->fd = fd;
    h->device = d;
    h->st_dev = st.st_dev;
    h->st_ino = st.st_ino;
    h->nonblocking = (flags & O_NONBLOCK) != 0;
    h->memfd = -1;
    if (d->fourcc) set_size(h, d->modes[0].width, d->modes[0].height);
    pthread_mutex_lock(&lock);
    h->next = handles;
    __atomic_store_n(&handles, h, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
    return fd;
}

// Returns 1 when `fd` was a fake device (now closed).
static int fake_close(int fd) {
    if (fd < 0 || !__atomic_load_n(&handles, __ATOMIC_ACQUIRE)) return 0;
    pthread_mutex_lock(&lock);
    struct fake_handle **link = &handles;
    while (*link && (*link)->fd != fd) link = &(*link)->next;
    struct fake_handle *h = *link;
    if (h) *link = h->next;
    pthread_mutex_unlock(&lock);
    if (!h) return 0;
    // Mappings the application still holds stay valid: they keep the memfd's pages alive.
    free_buffers(h);
    free(h->frame);
    real_close()(h->fd);
    free(h);
    return 1;
}

static void *fake_mmap(struct fake_handle *h, void *addr, size_t length, int prot, int flags, off_t offset) {
    pthread_mutex_lock(&lock);
    int memfd = h->memfd;
    size_t size = h->map_size;
    int gone = handle_gone(h);
    pthread_mutex_unlock(&lock);
    if (gone) {
        errno = ENODEV;
        return MAP_FAILED;
    }
    if (memfd < 0 || offset < 0 || (size_t)offset + length > size) {
        errno = EINVAL;
        return MAP_FAILED;
    }
    return real_mmap()(addr, length, prot, flags, memfd, offset);
}

static int fail_with(int negative_errno) {
    if (negative_errno < 0) {
        errno = -negative_errno;
        return -1;
    }
    return negative_errno;
}

// ---------------------------------------------------------------------------------------------
// Interposed entry points.

long syscall(long number, ...) {
    va_list ap;
    va_start(ap, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(ap, long);
    va_end(ap);
    switch (number) {
    case SYS_openat: {
        struct fake_device *d = device_for_path((const char *)a[1]);
        if (d) return fail_with(fake_open(d, (int)a[2]));
        break;
    }
    case SYS_open: {
        struct fake_device *d = device_for_path((const char *)a[0]);
        if (d) return fail_with(fake_open(d, (int)a[1]));
        break;
    }
    case SYS_ioctl: {
        struct fake_handle *h = find_handle((int)a[0]);
        if (h) return fail_with(fake_ioctl(h, (unsigned long)a[1], (void *)a[2]));
        break;
    }
    case SYS_mmap: {
        struct fake_handle *h = find_handle((int)a[4]);
        if (h) return (long)fake_mmap(h, (void *)a[0], (size_t)a[1], (int)a[2], (int)a[3], (off_t)a[5]);
        break;
    }
    case SYS_close:
        if (fake_close((int)a[0])) return 0;
        break;
    case SYS_read:
        if (find_handle((int)a[0])) return fail_with(-EINVAL);
        break;
    default:
        break;
    }
    return real_syscall()(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static int open_common(open_fn real, const char *path, int flags, va_list ap) {
    mode_t mode = 0;
    if (flags & (O_CREAT | __O_TMPFILE)) mode = (mode_t)va_arg(ap, int);
    struct fake_device *d = (flags & O_CREAT) ? NULL : device_for_path(path);
    if (d) return fail_with(fake_open(d, flags));
    return real(path, flags, mode);
}

/* The variadic open(2) entry points: each passes its optional mode on to open_common with the
 * real function of its own name. */
#define OPEN_ENTRY(name)                                                   \
    int name(const char *path, int flags, ...) {                           \
        va_list ap;                                                        \
        va_start(ap, flags);                                               \
        int r = open_common(real_##name(), path, flags, ap);               \
        va_end(ap);                                                        \
        return r;                                                          \
    }

OPEN_ENTRY(open)
OPEN_ENTRY(open64)

static int openat_common(openat_fn real, int dirfd, const char *path, int flags, va_list ap) {
    mode_t mode = 0;
    if (flags & (O_CREAT | __O_TMPFILE)) mode = (mode_t)va_arg(ap, int);
    struct fake_device *d = (flags & O_CREAT) || !path || path[0] != '/' ? NULL : device_for_path(path);
    if (d) return fail_with(fake_open(d, flags));
    return real(dirfd, path, flags, mode);
}

/* The same for openat(2). */
#define OPENAT_ENTRY(name)                                                 \
    int name(int dirfd, const char *path, int flags, ...) {                \
        va_list ap;                                                        \
        va_start(ap, flags);                                               \
        int r = openat_common(real_##name(), dirfd, path, flags, ap);      \
        va_end(ap);                                                        \
        return r;                                                          \
    }

OPENAT_ENTRY(openat)
OPENAT_ENTRY(openat64)

int ioctl(int fd, unsigned long request, ...) {
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    struct fake_handle *h = find_handle(fd);
    if (h) return fail_with(fake_ioctl(h, request, arg));
    return real_ioctl()(fd, request, arg);
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    struct fake_handle *h = (flags & MAP_ANONYMOUS) ? NULL : find_handle(fd);
    if (h) return fake_mmap(h, addr, length, prot, flags, offset);
    return real_mmap()(addr, length, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    struct fake_handle *h = (flags & MAP_ANONYMOUS) ? NULL : find_handle(fd);
    if (h) return fake_mmap(h, addr, length, prot, flags, offset);
    return real_mmap64()(addr, length, prot, flags, fd, offset);
}

int munmap(void *addr, size_t length) { return real_munmap()(addr, length); }

int close(int fd) {
    if (fake_close(fd)) return 0;
    return real_close()(fd);
}

ssize_t read(int fd, void *buf, size_t count) {
    if (find_handle(fd)) {
        errno = EINVAL;  // no read() I/O: streaming only, like V4L2_CAP_STREAMING without READWRITE
        return -1;
    }
    return real_read()(fd, buf, count);
}

// Readiness of a fake descriptor without blocking: POLLIN when a filled buffer waits, POLLERR
// (with POLLHUP when unplugged) when the device is gone or not streaming, else 0.
static short fake_revents(struct fake_handle *h) {
    pthread_mutex_lock(&lock);
    short revents = 0;
    if (handle_gone(h)) {
        revents = POLLERR | POLLHUP;
    } else if (!h->streaming) {
        revents = POLLERR;
    } else {
        produce_frames(h);
        if (h->done_count > 0) revents = POLLIN | POLLRDNORM;
    }
    pthread_mutex_unlock(&lock);
    return revents;
}

int poll(struct pollfd *fds, nfds_t nfds, int timeout) {
    if (!__atomic_load_n(&handles, __ATOMIC_ACQUIRE) || !fds) return real_poll()(fds, nfds, timeout);
    int immediate = 0;
    for (nfds_t i = 0; i < nfds; i++) {
        struct fake_handle *h = find_handle(fds[i].fd);
        if (h && fake_revents(h)) immediate = 1;
    }
    int r = real_poll()(fds, nfds, immediate ? 0 : timeout);
    if (r < 0) return r;
    // Report fake descriptors by their emulated state, not by the timer's.
    int count = 0;
    for (nfds_t i = 0; i < nfds; i++) {
        struct fake_handle *h = find_handle(fds[i].fd);
        if (h) {
            short revents = fake_revents(h);
            fds[i].revents = (short)(revents & (fds[i].events | POLLERR | POLLHUP));
        }
        if (fds[i].revents) count++;
    }
    return count;
}

int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds, struct timeval *timeout) {
    if (!__atomic_load_n(&handles, __ATOMIC_ACQUIRE)) return real_select()(nfds, readfds, writefds, exceptfds, timeout);
    fd_set ready;
    FD_ZERO(&ready);
    int immediate = 0;
    for (int fd = 0; fd < nfds && fd < FD_SETSIZE; fd++) {
        if (!readfds || !FD_ISSET(fd, readfds)) continue;
        struct fake_handle *h = find_handle(fd);
        if (h && fake_revents(h)) {
            FD_SET(fd, &ready);
            immediate = 1;
        }
    }
    if (!immediate) return real_select()(nfds, readfds, writefds, exceptfds, timeout);
    int count = 0;
    for (int fd = 0; fd < nfds && fd < FD_SETSIZE; fd++) {
        if (readfds && FD_ISSET(fd, readfds) && !FD_ISSET(fd, &ready)) FD_CLR(fd, readfds);
        if (readfds && FD_ISSET(fd, readfds)) count++;
    }
    if (writefds) FD_ZERO(writefds);
    if (exceptfds) FD_ZERO(exceptfds);
    return count;
}
