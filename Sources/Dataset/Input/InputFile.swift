import Glibc

/// Where a dataset file comes from.
package enum InputSource: Equatable, Sendable {
    /// The copy built into the binary, by file name ("missions.json").
    case embedded(String)
    /// A file on disk, by the path the user gave.
    case file(String)

    /// The name messages use: the path, or "built-in missions.json" for the embedded copy.
    package var displayName: String {
        switch self {
        case .embedded(let name): "built-in \(name)"
        case .file(let path): path
        }
    }

    /// The name the provenance table records: the path, or `embedded:missions.json`.
    package var provenanceName: String {
        switch self {
        case .embedded(let name): "embedded:\(name)"
        case .file(let path): path
        }
    }
}

/// One input file, read with plain reads (never mapped: a file that shrinks is an error, not a crash); `content` lets another thread hash it. Only
/// regular files are opened (nothing blocks on a FIFO), and a change while reading is reported, so one version is imported and hashed.
package final class InputFile {
    package let source: InputSource
    /// The bytes, for another thread to hash; the file stays open while it or this is kept.
    package let content: InputContent
    /// Size, and modification and change times when opened, to notice a file that changes: any
    /// write moves the change time, which (unlike the modification time) no tool can set back.
    private let identity: [Int]
    /// How many bytes `readNext` has handed out.
    private var position = 0

    /// Opens `source`; throws an `ImportProblem` naming the file when it cannot be read or is empty.
    package init(_ source: InputSource) throws(ImportProblem) {
        self.source = source
        switch source {
        case .embedded(let name):
            guard let text = EmbeddedDataset.text(named: name) else {
                throw ImportProblem(file: name, message: "no embedded file of that name")
            }
            content = InputContent(descriptor: -1, size: text.utf8.count, embedded: text)
            identity = []
        case .file(let path):
            let (descriptor, identity) = try Self.openRegularFile(path)
            content = InputContent(descriptor: descriptor, size: identity[0], embedded: "")
            self.identity = identity
        }
    }

    /// The file's size when it was opened.
    package var size: Int { content.size }

    /// The file name used in messages.
    package var displayName: String { source.displayName }

    /// Reads the next bytes into `buffer`; returns how many (0 at the end of the file).
    func readNext(into buffer: UnsafeMutableRawBufferPointer) throws(ImportProblem) -> Int {
        let descriptor = content.descriptor
        guard descriptor >= 0 else {
            let count = min(buffer.count, size - position)
            var text = content.embedded
            text.withUTF8 { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[position..<(position + count)]))
            }
            position += count
            return count
        }
        var count: Int
        repeat { count = read(descriptor, buffer.baseAddress, buffer.count) } while count < 0 && errno == EINTR
        guard count >= 0 else { throw problem("cannot read it: \(SystemError(operation: "read").reason)") }
        position += count
        if position > size || (count == 0 && position < size) {
            throw changed("it had \(size) bytes when the import opened it, and \(count == 0 ? "only \(position)" : "more") when it was read")
        }
        if count == 0 { try checkUnchanged() }
        return count
    }

    /// Throws when the file is no longer as it was when it was opened.
    package func checkUnchanged() throws(ImportProblem) {
        guard content.descriptor >= 0 else { return }
        var info = stat()
        guard fstat(content.descriptor, &info) == 0 else { throw problem("cannot read it: \(SystemError(operation: "stat").reason)") }
        if Self.identity(of: info) != identity { throw changed("it was written to, or its size, times or permissions changed") }
    }

    private func problem(_ message: String) -> ImportProblem {
        ImportProblem(file: displayName, message: message)
    }

    private func changed(_ detail: String) -> ImportProblem {
        problem("the file changed while it was being imported (\(detail)); run the import again once nothing is writing to it")
    }

    /// Opens a regular file without blocking; returns it and its identity.
    private static func openRegularFile(_ path: String) throws(ImportProblem) -> (Int32, [Int]) {
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let error = SystemError(operation: "open", code: errno)
            let hint =
                switch error.code {
                case ENOENT: "no such file; check the path"
                case ENXIO: "is a socket or a device, not a regular file"
                default: "cannot open it: \(error.reason)"
                }
            throw ImportProblem(file: path, message: hint)
        }
        var opened = false
        defer { if !opened { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ImportProblem(file: path, message: "cannot read it: \(SystemError(operation: "stat").reason)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ImportProblem(file: path, message: "is a folder, not a JSON file")
        case S_IFIFO: throw ImportProblem(file: path, message: "is a named pipe (FIFO), not a regular file; save the data to a file first")
        case S_IFSOCK: throw ImportProblem(file: path, message: "is a socket, not a regular file")
        default: throw ImportProblem(file: path, message: "is a device or other special file, not a regular file")
        }
        guard info.st_size > 0 else { throw ImportProblem(file: path, message: "the file is empty; expected JSON") }
        // Regular files never block; reads are plain blocking reads from here on.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        opened = true
        return (descriptor, identity(of: info))
    }

    private static func identity(of info: stat) -> [Int] {
        [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
    }
}
