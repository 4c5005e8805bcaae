#include <sqlite3.h>

/// Turns off SQLite's memory statistics, before SQLite is first used in the process: with them,
/// every allocation of every connection takes one process-wide mutex, which two threads each
/// writing a database (an import and its search index build) contend for. Returns SQLITE_OK, or
/// SQLITE_MISUSE when SQLite was already in use (the setting is then left as it was).
static inline int footprint_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
