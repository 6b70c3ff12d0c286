#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call; this calls it for the options that
// take an int to set and an int* for the value now in force.
static inline int moonshot_db_config_flag(sqlite3 *db, int option, int value) {
    int now = -1;
    int code = sqlite3_db_config(db, option, value, &now);
    return code == SQLITE_OK ? now : -1;
}

// sqlite3_config is variadic too; this turns SQLite's count of the memory it holds on or off.
// It is refused (SQLITE_MISUSE) once SQLite has started.
static inline int moonshot_config_memory_count(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
