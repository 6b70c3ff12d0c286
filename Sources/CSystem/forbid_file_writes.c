// A seccomp filter that leaves a process (and every program it runs) unable to change any file.
#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#else
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif

// Numbered alike on every architecture from 424 on; older C headers may lack them.
#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup 425
#endif
#ifndef __NR_io_uring_enter
#define __NR_io_uring_enter 426
#endif
#ifndef __NR_io_uring_register
#define __NR_io_uring_register 427
#endif
#ifndef __NR_openat2
#define __NR_openat2 437
#endif
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#endif
#ifndef __NR_removexattrat
#define __NR_removexattrat 466
#endif
#ifndef __NR_file_setattr
#define __NR_file_setattr 469
#endif

// System calls numbered from here on are newer than Linux 6.18, whose calls this list was
// checked against: they fail with ENOSYS, as on an older kernel (C libraries then use the older
// calls, which the filter sees), so that no new call can be a way around it.
#define FIRST_UNREVIEWED_SYSCALL 470

#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define FAIL(error) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (error))
#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
// The low 32 bits of argument `n` (both architectures are little-endian).
#define LOAD_ARGUMENT(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]))
// Fails system call `nr` with `error`.
#define REFUSE(nr, error) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), FAIL(error)
// Fails system call `nr` with EACCES when its argument `n` (open flags) asks to write, create or
// truncate, and allows it otherwise. For any other call the accumulator still holds the number.
#define REFUSE_WRITING_OPEN(nr, n) \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 4), \
    LOAD_ARGUMENT(n), \
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, O_WRONLY | O_RDWR | O_CREAT | O_TRUNC, 0, 1), \
    FAIL(EACCES), \
    ALLOW

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "LOAD_ARGUMENT reads the low half of a little-endian argument");

int moonshot_forbid_file_writes(void) {
    struct sock_filter instructions[] = {
        // A system call made in another architecture's convention (32-bit x86 on x86_64) would
        // be numbered differently: the process is ended instead.
        LOAD(arch),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        LOAD(nr),
#if defined(__x86_64__)
        // The x32 convention: numbers with bit 30 set.
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, FIRST_UNREVIEWED_SYSCALL, 0, 1),
        FAIL(ENOSYS),
        // Opening a file to write, create or truncate it.
#ifdef __NR_open
        REFUSE_WRITING_OPEN(__NR_open, 1),
#endif
        REFUSE_WRITING_OPEN(__NR_openat, 2),
        // openat2 passes its flags in memory the filter cannot read: C libraries fall back to openat.
        REFUSE(__NR_openat2, ENOSYS),
        REFUSE(__NR_open_by_handle_at, EACCES),
#ifdef __NR_creat
        REFUSE(__NR_creat, EACCES),
#endif
        // Asynchronous I/O that would bypass this filter.
        REFUSE(__NR_io_uring_setup, ENOSYS),
        REFUSE(__NR_io_uring_enter, ENOSYS),
        REFUSE(__NR_io_uring_register, ENOSYS),
        // Changing a file's content, size or space.
        REFUSE(__NR_truncate, EACCES),
        REFUSE(__NR_ftruncate, EACCES),
        REFUSE(__NR_fallocate, EACCES),
        // Creating, renaming and removing names.
#ifdef __NR_rename
        REFUSE(__NR_rename, EACCES),
#endif
#ifdef __NR_renameat
        REFUSE(__NR_renameat, EACCES),
#endif
        REFUSE(__NR_renameat2, EACCES),
#ifdef __NR_unlink
        REFUSE(__NR_unlink, EACCES),
#endif
        REFUSE(__NR_unlinkat, EACCES),
#ifdef __NR_mkdir
        REFUSE(__NR_mkdir, EACCES),
#endif
        REFUSE(__NR_mkdirat, EACCES),
#ifdef __NR_rmdir
        REFUSE(__NR_rmdir, EACCES),
#endif
#ifdef __NR_link
        REFUSE(__NR_link, EACCES),
#endif
        REFUSE(__NR_linkat, EACCES),
#ifdef __NR_symlink
        REFUSE(__NR_symlink, EACCES),
#endif
        REFUSE(__NR_symlinkat, EACCES),
#ifdef __NR_mknod
        REFUSE(__NR_mknod, EACCES),
#endif
        REFUSE(__NR_mknodat, EACCES),
        // A socket bound to a path creates a file.
        REFUSE(__NR_bind, EACCES),
        // Changing a file's owner, mode, times or extended attributes.
#ifdef __NR_chmod
        REFUSE(__NR_chmod, EACCES),
#endif
        REFUSE(__NR_fchmod, EACCES),
        REFUSE(__NR_fchmodat, EACCES),
        REFUSE(__NR_fchmodat2, EACCES),
#ifdef __NR_chown
        REFUSE(__NR_chown, EACCES),
#endif
#ifdef __NR_lchown
        REFUSE(__NR_lchown, EACCES),
#endif
        REFUSE(__NR_fchown, EACCES),
        REFUSE(__NR_fchownat, EACCES),
#ifdef __NR_utime
        REFUSE(__NR_utime, EACCES),
#endif
#ifdef __NR_utimes
        REFUSE(__NR_utimes, EACCES),
#endif
#ifdef __NR_futimesat
        REFUSE(__NR_futimesat, EACCES),
#endif
        REFUSE(__NR_utimensat, EACCES),
        REFUSE(__NR_setxattr, EACCES),
        REFUSE(__NR_lsetxattr, EACCES),
        REFUSE(__NR_fsetxattr, EACCES),
        REFUSE(__NR_setxattrat, EACCES),
        REFUSE(__NR_removexattr, EACCES),
        REFUSE(__NR_lremovexattr, EACCES),
        REFUSE(__NR_fremovexattr, EACCES),
        REFUSE(__NR_removexattrat, EACCES),
        REFUSE(__NR_file_setattr, EACCES),
        ALLOW,
    };
    struct sock_fprog program = {
        .len = (unsigned short)(sizeof instructions / sizeof instructions[0]),
        .filter = instructions,
    };
    // Required to install a filter without privileges; it also keeps set-user-ID programs
    // from gaining any.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    // For every thread of the process, not only the calling one.
    long result = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
    if (result > 0) {  // the id of a thread that could not take the filter
        errno = EAGAIN;
        return -1;
    }
    return (int)result;
}
#else
int moonshot_forbid_file_writes(void) {
    errno = ENOSYS;
    return -1;
}
#endif
