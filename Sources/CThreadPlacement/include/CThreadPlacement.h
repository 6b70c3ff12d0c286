#ifndef MOONSHOT_THREAD_PLACEMENT_H
#define MOONSHOT_THREAD_PLACEMENT_H

#include <pthread.h>

/// Starts a thread like pthread_create, but on another CPU than the caller's when the process
/// may run on more than one. Once running, the thread may move to any CPU the process may use.
///
/// Linux tends to queue a new thread on its creator's CPU; while the creator stays busy, the
/// new thread can wait milliseconds for the scheduler to move it, which is longer than a
/// small import takes. Returns pthread_create's result.
int moonshot_thread_create_elsewhere(pthread_t *thread, void *(*body)(void *), void *argument);

/// How many CPUs this process may run on (at least 1).
int moonshot_usable_cpu_count(void);

#endif
