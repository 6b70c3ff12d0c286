#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__) && defined(RENAME_EXCHANGE)
int moonshot_exchange_paths(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

int moonshot_rename_unless_exists(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}
#else
int moonshot_exchange_paths(const char *a, const char *b) {
    (void)a; (void)b;
    errno = ENOSYS;
    return -1;
}

int moonshot_rename_unless_exists(const char *from, const char *to) {
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
}
#endif
