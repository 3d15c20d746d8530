#ifndef VOICERECORDER_CGTK_SHIM_H
#define VOICERECORDER_CGTK_SHIM_H
// GTK 4 brings cairo, pango, pangocairo, gdk-pixbuf, gio, gobject and glib with it.
#include <gtk/gtk.h>
#include <cairo.h>
#include <pango/pango.h>
#include <pango/pangocairo.h>

// G_OBJECT(x) is a cast macro built on G_TYPE_CHECK_INSTANCE_CAST, which Swift cannot import.
static inline GObject *vr_g_object(gpointer instance) { return (GObject *)instance; }

// GTK_WIDGET(x) is a cast macro built on G_TYPE_CHECK_INSTANCE_CAST, which Swift cannot import.
static inline GtkWidget *vr_gtk_widget(gpointer instance) { return (GtkWidget *)instance; }

// TRUE and FALSE are macros over gboolean (an int) that do not import.
static inline gboolean vr_g_true(void) { return TRUE; }
static inline gboolean vr_g_false(void) { return FALSE; }

// g_signal_connect is a function-like macro over g_signal_connect_data, which Swift cannot import.
static inline gulong vr_g_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data,
                                         GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// G_TYPE_BOOLEAN is a macro over G_TYPE_MAKE_FUNDAMENTAL (a shift), which Swift cannot import.
static inline GType vr_g_type_boolean(void) { return G_TYPE_BOOLEAN; }

// G_TYPE_INT is a macro over G_TYPE_MAKE_FUNDAMENTAL (a shift), which Swift cannot import.
static inline GType vr_g_type_int(void) { return G_TYPE_INT; }

// G_TYPE_STRING is a macro over G_TYPE_MAKE_FUNDAMENTAL (a shift), which Swift cannot import.
static inline GType vr_g_type_string(void) { return G_TYPE_STRING; }

// G_TYPE_DOUBLE is a macro over G_TYPE_MAKE_FUNDAMENTAL (a shift), which Swift cannot import.
static inline GType vr_g_type_double(void) { return G_TYPE_DOUBLE; }

// G_VARIANT_TYPE(x) is a cast macro over a type string, which Swift cannot import.
static inline const GVariantType *vr_gtk_variant_type(const char *type_string) {
    return (const GVariantType *)type_string;
}

#endif
