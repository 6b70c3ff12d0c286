#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>

/// What the new thread needs before it runs its body.
struct start {
    void *(*body)(void *);
    void *argument;
    bool releases;      // whether the thread is confined to `elsewhere` and must widen to `allowed`
    cpu_set_t allowed;  // the CPUs the process may use
};

static void *run(void *context) {
    struct start start = *(struct start *)context;
    free(context);
    if (start.releases) (void)sched_setaffinity(0, sizeof start.allowed, &start.allowed);
    return start.body(start.argument);
}

int moonshot_thread_create_elsewhere(pthread_t *thread, void *(*body)(void *), void *argument) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return ENOMEM;
    start->body = body;
    start->argument = argument;
    start->releases = false;

    pthread_attr_t attributes;
    int result = pthread_attr_init(&attributes);
    if (result != 0) {
        free(start);
        return result;
    }
    int current = sched_getcpu();
    if (current >= 0 && sched_getaffinity(0, sizeof start->allowed, &start->allowed) == 0) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(current, &elsewhere);
        start->releases = CPU_COUNT(&elsewhere) > 0
            && pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0;
    }
    result = pthread_create(thread, &attributes, run, start);
    pthread_attr_destroy(&attributes);
    if (result != 0) free(start);
    return result;
}

int moonshot_usable_cpu_count(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 1;
    int count = CPU_COUNT(&allowed);
    return count > 0 ? count : 1;
}
