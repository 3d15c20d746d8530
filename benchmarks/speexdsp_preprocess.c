// The peer in the Enhance benchmark (benchmarks/enhance-benchmark.py): speexdsp's preprocessor, the other Debian
// library SPEC I.3 names, denoising 16-bit mono PCM from stdin to stdout in 20 ms frames.
// Usage: speexdsp_preprocess RATE SUPPRESS_DB   (SUPPRESS_DB: the most noise is lowered by, e.g. -30; speexdsp's
// default is -15). Its gain control is left off: on the benchmark's clips it lowered speech by 8-10 dB.
#include <speex/speex_preprocess.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: speexdsp_preprocess RATE SUPPRESS_DB\n");
        return 2;
    }
    int rate = atoi(argv[1]);
    int frame = rate / 50;
    int suppress = atoi(argv[2]);
    int on = 1;
    SpeexPreprocessState *state = speex_preprocess_state_init(frame, rate);
    speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on);
    speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &suppress);
    short *samples = calloc(frame, sizeof(short));
    size_t got;
    while ((got = fread(samples, sizeof(short), frame, stdin)) > 0) {
        for (size_t i = got; i < (size_t)frame; i++) samples[i] = 0;  // the last frame filled out with silence
        speex_preprocess_run(state, samples);
        fwrite(samples, sizeof(short), got, stdout);
    }
    free(samples);
    speex_preprocess_state_destroy(state);
    return 0;
}
