#include <sqlite3.h>

/// Turns off SQLite's memory statistics (sqlite3_config is variadic, so Swift cannot call it).
/// Must run before the library initialises; it spares every allocation a global mutex.
static inline int moonshot_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
