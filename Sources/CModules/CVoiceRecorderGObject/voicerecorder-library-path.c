/* Where the library itself is: its translations are installed in the same prefix (share/locale). dladdr() is a
 * GNU extension, which Swift's Glibc module leaves out. */

#define _GNU_SOURCE
#include <dlfcn.h>

#include "voicerecorder-bridge.h"

const char *
vr_bridge_library_path (void)
{
  Dl_info info;
  if (dladdr ((const void *) vr_bridge_library_path, &info) == 0)
    return NULL;
  return info.dli_fname;
}
