#ifndef VOICERECORDER_CGIO_SHIM_H
#define VOICERECORDER_CGIO_SHIM_H
// GIO without GTK: D-Bus (GDBus) and GLib's main loop, for programs that show no window (the search provider).
#include <gio/gio.h>

// G_VARIANT_TYPE(x) is a cast macro over a type string, which Swift cannot import.
static inline const GVariantType *vr_variant_type(const char *type_string) {
    return (const GVariantType *)type_string;
}

// TRUE is a macro over gboolean (an int) that does not import.
static inline gboolean vr_gio_true(void) { return TRUE; }

#endif
