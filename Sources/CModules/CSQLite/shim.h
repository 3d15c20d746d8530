#ifndef VOICERECORDER_CSQLITE_SHIM_H
#define VOICERECORDER_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is ((sqlite3_destructor_type)-1), a cast of an integer to a function pointer, which Swift
// cannot import: it tells SQLite to copy a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type vr_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
