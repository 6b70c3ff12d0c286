#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a dataset file comes from.
public enum InputSource: Equatable, Sendable {
    /// The copy built into the binary, by file name ("missions.json").
    case embedded(String)
    /// A file on disk, by the path the user gave.
    case file(String)

    /// The name messages use: the path, or "built-in missions.json" for the embedded copy.
    public var displayName: String {
        switch self {
        case .embedded(let name): "built-in \(name)"
        case .file(let path): path
        }
    }

    /// The name the provenance table records: the path, or `embedded:missions.json`.
    public var provenanceName: String {
        switch self {
        case .embedded(let name): "embedded:\(name)"
        case .file(let path): path
        }
    }
}

/// The bytes of one input file, memory-mapped from disk or copied from the binary. Immutable
/// once made, so the hashing thread may read it beside the importing one.
public final class InputFile: @unchecked Sendable {
    /// Where the bytes came from.
    public let source: InputSource
    /// The file's bytes; valid as long as this object lives.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The open file behind a mapping, for reading it again without the mapping; -1 for embedded bytes.
    private let descriptor: Int32
    private var isMapped: Bool { descriptor >= 0 }

    /// Opens `source`; throws an `ImportProblem` naming the file when it cannot be read or is empty.
    public init(_ source: InputSource) throws(ImportProblem) {
        self.source = source
        switch source {
        case .embedded(let name):
            guard var text = EmbeddedDataset.text(named: name) else {
                throw ImportProblem(file: name, message: "no embedded file of that name")
            }
            let count = text.utf8.count
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
            text.withUTF8 { source in
                if let base = source.baseAddress { copy.baseAddress!.initialize(from: base, count: count) }
            }
            bytes = UnsafeBufferPointer(rebasing: copy[..<count])
            descriptor = -1
        case .file(let path):
            (bytes, descriptor) = try Self.map(path)
        }
    }

    deinit {
        if isMapped {
            if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
            close(descriptor)
        } else {
            UnsafeMutableBufferPointer(mutating: bytes).deallocate()
        }
    }

    /// The file name used in messages.
    public var displayName: String { source.displayName }

    /// Tells the kernel the bytes before `offset` will not be read again, so a large
    /// file does not stay resident while it is imported.
    public func release(before offset: Int) {
        guard isMapped, let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = offset / page * page
        guard length > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED)
    }

    /// The SHA-256 of the file as lower-case hex. A file on disk is read again through a
    /// buffer rather than the mapping, so that hashing (on its own thread, ahead of the
    /// reader) does not keep the whole file resident.
    public func sha256() -> String {
        let chunk = 1 << 20
        guard isMapped else { return SHA256.hexDigest(of: bytes) }
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < bytes.count {
            let count = pread(descriptor, buffer.baseAddress, min(chunk, bytes.count - offset), off_t(offset))
            if count < 0 && errno == EINTR { continue }
            // The file ended early or could not be read: it changed since it was opened. What
            // was read is hashed (touching the mapping past a shortened file would fault).
            guard count > 0 else { break }
            hasher.update(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[..<count]))
            offset += count
        }
        return hasher.hexDigest()
    }

    private static func map(_ path: String) throws(ImportProblem) -> (UnsafeBufferPointer<UInt8>, Int32) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = SystemError(operation: "open", code: errno)
            let hint = error.code == ENOENT ? "no such file; check the path" : "cannot open it: \(error.reason)"
            throw ImportProblem(file: path, message: hint)
        }
        var mapped = false
        defer { if !mapped { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ImportProblem(file: path, message: "cannot read it: \(SystemError(operation: "stat").reason)")
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw ImportProblem(file: path, message: "is a folder, not a JSON file")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ImportProblem(file: path, message: "is not a regular file")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw ImportProblem(file: path, message: "the file is empty; expected JSON") }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw ImportProblem(file: path, message: "cannot read it: \(SystemError(operation: "mmap").reason)")
        }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        mapped = true
        return (UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size), descriptor)
    }
}
