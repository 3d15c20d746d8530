/*
 * The floor under a recording in Ogg Opus: the least a recorder can do with the same two libraries, measured beside
 * `voicerec record --format opus` in the recording benchmark. It records from a PulseAudio source at 24 kHz mono
 * (float, 20 ms fragments) with libpulse's plain `pa_mainloop`, paced as voicerec's capture is (20 ms from one
 * wake-up to the next wait), encodes with libopus at voicerec's settings (VOIP, 24 kb/s unconstrained VBR,
 * complexity 5, voice, 20 ms frames, a page's 12 frames back to back) and writes Ogg pages (RFC 7845) each made
 * durable with fdatasync. Nothing else: no level meter, no waveform, no session, no recovery of a killed take, no
 * checks of what the server says. Ctrl-C (SIGINT) ends the stream with its end-of-stream page and exits.
 *
 *   cc -O2 -o /tmp/voicerecorder-opus-recorder-floor benchmarks/opus_recorder_floor.c \
 *       $(pkg-config --cflags --libs libpulse opus)
 *   /tmp/voicerecorder-opus-recorder-floor SOURCE OUTPUT.ogg
 */
#include <errno.h>
#include <fcntl.h>
#include <opus.h>
#include <poll.h>
#include <pulse/pulseaudio.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RATE 24000
#define FRAME (RATE / 50)         /* 20 ms */
#define PAGE_FRAMES 12            /* 0.24 s a page */
#define PACE_USEC 20000           /* voicerec's capture pacing */
#define MAX_PACKET 4000

static volatile sig_atomic_t stopping;
static int out;
static OpusEncoder *encoder;
static uint32_t serial = 0x5eed, sequence;
static int64_t granule;           /* 48 kHz samples decoded from the pages so far (the pre-skip among them) */
static float pending[FRAME * (PAGE_FRAMES + 1)];  /* a page, and the encoder's delay at the end */
static int pending_count;
static uint64_t last_wake_usec;
static int audio_started;

static uint32_t crc_table[256];

static void make_crc_table(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t r = i << 24;
        for (int j = 0; j < 8; j++) r = (r & 0x80000000u) ? (r << 1) ^ 0x04c11db7u : r << 1;
        crc_table[i] = r;
    }
}

static void put32(unsigned char *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i)); }

/* One Ogg page of `count` packets, written and made durable. */
static void write_page(unsigned char flags, int64_t position, unsigned char **packets, int *lengths, int count) {
    /* The header, a lacing byte per 255 bytes of packet and one more, and the packets (the last page's one more). */
    static unsigned char page[27 + 255 + (PAGE_FRAMES + 1) * MAX_PACKET];
    int segments = 0, body = 0;
    unsigned char *table = page + 27;
    for (int i = 0; i < count; i++) {
        /* Lacing: 255s, then the rest (0 when the length is a multiple of 255). */
        int left = lengths[i];
        for (;;) {
            int lace = left >= 255 ? 255 : left;
            table[segments++] = (unsigned char)lace;
            left -= lace;
            if (lace < 255) break;
        }
    }
    unsigned char *data = table + segments;
    for (int i = 0; i < count; i++) { memcpy(data + body, packets[i], lengths[i]); body += lengths[i]; }
    memcpy(page, "OggS", 4);
    page[4] = 0;
    page[5] = flags;
    for (int i = 0; i < 8; i++) page[6 + i] = (unsigned char)((uint64_t)position >> (8 * i));
    put32(page + 14, serial);
    put32(page + 18, sequence++);
    put32(page + 22, 0);
    page[26] = (unsigned char)segments;
    int size = 27 + segments + body;
    uint32_t crc = 0;
    for (int i = 0; i < size; i++) crc = (crc << 8) ^ crc_table[((crc >> 24) & 0xff) ^ page[i]];
    put32(page + 22, crc);
    if (write(out, page, size) != size) { perror("write"); exit(1); }
    fdatasync(out);
}

/* Encodes the `frames` whole frames gathered and writes them as one page; the last page ends at `end`. */
static void encode_page(int frames, int last, int64_t end) {
    static unsigned char packets[PAGE_FRAMES + 1][MAX_PACKET];
    unsigned char *list[PAGE_FRAMES + 1];
    int lengths[PAGE_FRAMES + 1];
    for (int i = 0; i < frames; i++) {
        lengths[i] = opus_encode_float(encoder, pending + i * FRAME, FRAME, packets[i], MAX_PACKET);
        if (lengths[i] < 0) { fprintf(stderr, "opus_encode_float: %s\n", opus_strerror(lengths[i])); exit(1); }
        list[i] = packets[i];
        granule += 2 * FRAME;
    }
    write_page(last ? 4 : 0, last ? end : granule, list, lengths, frames);
    pending_count = 0;
}

static void on_read(pa_stream *stream, size_t bytes, void *userdata) {
    (void)bytes; (void)userdata;
    const void *data;
    size_t length;
    while (pa_stream_readable_size(stream) > 0 && pa_stream_peek(stream, &data, &length) == 0 && length > 0) {
        audio_started = 1;
        const float *samples = data;
        size_t count = length / sizeof(float);
        for (size_t i = 0; i < count; i++) {
            pending[pending_count++] = samples ? samples[i] : 0;
            if (pending_count == FRAME * PAGE_FRAMES) encode_page(PAGE_FRAMES, 0, 0);
        }
        pa_stream_drop(stream);
    }
}

