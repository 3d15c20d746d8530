#ifndef VOICERECORDER_CADWAITA_SHIM_H
#define VOICERECORDER_CADWAITA_SHIM_H
// libadwaita 1.2 (Debian 12): GNOME's application widgets on top of GTK 4, whose headers it includes.
#include <adwaita.h>

#endif
