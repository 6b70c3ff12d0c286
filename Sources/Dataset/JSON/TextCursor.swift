import Glibc

/// A 1-based line and column in a text file; the column counts characters (Unicode scalars).
package struct TextLocation: Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }
}

/// A line and column at a byte offset of a text, moved forward over the bytes that follow: each byte is looked at once
/// however many locations are asked for, so locating a million problems costs one pass over the file.
struct TextCursor {
    /// The byte offset the line and column are for.
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    var location: TextLocation { TextLocation(line: line, column: column) }

    /// Moves over `bytes`, which are the bytes from `offset` on.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        offset += bytes.count
        guard let start = bytes.baseAddress else { return }
        // Lines are counted by the C library's memchr, which is fast; characters only after the last newline.
        let end = start + bytes.count
        var lineStart: UnsafePointer<UInt8>?
        var next = start
        while next < end, let newline = memchr(next, 0x0A, end - next) {
            line += 1
            next = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1
            lineStart = next
        }
        let tail = UnsafeBufferPointer(start: lineStart ?? start, count: end - (lineStart ?? start))
        column = (lineStart == nil ? column : 1) + Self.characterCount(tail)
    }

    /// How many characters (Unicode scalars) start in `bytes`: continuation bytes (10xxxxxx) start none.
    private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for index in 0..<bytes.count { count &+= bytes[index] & 0xC0 != 0x80 ? 1 : 0 }
        return count
    }
}
