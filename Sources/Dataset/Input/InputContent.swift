import Glibc

/// The bytes of one input file, for a thread to hash while another imports its `InputFile`. Sendable: it holds only constants and reads with `pread`,
/// not moving `readNext`'s position, and the file closes once both are gone, so a read never meets a closed or reused descriptor.
package final class InputContent: Sendable {
    /// The file's size when it was opened.
    package let size: Int
    /// The open file; -1 for the embedded copy.
    let descriptor: Int32
    let embedded: String

    init(descriptor: Int32, size: Int, embedded: String) {
        self.descriptor = descriptor
        self.size = size
        self.embedded = embedded
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The file's lower-case hex SHA-256, read through a buffer of its own; nil when it could not be read to the end or
    /// `shouldStop` said to stop first. A file changed meanwhile is caught by `InputFile.checkUnchanged`.
    package func sha256(shouldStop: () -> Bool = { false }) -> String? {
        guard descriptor >= 0 else { return SHA256.hexDigest(of: embedded) }
        let chunk = 1 << 20
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < size, !shouldStop() {
            let count = pread(descriptor, buffer.baseAddress, min(chunk, size - offset), off_t(offset))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            hasher.update(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[..<count]))
            offset += count
        }
        return offset == size ? hasher.hexDigest() : nil
    }
}
