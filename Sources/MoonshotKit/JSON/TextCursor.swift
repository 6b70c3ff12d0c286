/// A 1-based line and column in a text file; the column counts characters (Unicode scalars).
public struct TextLocation: Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A line and column at a byte offset of a text, moved forward over the bytes that follow.
///
/// Each byte is looked at once however many locations are asked for, so finding the places
/// of a million problems costs one pass over the file.
struct TextCursor {
    /// The byte offset the line and column are for.
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    var location: TextLocation { TextLocation(line: line, column: column) }

    /// Moves over `bytes`, which are the bytes from `offset` on.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        offset += bytes.count
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else {
            column += Self.characterCount(bytes)
            return
        }
        var newlines = 0
        for byte in bytes where byte == 0x0A { newlines += 1 }
        line += newlines
        column = 1 + Self.characterCount(UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)...]))
    }

    /// How many characters (Unicode scalars) start in `bytes`: continuation bytes (10xxxxxx)
    /// start none.
    private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
