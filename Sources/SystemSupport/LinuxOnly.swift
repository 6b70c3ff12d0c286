#if !os(Linux)
    #error(
        "moonshot builds on Linux only: export and site swap files and folders in one step with renameat2, which other systems lack"
    )
#endif
