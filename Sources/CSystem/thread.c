#define _GNU_SOURCE
#include "CSystem.h"
#include <unistd.h>

int moonshot_thread_id(void) {
    return (int)gettid();
}
