#ifndef VOICERECORDER_CPANGOCAIRO_SHIM_H
#define VOICERECORDER_CPANGOCAIRO_SHIM_H
// The renderer draws with cairo and lays out text with pango (through pangocairo): no GTK, so it renders headless
// (snapshots, the gallery, the benchmark) without a toolkit. pangocairo brings pango, cairo and gobject with it.
#include <cairo.h>
#include <pango/pangocairo.h>

#endif
