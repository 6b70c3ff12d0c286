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

/// The bytes of one input file, memory-mapped from disk or copied from the binary.
public final class InputFile {
    /// Where the bytes came from.
    public let source: InputSource
    /// The file's bytes; valid as long as this object lives.
    public let bytes: UnsafeBufferPointer<UInt8>
    private let isMapped: Bool

    /// Opens `source`; throws an `ImportProblem` naming the file when it cannot be read or is empty.
    public init(_ source: InputSource) throws(ImportProblem) {
        self.source = source
        switch source {
        case .embedded(let name):
            guard let text = EmbeddedDataset.text(named: name) else {
                throw ImportProblem(file: name, message: "no embedded file of that name")
            }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
            _ = copy.initialize(from: text.utf8)
            bytes = UnsafeBufferPointer(rebasing: copy[..<text.utf8.count])
            isMapped = false
        case .file(let path):
            bytes = try Self.map(path)
            isMapped = true
        }
    }

    deinit {
        if isMapped {
            if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
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

    private static func map(_ path: String) throws(ImportProblem) -> UnsafeBufferPointer<UInt8> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let error = SystemError(operation: "open", code: errno)
            let hint = error.code == ENOENT ? "no such file; check the path" : "cannot open it: \(error.reason)"
            throw ImportProblem(file: path, message: hint)
        }
        defer { close(descriptor) }
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
        return UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }
}

/// The dataset and schema compiled into the binary.
public enum EmbeddedDataset {
    /// schema.sql, exactly as in the repository.
    public static var schemaSQL: String { EmbeddedResources.schemaSQL }

    /// The embedded file called `name` ("missions.json" or "astronauts.json").
    public static func text(named name: String) -> String? {
        switch name {
        case "missions.json": EmbeddedResources.missionsJSON
        case "astronauts.json": EmbeddedResources.astronautsJSON
        default: nil
        }
    }
}
