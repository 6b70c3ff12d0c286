import Glibc
import SystemSupport

/// The few file-system operations moonshot needs, over the C library (no Foundation).
package enum FileSystem {
    package enum Entry: Equatable, Sendable {
        case missing
        case file(size: Int)
        case directory
        case other
    }

    /// What is at `path`, following symbolic links.
    package static func entry(at path: String) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether two paths name one file: same device and inode when both exist, else same name in the same folder once
    /// links are followed (`x` and `./x`, or a link and the missing file it points to, which would be written twice).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        if let first = identity(a), let second = identity(b) { return first == second }
        let (first, second) = (followingLinks(a), followingLinks(b))
        guard let firstFolder = identity(directory(of: first)), let secondFolder = identity(directory(of: second)) else {
            return first == second
        }
        return firstFolder == secondFolder && first.split(separator: "/").last == second.split(separator: "/").last
    }

    /// The device and inode of the file at `path`, symbolic links followed; nil when there is none.
    private static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// `path` with symbolic links followed, when it is one (a link to nowhere yet included).
    package static func followingLinks(_ path: String) -> String {
        var path = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &bytes, bytes.count - 1)
            guard count > 0 else { return path }
            let link = String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = link.hasPrefix("/") ? link : directory(of: path) + "/" + link
        }
        return path
    }

    /// The folder part of `path` ("." for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Whether the current user may create files in `directory`.
    package static func isWritableDirectory(_ directory: String) -> Bool {
        access(directory, W_OK | X_OK) == 0
    }

    /// Writes all of `bytes` to `descriptor` (`path` is for errors), retrying after a signal that did not ask to stop.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR, !Interruption.isRequested { continue }
                throw SystemError(operation: "write \(path)")
            }
            offset += written
        }
    }

    /// Flushes folder `path`'s entries to the disk, as far as the system allows.
    package static func synchronizeFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The current time in UTC as ISO 8601: `2026-11-21T21:47:00Z`.
    package static func currentTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func pad(_ value: Int32, _ width: Int = 2) -> String { zeroPadded(value, width: width) }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))"
            + "T\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
    }
}

/// A failed system call, with the C library's description of `errno`.
package struct SystemError: Error, CustomStringConvertible {
    /// What was being attempted, such as "open missions.json".
    package let operation: String
    package let code: Int32

    package init(operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    /// The C library's wording for `code`, such as "No such file or directory".
    package var reason: String { String(cString: strerror(code)) }

    package var description: String { "cannot \(operation): \(reason)" }
}
