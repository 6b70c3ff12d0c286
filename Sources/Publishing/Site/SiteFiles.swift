import Dataset
import Glibc
import SystemSupport

/// A site's files, each written to the staging folder and flushed when added, so at most one page is held in memory.
final class SiteFiles {
    let folder: String
    /// How many files were added, by kind, and their size in bytes.
    private(set) var pageCount = 0
    private(set) var pictureCount = 0
    private(set) var byteCount = 0
    /// Called with `pageCount` after each page is added.
    var pageAdded: (Int) -> Void = { _ in }
    /// The sub-folders created so far: a site has a handful ("missions", "images").
    private var folders: [String] = []

    init(folder: String) { self.folder = folder }

    /// Writes `text` as the file `path` (relative to the folder, "/" between parts).
    func add(_ path: String, _ text: String) throws {
        var copy = text
        try copy.withUTF8 { try add(path, UnsafeRawBufferPointer($0)) }
    }

    func add(_ path: String, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try add(path, $0) }
    }

    /// Flushes the folders' entries to the disk; call once every file is added.
    func synchronize() {
        for sub in folders.sorted(by: >) { FileSystem.synchronizeFolder(sub) }
        FileSystem.synchronizeFolder(folder)
    }

    private func add(_ path: String, _ bytes: UnsafeRawBufferPointer) throws {
        try Interruption.check()
        let parts = path.split(separator: "/")
        for depth in 1..<max(parts.count, 1) {
            let sub = folder + "/" + parts[..<depth].joined(separator: "/")
            if !folders.contains(sub) {
                guard mkdir(sub, 0o777) == 0 else { throw SystemError(operation: "create the folder \(sub)") }
                folders.append(sub)
            }
        }
        try Self.write(folder + "/" + path, bytes)
        if path.hasPrefix("images/") { pictureCount += 1 }
        byteCount += bytes.count
        if path.hasSuffix(".html") {
            pageCount += 1
            pageAdded(pageCount)
        }
    }

    private static func write(_ path: String, _ buffer: UnsafeRawBufferPointer) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError(operation: "create \(path)") }
        defer { close(descriptor) }
        try FileSystem.writeAll(buffer, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw SystemError(operation: "write \(path) to the disk") }
    }
}
