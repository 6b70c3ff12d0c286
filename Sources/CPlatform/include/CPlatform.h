#ifndef MOONSHOT_PLATFORM_H
#define MOONSHOT_PLATFORM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/// Starts a thread like pthread_create, but on another CPU than the caller's when the process
/// may run on more than one. Once running, the thread may move to any CPU the process may use.
///
/// Linux tends to queue a new thread on its creator's CPU; while the creator stays busy, the
/// new thread can wait milliseconds for the scheduler to move it, which is longer than a
/// small import takes. Returns pthread_create's result.
int moonshot_thread_create_elsewhere(pthread_t *thread, void *(*body)(void *), void *argument);

/// How many CPUs the calling thread may run on (at least 1).
int moonshot_usable_cpu_count(void);

/// Tells the CPU that the caller is spinning on a value another thread will change.
static inline void moonshot_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Whether this CPU has the SHA-256 instructions (x86 SHA extensions, with SSSE3 and SSE4.1)
/// that `moonshot_sha256_compress` uses.
int moonshot_sha256_hardware_available(void);

/// SHA-256's 64 round constants.
extern const uint32_t moonshot_sha256_round_constants[64];

/// The SHA-256 compression function over `count` consecutive 64-byte blocks at `blocks`,
/// updating `state` (the eight working words H0...H7), with the CPU's SHA-256 instructions.
/// Call only when `moonshot_sha256_hardware_available()`.
void moonshot_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
