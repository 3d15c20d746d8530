#ifndef VOICERECORDER_CADWAITA_SHIM_H
#define VOICERECORDER_CADWAITA_SHIM_H
// libadwaita 1.2 (Debian 12): GNOME's application widgets on top of GTK 4, whose headers it includes.
// So both this module and CGtk hold GTK's declarations, and one Clang first read for this module (an enum constant
// such as GTK_TEXT_DIR_RTL) may be invisible to a file that imports CGtk alone: a clean build failed that way.
// Every file that imports CGtk in a target that links libadwaita imports CAdwaita too.
#include <adwaita.h>

#endif
