#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__linux__) && defined(__GLIBC__)

/// What the new thread needs before it runs its body.
struct launch {
    void *(*body)(void *);
    void *argument;
    bool mustWiden;          // whether the thread starts confined, and must widen to `creatorsCPUs`
    cpu_set_t creatorsCPUs;  // the CPUs the creating thread may use
};

static void *run(void *context) {
    struct launch launch = *(struct launch *)context;
    free(context);
    if (launch.mustWiden) (void)sched_setaffinity(0, sizeof launch.creatorsCPUs, &launch.creatorsCPUs);
    return launch.body(launch.argument);
}

int moonshot_thread_create_elsewhere(pthread_t *thread, void *(*body)(void *), void *argument) {
    struct launch *launch = malloc(sizeof *launch);
    if (launch == NULL) return ENOMEM;
    launch->body = body;
    launch->argument = argument;
    launch->mustWiden = false;

    pthread_attr_t attributes;
    int result = pthread_attr_init(&attributes);
    if (result != 0) {
        free(launch);
        return result;
    }
    int current = sched_getcpu();
    if (current >= 0 && sched_getaffinity(0, sizeof launch->creatorsCPUs, &launch->creatorsCPUs) == 0) {
        cpu_set_t elsewhere = launch->creatorsCPUs;
        CPU_CLR(current, &elsewhere);
        launch->mustWiden = CPU_COUNT(&elsewhere) > 0
            && pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0;
    }
    result = pthread_create(thread, &attributes, run, launch);
    pthread_attr_destroy(&attributes);
    if (result != 0 && launch->mustWiden) {
        // Placing the thread may be forbidden (a sandbox, a cpuset): start it anywhere.
        launch->mustWiden = false;
        result = pthread_create(thread, NULL, run, launch);
    }
    if (result != 0) free(launch);
    return result;
}

int moonshot_usable_cpu_count(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 1;
    int count = CPU_COUNT(&allowed);
    return count > 0 ? count : 1;
}

#else

int moonshot_thread_create_elsewhere(pthread_t *thread, void *(*body)(void *), void *argument) {
    return pthread_create(thread, NULL, body, argument);
}

int moonshot_usable_cpu_count(void) {
    long count = sysconf(_SC_NPROCESSORS_ONLN);
    return count > 0 ? (int)count : 1;
}

#endif
