public struct JSONReader {
    /// How deeply arrays and objects may nest.
    public static let maximumDepth = 512

    let base: UnsafePointer<UInt8>
    let end: Int
    /// Byte offset of the next unread byte.
    public internal(set) var offset: Int
    var depth = 0
    var scratch: [UInt8] = []

    /// A reader over `bytes`, which must stay valid while the reader is used.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // A zero-length buffer may have no address; any non-null pointer serves then.
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.end = bytes.count
        self.offset = 0
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { offset = 3 }
    }

    // MARK: Looking ahead

    /// Skips white space and tells which kind of value comes next.
    public mutating func peekKind() throws -> JSONKind {
        skipWhitespace()
        guard offset < end else { throw error("unexpected end of input; expected a value") }
        switch base[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw unexpectedByte(expecting: "a value")
        }
    }

    /// Skips white space and returns the offset of the next value or token.
    public mutating func position() -> Int {
        skipWhitespace()
        return offset
    }

    /// Checks that nothing but white space follows the top-level value.
    public mutating func expectEnd() throws {
        skipWhitespace()
        guard offset == end else {
            throw error("unexpected data after the end of the JSON value")
        }
    }

    // MARK: Objects and arrays

    /// Consumes `{`; returns false when the object is empty (its `}` consumed too).
    public mutating func beginObject() throws -> Bool {
        try open(UInt8(ascii: "{"), "an object")
        skipWhitespace()
        if offset < end, base[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and its `:`; the member's value comes next.
    public mutating func readKey() throws -> String {
        skipWhitespace()
        guard offset < end, base[offset] == UInt8(ascii: "\"") else {
            throw unexpectedByte(expecting: "a member name in double quotes")
        }
        let key = try readString()
        skipWhitespace()
        guard offset < end, base[offset] == UInt8(ascii: ":") else {
            throw unexpectedByte(expecting: "':' after a member name")
        }
        offset += 1
        return key
    }

    /// After a member's value: consumes `,` and returns true, or `}` and returns false.
    public mutating func nextMember() throws -> Bool {
        try next(close: UInt8(ascii: "}"), "object member")
    }

    /// Consumes `[`; returns false when the array is empty (its `]` consumed too).
    public mutating func beginArray() throws -> Bool {
        try open(UInt8(ascii: "["), "an array")
        skipWhitespace()
        if offset < end, base[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` and returns true, or `]` and returns false.
    public mutating func nextElement() throws -> Bool {
        try next(close: UInt8(ascii: "]"), "array element")
    }

    mutating func open(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard offset < end, base[offset] == byte else { throw unexpectedByte(expecting: what) }
        guard depth < Self.maximumDepth else {
            throw error("nesting is deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        offset += 1
    }

    mutating func next(close: UInt8, _ what: String) throws -> Bool {
        skipWhitespace()
        guard offset < end else {
            throw error("unexpected end of input; expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
        switch base[offset] {
        case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            if offset < end, base[offset] == close {
                throw error("trailing comma before '\(Character(Unicode.Scalar(close)))'")
            }
            return true
        case close:
            offset += 1
            depth -= 1
            return false
        default:
            throw unexpectedByte(expecting: "',' or '\(Character(Unicode.Scalar(close)))' after an \(what)")
        }
    }
}