static uint64_t now_usec(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000 + (uint64_t)t.tv_nsec / 1000;
}

/* voicerec's pacing: once audio flows, everything already waiting is handled (libpulse reads one message part per
 * dispatch), and then at least 20 ms pass from the last wake-up before the next wait for the server. */
static int paced_poll(struct pollfd *fds, unsigned long count, int timeout, void *userdata) {
    (void)userdata;
    if (!audio_started || stopping) return poll(fds, count, timeout);
    int ready = poll(fds, count, 0);
    if (ready != 0 || timeout == 0) return ready;
    uint64_t since = now_usec() - last_wake_usec;
    if (since < PACE_USEC) {
        uint64_t pause = PACE_USEC - since;
        if (timeout > 0 && (uint64_t)timeout * 1000 < pause) pause = (uint64_t)timeout * 1000;
        struct timespec t = {0, (long)pause * 1000};
        nanosleep(&t, NULL);
        if (timeout > 0) timeout = timeout > (int)(pause / 1000) ? timeout - (int)(pause / 1000) : 0;
    }
    ready = poll(fds, count, timeout);
    last_wake_usec = now_usec();
    return ready;
}

static void on_signal(int number) { (void)number; stopping = 1; }

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s SOURCE OUTPUT.ogg\n", argv[0]); return 2; }
    make_crc_table();
    out = open(argv[2], O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (out < 0) { perror(argv[2]); return 1; }
    int error;
    encoder = opus_encoder_create(RATE, 1, OPUS_APPLICATION_VOIP, &error);
    if (!encoder) { fprintf(stderr, "opus_encoder_create: %s\n", opus_strerror(error)); return 1; }
    opus_encoder_ctl(encoder, OPUS_SET_BITRATE(24000));
    opus_encoder_ctl(encoder, OPUS_SET_VBR(1));
    opus_encoder_ctl(encoder, OPUS_SET_VBR_CONSTRAINT(0));
    opus_encoder_ctl(encoder, OPUS_SET_COMPLEXITY(5));
    opus_encoder_ctl(encoder, OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE));
    opus_int32 lookahead;
    opus_encoder_ctl(encoder, OPUS_GET_LOOKAHEAD(&lookahead));
    int pre_skip = lookahead * 48000 / RATE;

    unsigned char head[19] = {'O', 'p', 'u', 's', 'H', 'e', 'a', 'd', 1, 1};
    head[10] = (unsigned char)pre_skip;
    head[11] = (unsigned char)(pre_skip >> 8);
    put32(head + 12, RATE);
    unsigned char tags[8 + 4 + 5 + 4] = {'O', 'p', 'u', 's', 'T', 'a', 'g', 's'};
    put32(tags + 8, 5);
    memcpy(tags + 12, "floor", 5);
    put32(tags + 17, 0);
    unsigned char *packet[1] = {head};
    int length[1] = {sizeof head};
    write_page(2, 0, packet, length, 1);
    packet[0] = tags;
    length[0] = sizeof tags;
    write_page(0, 0, packet, length, 1);

    struct sigaction action = {0};
    action.sa_handler = on_signal;  /* no SA_RESTART: the poll returns at once */
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);

    pa_mainloop *loop = pa_mainloop_new();
    pa_mainloop_set_poll_func(loop, paced_poll, NULL);
    pa_context *context = pa_context_new(pa_mainloop_get_api(loop), "opus-recorder-floor");
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOFLAGS, NULL) < 0) {
        fprintf(stderr, "no sound server\n");
        return 1;
    }
    while (pa_context_get_state(context) != PA_CONTEXT_READY) {
        if (!PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) || pa_mainloop_iterate(loop, 1, NULL) < 0) {
            fprintf(stderr, "the sound server refused the connection\n");
            return 1;
        }
    }
    pa_sample_spec spec = {PA_SAMPLE_FLOAT32LE, RATE, 1};
    pa_stream *stream = pa_stream_new(context, "floor", &spec, NULL);
    uint32_t fragment = RATE / 50 * sizeof(float);
    pa_buffer_attr attributes = {(uint32_t)-1, fragment, (uint32_t)-1, (uint32_t)-1, fragment};
    pa_stream_set_read_callback(stream, on_read, NULL);
    if (pa_stream_connect_record(stream, argv[1], &attributes, PA_STREAM_ADJUST_LATENCY | PA_STREAM_DONT_MOVE) < 0) {
        fprintf(stderr, "pa_stream_connect_record: %s\n", pa_strerror(pa_context_errno(context)));
        return 1;
    }
    while (!stopping && pa_mainloop_iterate(loop, 1, NULL) >= 0) {}

    /* The end: what is left and the encoder's delay, padded with silence to whole frames, on the end-of-stream page
     * at the exact end (decoders trim the padding). */
    int64_t end = granule + 2 * (int64_t)pending_count + pre_skip;
    int frames = (pending_count + lookahead + FRAME - 1) / FRAME;
    memset(pending + pending_count, 0, sizeof pending - sizeof(float) * pending_count);
    encode_page(frames, 1, end);
    close(out);
    pa_stream_disconnect(stream);
    pa_context_disconnect(context);
    return 0;
}
