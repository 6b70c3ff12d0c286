// moonshot is built and tested on Linux only; README.md's Prerequisites say so too.
#if !os(Linux)
    #error(
        "moonshot builds on Linux only: 'moonshot shell' keeps sqlite3 from changing files with seccomp, and export and site swap files and folders in one step with renameat2, which other systems lack"
    )
#endif
