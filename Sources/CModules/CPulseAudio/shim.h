#ifndef VOICERECORDER_CPULSEAUDIO_SHIM_H
#define VOICERECORDER_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>

/// PA_INVALID_INDEX is a cast expression (`((uint32_t) -1)`), which Swift does not import.
static inline uint32_t vr_pa_invalid_index(void) { return PA_INVALID_INDEX; }

/// PA_STREAM_EVENT_REQUEST_CORK is a string macro; returned as a C string so the comparison stays byte-exact.
static inline const char *vr_pa_stream_event_request_cork(void) { return PA_STREAM_EVENT_REQUEST_CORK; }

/// PA_PROP_MEDIA_ROLE is a string macro; a function keeps the property key in one place.
static inline const char *vr_pa_prop_media_role(void) { return PA_PROP_MEDIA_ROLE; }

/// PA_PROP_APPLICATION_NAME is a string macro, as above.
static inline const char *vr_pa_prop_application_name(void) { return PA_PROP_APPLICATION_NAME; }

/// PA_PROP_APPLICATION_ID is a string macro, as above.
static inline const char *vr_pa_prop_application_id(void) { return PA_PROP_APPLICATION_ID; }

/// PA_PROP_MEDIA_NAME is a string macro, as above.
static inline const char *vr_pa_prop_media_name(void) { return PA_PROP_MEDIA_NAME; }

/// The subscription event masks are macros combining enum values; these split an event code into facility and type.
static inline pa_subscription_event_type_t vr_pa_event_facility(pa_subscription_event_type_t t) {
    return (pa_subscription_event_type_t)(t & PA_SUBSCRIPTION_EVENT_FACILITY_MASK);
}
static inline pa_subscription_event_type_t vr_pa_event_kind(pa_subscription_event_type_t t) {
    return (pa_subscription_event_type_t)(t & PA_SUBSCRIPTION_EVENT_TYPE_MASK);
}
/// The bit of a `timeval`'s microseconds with which libpulse marks a time on the monotonic clock
/// (`pa_context_rttime_new`): PA_TIMEVAL_RTCLOCK of its sources, which no installed header declares. A main loop
/// of one's own must tell such times from wall-clock ones.
static inline suseconds_t vr_pa_timeval_rtclock(void) { return (suseconds_t)1 << 30; }
#endif
