// The GNU extensions of posix_spawn and pipe that the test support's child processes need. Swift's Glibc module is
// built without _GNU_SOURCE, so it does not declare them; these wrappers are compiled with it.
#ifndef C_VOICE_RECORDER_TEST_SUPPORT_H
#define C_VOICE_RECORDER_TEST_SUPPORT_H

#include <spawn.h>

/// Adds an action closing every descriptor from `lowest` up in the child (`posix_spawn_file_actions_addclosefrom_np`),
/// so a child inherits only its standard input, output and error. Returns 0 or an errno value.
int vr_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);

/// Adds an action changing the child's working directory to `path` before it runs
/// (`posix_spawn_file_actions_addchdir_np`). Returns 0 or an errno value.
int vr_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// Makes a pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`), so a child spawned at
/// the same moment by another thread cannot inherit them. Returns 0, or -1 with errno set.
int vr_pipe_cloexec(int descriptors[2]);

#endif
