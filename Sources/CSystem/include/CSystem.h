// The few Linux system calls moonshot needs that Swift's Glibc module does not declare.
#ifndef MOONSHOT_CSYSTEM_H
#define MOONSHOT_CSYSTEM_H

/// Swaps the two paths `a` and `b` (both must exist) in one step: renameat2 with
/// RENAME_EXCHANGE. Returns 0, or -1 with errno set (EINVAL where the file system cannot).
int moonshot_exchange_paths(const char *a, const char *b);

/// Renames `from` to `to` unless `to` exists (then -1 with errno EEXIST): renameat2 with
/// RENAME_NOREPLACE.
int moonshot_rename_unless_exists(const char *from, const char *to);

/// Leaves the process, and every program it starts from now on, unable to change any file: a
/// seccomp filter makes opening a file to write, create or truncate it fail with EACCES, and so
/// every call that creates, renames, removes, truncates or changes the owner, mode, times or
/// extended attributes of a file. Files already open stay as they were (standard output, say).
/// Returns 0, or -1 with errno set: ENOSYS on a system other than Linux on x86-64 or ARM64,
/// or whatever the kernel answered (EINVAL without seccomp filters, EACCES in a sandbox that
/// forbids them).
int moonshot_forbid_file_writes(void);

#endif
