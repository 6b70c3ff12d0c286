/// Supplies a `JSONReader` with its input a window at a time, so input of any size is read without holding all of it.
package protocol JSONByteSource: AnyObject {
    /// The bytes from input offset `keep` on, holding at least those before `needed` unless the
    /// input ends first. The bytes of an earlier window may be reused once this is called.
    func window(keepingFrom keep: Int, needing needed: Int) throws -> (origin: Int, bytes: UnsafeBufferPointer<UInt8>)
}

/// A strict RFC 8259 pull reader over UTF-8 bytes: any deviation from the grammar (trailing commas, comments, NaN, bad escapes or UTF-8, nesting past
/// `maximumDepth`...) is a `JSONSyntaxError` at its byte offset, not a crash. A leading UTF-8 byte order mark is skipped, as RFC 8259 permits.
package struct JSONReader {
    /// How deeply arrays and objects may nest.
    package static let maximumDepth = 512

    /// The bytes held: `window[i]` is byte `origin + i` of the input.
    private(set) var window: UnsafePointer<UInt8>
    private(set) var origin = 0
    /// The input offset just past the last byte held.
    private(set) var end: Int
    private let source: (any JSONByteSource)?
    /// Byte offset of the next unread byte, from the start of the input.
    package internal(set) var offset: Int
    var depth = 0
    var scratch: [UInt8] = []
    /// Where the caller still needs bytes from (the record's start, for its messages); nil when none behind `offset`.
    package var pinned: Int?
    /// Where the string or number being read starts; its bytes are kept until it is done.
    var tokenStart: Int?

    /// A reader over `bytes`, the whole input, which must stay valid while the reader is used.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // A zero-length buffer may have no address; any non-null pointer serves then.
        self.window = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.end = bytes.count
        self.source = nil
        self.offset = 0
        skipByteOrderMark()
    }

    /// A reader that takes its input from `source`, a window at a time.
    package init(source: any JSONByteSource) throws {
        self.window = UnsafePointer(bitPattern: 1)!
        self.end = 0
        self.source = source
        self.offset = 0
        _ = try refill(atLeast: 3)
        skipByteOrderMark()
    }

    private mutating func skipByteOrderMark() {
        if end - offset >= 3, self[0] == 0xEF, self[1] == 0xBB, self[2] == 0xBF { offset = 3 }
    }

    /// The byte at input offset `index`, which must be held.
    @inline(__always) subscript(index: Int) -> UInt8 { window[index &- origin] }

    /// The held bytes from input offset `start` to `end`.
    func bytes(from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: window + (start - origin), count: end - start)
    }

    /// Whether `count` bytes from `offset` on are held, reading more input if needed.
    @inline(__always) mutating func has(_ count: Int = 1) throws -> Bool {
        try end - offset >= count || refill(atLeast: count)
    }

    /// Asks for a window of `count` bytes from `offset`, keeping pinned bytes and the token; false if the input ends.
    private mutating func refill(atLeast count: Int) throws -> Bool {
        guard let source else { return false }
        let keep = min(offset, pinned ?? offset, tokenStart ?? offset)
        let (origin, bytes) = try source.window(keepingFrom: keep, needing: offset + count)
        self.window = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.origin = origin
        self.end = origin + bytes.count
        return end - offset >= count
    }

    /// Skips white space and tells which kind of value comes next.
    package mutating func peekKind() throws -> JSONKind {
        try skipWhitespace()
        guard try has() else { throw error("unexpected end of input; expected a value") }
        switch self[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw try unexpectedByte(expecting: "a value")
        }
    }

    /// Skips white space and returns the offset of the next value or token.
    package mutating func position() throws -> Int {
        try skipWhitespace()
        return offset
    }

    /// Checks that nothing but white space follows the top-level value.
    package mutating func expectEnd() throws {
        try skipWhitespace()
        guard try !has() else {
            throw error("unexpected data after the end of the JSON value")
        }
    }

    /// Consumes `{`; returns false when the object is empty (its `}` consumed too).
    package mutating func beginObject() throws -> Bool {
        try begin(UInt8(ascii: "{"), "an object", close: UInt8(ascii: "}"))
    }

    /// Reads a member's key and its `:`; the member's value comes next.
    package mutating func readKey() throws -> String {
        try key { try $0.readString() }
    }

    /// Skips a member's key and its `:`, without keeping the key (see `skipString`).
    mutating func skipKey(holding: Bool = true) throws {
        try key { try $0.skipString(holding: holding) }
    }

    private mutating func key<Key>(_ read: (inout Self) throws -> Key) throws -> Key {
        try skipWhitespace()
        guard try has(), self[offset] == UInt8(ascii: "\"") else {
            throw try unexpectedByte(expecting: "a member name in double quotes")
        }
        let key = try read(&self)
        try skipWhitespace()
        guard try has(), self[offset] == UInt8(ascii: ":") else {
            throw try unexpectedByte(expecting: "':' after a member name")
        }
        offset += 1
        return key
    }

    /// Goes back to `offset` (still held, because it was pinned), at nesting `depth`.
    mutating func rewind(to offset: Int, depth: Int) {
        self.offset = offset
        self.depth = depth
        tokenStart = nil
    }

    /// After a member's value: consumes `,` and returns true, or `}` and returns false.
    package mutating func nextMember() throws -> Bool {
        try next(close: UInt8(ascii: "}"), "object member")
    }

    /// Consumes `[`; returns false when the array is empty (its `]` consumed too).
    package mutating func beginArray() throws -> Bool {
        try begin(UInt8(ascii: "["), "an array", close: UInt8(ascii: "]"))
    }

    /// After an element: consumes `,` and returns true, or `]` and returns false.
    package mutating func nextElement() throws -> Bool {
        try next(close: UInt8(ascii: "]"), "array element")
    }

    mutating func begin(_ byte: UInt8, _ what: String, close: UInt8) throws -> Bool {
        try skipWhitespace()
        guard try has(), self[offset] == byte else { throw try unexpectedByte(expecting: what) }
        guard depth < Self.maximumDepth else {
            throw error("nesting is deeper than \(Self.maximumDepth) levels")
        }
        offset += 1
        try skipWhitespace()
        guard try has(), self[offset] == close else {
            depth += 1
            return true
        }
        offset += 1
        return false
    }

    mutating func next(close: UInt8, _ what: String) throws -> Bool {
        try skipWhitespace()
        guard try has() else {
            throw error("unexpected end of input; expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
        switch self[offset] {
        case UInt8(ascii: ","):
            offset += 1
            try skipWhitespace()
            if try has(), self[offset] == close {
                throw error("trailing comma before '\(Character(Unicode.Scalar(close)))'")
            }
            return true
        case close:
            offset += 1
            depth -= 1
            return false
        default:
            throw try unexpectedByte(expecting: "',' or '\(Character(Unicode.Scalar(close)))' after an \(what)")
        }
    }
}
