/// Byte-level checks beneath the reader: UTF-8 sequences, the words of its error messages.
extension JSONReader {
    /// The length of the valid UTF-8 sequence at `offset`, or an error naming the bad byte.
    mutating func validateUTF8Sequence() throws -> Int {
        let lead = self[offset]
        guard let length = Self.sequenceLength(lead: lead) else { throw error("invalid UTF-8 byte 0x\(hex(lead, width: 2))") }
        guard try has(length) else { throw error("invalid UTF-8: truncated sequence at the end of the input") }
        guard Self.isValidSequence(bytes(from: offset, to: offset + length)) else {
            throw error("invalid UTF-8 sequence starting with byte 0x\(hex(lead, width: 2))")
        }
        return length
    }

    /// How many bytes the UTF-8 sequence led by `lead` takes, or nil when no sequence starts so.
    static func sequenceLength(lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// Whether `sequence` (of its lead's length) is valid UTF-8: no overlong form, surrogate or scalar above U+10FFFF.
    static func isValidSequence(_ sequence: UnsafeBufferPointer<UInt8>) -> Bool {
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF  // bounds of the second byte
        switch sequence[0] {
        case 0xE0: lower = 0xA0
        case 0xED: upper = 0x9F  // no UTF-16 surrogates
        case 0xF0: lower = 0x90
        case 0xF4: upper = 0x8F  // nothing above U+10FFFF
        default: break
        }
        for index in 1..<sequence.count {
            let (low, high) = index == 1 ? (lower, upper) : (0x80, 0xBF)
            guard sequence[index] >= low, sequence[index] <= high else { return false }
        }
        return true
    }

    /// The error for the byte at `offset`, which does not start `expected`; the caller asked for it (`has()`), so if
    /// not held, the input has ended. Reading on to describe it may fail for a reason of its own, thrown instead.
    mutating func unexpectedByte(expecting expected: String) throws -> JSONSyntaxError {
        guard offset < end else { return error("unexpected end of input; expected \(expected)") }
        let byte = self[offset]
        if byte >= 0x80 {
            guard let length = Self.sequenceLength(lead: byte), try has(length),
                Self.isValidSequence(bytes(from: offset, to: offset + length))
            else {
                return error("invalid UTF-8 byte 0x\(hex(byte, width: 2))")
            }
            return error("unexpected character; expected \(expected)")
        }
        switch byte {
        case UInt8(ascii: "'"): return error("strings must use double quotes, not single quotes")
        case UInt8(ascii: "/"): return error("comments are not allowed in JSON")
        case UInt8(ascii: "N") where try startsWith("NaN"): return error("NaN is not a JSON value")
        case UInt8(ascii: "I") where try startsWith("Infinity"): return error("Infinity is not a JSON value")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            return error("unexpected '\(printable(byte))'; expected \(expected)")
        default: return error("unexpected character '\(printable(byte))'; expected \(expected)")
        }
    }

    /// Whether the bytes at `offset` spell `word`.
    mutating func startsWith(_ word: String) throws -> Bool {
        let expected = word.utf8
        return try has(expected.count) && zip(expected, bytes(from: offset, to: offset + expected.count)).allSatisfy(==)
    }

    func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: position ?? offset, message: message)
    }

    func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "\\x" + hex(byte, width: 2)
    }
}
