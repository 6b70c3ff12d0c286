// The few Linux system calls moonshot needs that Swift's Glibc module does not declare.
#ifndef MOONSHOT_CSYSTEM_H
#define MOONSHOT_CSYSTEM_H

/// Swaps the two paths `a` and `b` (both must exist) in one step: renameat2 with
/// RENAME_EXCHANGE. Returns 0, or -1 with errno set (EINVAL where the file system cannot).
int moonshot_exchange_paths(const char *a, const char *b);

/// Renames `from` to `to` unless `to` exists (then -1 with errno EEXIST): renameat2 with
/// RENAME_NOREPLACE.
int moonshot_rename_unless_exists(const char *from, const char *to);

/// The calling thread's id, for a timer that signals that thread (SIGEV_THREAD_ID).
int moonshot_thread_id(void);

#endif
