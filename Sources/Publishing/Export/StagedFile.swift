import CSystem
import Dataset
import Glibc
import Store

/// A file written beside the one it replaces (`.missions.json.moonshot-export-1234`, with its permissions) and renamed into place when complete,
/// so on failure the target is as it was. A symbolic link stays one; the replaced file keeps the staging name so `restorePrevious` can put it back.
final class StagedFile: ByteSink {
    /// The path the user gave.
    let target: String
    /// Where the file will go: `target` with symbolic links followed.
    private let destination: String
    let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the file is: being written, in the target's place, or back out of it; in place, what became of the file it
    /// replaced: swapped out to `temporaryPath`, none, or gone (the file system could not swap, and the rename replaced it).
    private enum State {
        case staged, restored
        case swappedIn, placedNew, overwrote
    }
    private var state = State.staged
    private static let bufferSize = 1 << 16

    /// Makes the new file beside `target`; throws `ExportFailure` for a target that cannot be a file, or `SystemError`.
    init(replacing target: String) throws {
        self.target = target
        destination = FileSystem.followingLinks(target)
        var info = stat()
        if stat(destination, &info) != 0, errno == ELOOP { throw ExportFailure.linkLoop(target) }
        switch FileSystem.entry(at: destination) {
        case .directory, .other: throw ExportFailure.notARegularFile(target)
        case .missing, .file: break
        }
        let folder = FileSystem.directory(of: destination)
        guard FileSystem.entry(at: folder) == .directory else { throw ExportFailure.missingFolder(target, folder: folder) }
        let base = destination.split(separator: "/").last.map(String.init) ?? destination
        var existing = stat()
        // The permissions of the file replaced, whatever the umask; a new file's are as the umask makes them.
        let replacedMode: mode_t? = stat(destination, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        var attempt = 0
        while true {
            let name = "\(folder)/.\(base).moonshot-export-\(getpid())" + (attempt == 0 ? "" : "-\(attempt)")
            let opened = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, replacedMode ?? 0o666)
            if opened >= 0 {
                (temporaryPath, descriptor) = (name, opened)
                break
            }
            guard errno == EEXIST, attempt < 100 else { throw SystemError(operation: "create a file beside \(target)") }
            attempt += 1
        }
        if let replacedMode { fchmod(descriptor, replacedMode) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        switch state {
        // The staged file not put in place, or the file it replaced: nobody's any more.
        case .staged, .restored, .swappedIn: unlink(temporaryPath)
        case .placedNew, .overwrote: break
        }
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes what is buffered, makes sure it is on the disk, and closes the file.
    func finish() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw SystemError(operation: "write \(target) to the disk") }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw SystemError(operation: "write \(target)") }
    }

    /// Moves the finished file into the target's place, swapped with the file there, which keeps the staging name until
    /// this is released; where the file system cannot swap, the old file is replaced outright.
    func moveIntoPlace() throws {
        let replacing = if case .file = FileSystem.entry(at: destination) { true } else { false }
        if replacing, moonshot_exchange_paths(temporaryPath, destination) == 0 {
            state = .swappedIn
        } else if rename(temporaryPath, destination) == 0 {
            state = replacing ? .overwrote : .placedNew
        } else {
            throw SystemError(operation: "replace \(target)")
        }
        FileSystem.synchronizeFolder(FileSystem.directory(of: destination))
    }

    /// Puts back the file this replaced (or removes this one if none); false if it failed or the replaced file is gone.
    func restorePrevious() -> Bool {
        let restored: Bool
        switch state {
        case .staged, .restored: return true
        case .swappedIn: restored = moonshot_exchange_paths(temporaryPath, destination) == 0
        case .placedNew: restored = unlink(destination) == 0
        case .overwrote: restored = false
        }
        if restored { state = .restored }
        FileSystem.synchronizeFolder(FileSystem.directory(of: destination))
        return restored
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { try FileSystem.writeAll($0, to: descriptor, path: target) }
        buffer.removeAll(keepingCapacity: true)
    }
}
