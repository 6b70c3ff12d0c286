import Dataset
import Glibc

/// Folder operations over the C library (list, find SQLite files, make and remove trees), never following symlinks.
enum FolderTree {
    /// The names in folder `path`, without "." and "..".
    static func names(in path: String) throws -> [String] {
        guard let folder = opendir(path) else { throw SystemError(operation: "read the folder \(path)") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` is a symbolic link (to anything, or to nothing).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The first file under `root` (maybe `root` itself) that is an SQLite database or one of its journals, or nil.
    static func firstSQLiteFile(under root: String) throws -> String? {
        var found: String?
        try visit(root) { path, isFolder in
            if found == nil, !isFolder, isSQLiteFile(path) { found = path }
        }
        return found
    }

    /// Removes `root` and everything in it.
    static func remove(_ root: String) throws {
        try visit(root) { path, isFolder in
            if (isFolder ? rmdir(path) : unlink(path)) != 0, errno != ENOENT {
                throw SystemError(operation: "remove \(path)")
            }
        }
    }

    /// Calls `body` for every entry under `root`, a folder's entries before the folder; symbolic links are entries.
    private static func visit(_ root: String, _ body: (_ path: String, _ isFolder: Bool) throws -> Void) throws {
        var info = stat()
        guard lstat(root, &info) == 0 else {
            if errno == ENOENT { return }
            throw SystemError(operation: "examine \(root)")
        }
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        if isFolder {
            for name in try names(in: root) { try visit(root + "/" + name, body) }
        }
        try body(root, isFolder)
    }

    /// Whether `path` is a regular file with an SQLite database's header, or is named as SQLite names a journal or WAL.
    private static func isSQLiteFile(_ path: String) -> Bool {
        if path.hasSuffix("-journal") || path.hasSuffix("-wal") || path.hasSuffix("-shm") { return true }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 100 else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        guard read(descriptor, &header, 16) == 16 else { return false }
        return header == Array("SQLite format 3\0".utf8)
    }
}
