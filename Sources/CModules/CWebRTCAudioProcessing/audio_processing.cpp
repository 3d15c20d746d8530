#include "vr_audio_processing.h"

#include <webrtc/modules/audio_processing/include/audio_processing.h>

using webrtc::AudioProcessing;

struct vr_audio_processing {
    AudioProcessing *module;
    int sample_rate;
};

vr_audio_processing *vr_audio_processing_create(
    int sample_rate, int suppression, int target_level_dbfs, int compression_gain_db) {
    // The "experimental" gain control, on by default in 0.3, stands in for the digital one and expects an analog
    // microphone gain to drive: off, so the digital gain control below is the one that runs.
    webrtc::Config config;
    config.Set<webrtc::ExperimentalAgc>(new webrtc::ExperimentalAgc(false));
    AudioProcessing *module = AudioProcessing::Create(config);
    if (module == nullptr) return nullptr;
    bool refused =
        module->high_pass_filter()->Enable(true) != 0 ||
        module->noise_suppression()->set_level(static_cast<webrtc::NoiseSuppression::Level>(suppression)) != 0 ||
        module->noise_suppression()->Enable(true) != 0 ||
        // Settings of the gain control take effect only once it is enabled.
        module->gain_control()->Enable(true) != 0 ||
        module->gain_control()->set_mode(webrtc::GainControl::kAdaptiveDigital) != 0 ||
        module->gain_control()->set_target_level_dbfs(target_level_dbfs) != 0 ||
        module->gain_control()->set_compression_gain_db(compression_gain_db) != 0 ||
        module->gain_control()->enable_limiter(true) != 0;
    if (refused) {
        delete module;
        return nullptr;
    }
    return new vr_audio_processing{module, sample_rate};
}

int vr_audio_processing_run(vr_audio_processing *chain, float *samples) {
    webrtc::StreamConfig config(chain->sample_rate, 1);
    float *channels[1] = {samples};
    return chain->module->ProcessStream(channels, config, config, channels);
}

void vr_audio_processing_destroy(vr_audio_processing *chain) {
    if (chain == nullptr) return;
    delete chain->module;
    delete chain;
}
