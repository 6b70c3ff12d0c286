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

/// Turns byte offsets into line and column numbers, only when a message needs one.
///
/// Offsets are usually asked for in increasing order, so the locator keeps its place
/// and scans only the bytes since the last answer.
struct TextLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var scannedTo = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func location(of offset: Int) -> TextLocation {
        let target = min(max(offset, 0), bytes.count)
        if target < scannedTo { (scannedTo, line, lineStart) = (0, 1, 0) }
        while scannedTo < target {
            if bytes[scannedTo] == 0x0A {
                line += 1
                lineStart = scannedTo + 1
            }
            scannedTo += 1
        }
        // Continuation bytes (10xxxxxx) do not start a character.
        var column = 1
        var index = lineStart
        while index < target {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return TextLocation(line: line, column: column)
    }
}
