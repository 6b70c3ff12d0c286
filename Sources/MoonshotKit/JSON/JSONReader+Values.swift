/// Reading scalar values (strings, numbers, literals), skipping values, and the byte-level
/// helpers beneath them.
extension JSONReader {
    // MARK: Scalars

    /// Reads a string value, decoding escapes. `\u0000` is kept as a NUL character.
    public mutating func readString() throws -> String {
        skipWhitespace()
        guard offset < end, base[offset] == UInt8(ascii: "\"") else { throw unexpectedByte(expecting: "a string") }
        offset += 1
        let start = offset
        // Fast path: plain ASCII without escapes is taken as it stands.
        while offset < end {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            offset += 1
        }
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        var hasEscapes = false
        while offset < end {
            let byte = base[offset]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                offset += 1
                continue
            }
            if byte >= 0x80 {
                offset += try validateUTF8Sequence()
                continue
            }
            if byte == UInt8(ascii: "\""), !hasEscapes {
                // Valid UTF-8 without escapes: taken as it stands.
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
                offset += 1
                return text
            }
            // Copy the run of plain bytes in one go, then deal with the special one.
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: offset - runStart))
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                try readEscape()
                runStart = offset
            default:
                throw error("control character U+\(hex(byte, width: 4)) must be escaped inside a string")
            }
        }
        throw JSONSyntaxError(offset: start - 1, message: "unterminated string")
    }

    /// Reads a number that must be a whole number within 64 bits.
    /// Returns nil (having consumed a valid number) when it has a fraction, an exponent or is too large.
    public mutating func readInteger() throws -> Int64? {
        let (start, isInteger) = try scanNumber()
        guard isInteger else { return nil }
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        while index < offset {
            let digit = Int64(base[index] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Skips the next value of any kind, checking its syntax all the same.
    public mutating func skipValue() throws {
        switch try peekKind() {
        case .object:
            guard try beginObject() else { return }
            repeat {
                _ = try readKey()
                try skipValue()
            } while try nextMember()
        case .array:
            guard try beginArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case .string:
            _ = try readString()
        case .number:
            _ = try scanNumber()
        case .bool, .null:
            try readLiteral()
        }
    }

    /// Reads `true`, `false` or `null`; returns the boolean, or nil for null.
    @discardableResult
    public mutating func readLiteral() throws -> Bool? {
        skipWhitespace()
        for (word, value) in [("true", true as Bool?), ("false", false), ("null", nil)] where startsWith(word) {
            offset += word.utf8.count
            return value
        }
        throw unexpectedByte(expecting: "a value")
    }

    // MARK: Internals

    mutating func skipWhitespace() {
        while offset < end {
            switch base[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Consumes one number; returns where it started and whether it is an integer.
    mutating func scanNumber() throws -> (start: Int, isInteger: Bool) {
        skipWhitespace()
        let start = offset
        var isInteger = true
        if offset < end, base[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < end, isDigit(base[offset]) else {
            throw error(startsWith("Infinity") ? "Infinity is not a JSON number" : "expected a digit in a number", at: offset)
        }
        if base[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < end, isDigit(base[offset]) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        if offset < end, base[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < end, isDigit(base[offset]) else { throw error("expected a digit after the decimal point") }
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        if offset < end, base[offset] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            if offset < end, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < end, isDigit(base[offset]) else { throw error("expected a digit in the exponent") }
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        return (start, isInteger)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Decodes the escape at `offset` (a backslash) into `scratch`.
    mutating func readEscape() throws {
        let escapeStart = offset
        offset += 1
        guard offset < end else { throw JSONSyntaxError(offset: escapeStart, message: "unterminated escape sequence") }
        let byte = base[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard end - offset >= 2, base[offset] == UInt8(ascii: "\\"), base[offset + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(scalar, width: 4)) in a string")
                }
                let lowStart = offset
                offset += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(scalar, width: 4)) in a string")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(scalar, width: 4)) in a string")
            }
            scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw JSONSyntaxError(offset: escapeStart, message: "invalid escape sequence '\\\(printable(byte))' in a string")
        }
    }

    mutating func readHex4(escapeStart: Int) throws -> UInt32 {
        guard end - offset >= 4 else { throw JSONSyntaxError(offset: escapeStart, message: "\\u must be followed by four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(offset: escapeStart, message: "\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence at `offset`, or an error naming the bad byte.
    func validateUTF8Sequence() throws -> Int {
        let lead = base[offset]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF  // bounds of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F  // nothing above U+10FFFF
        default: throw error("invalid UTF-8 byte 0x\(hex(lead, width: 2))")
        }
        guard end - offset >= length else { throw error("invalid UTF-8: truncated sequence at the end of the input") }
        for index in 1..<length {
            let byte = base[offset + index]
            let (low, high) = index == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= low, byte <= high else {
                throw error("invalid UTF-8 sequence starting with byte 0x\(hex(lead, width: 2))")
            }
        }
        return length
    }

    func unexpectedByte(expecting expected: String) -> JSONSyntaxError {
        guard offset < end else { return error("unexpected end of input; expected \(expected)") }
        let byte = base[offset]
        if byte >= 0x80 {
            if (try? validateUTF8Sequence()) == nil { return error("invalid UTF-8 byte 0x\(hex(byte, width: 2))") }
            return error("unexpected character; expected \(expected)")
        }
        switch byte {
        case UInt8(ascii: "'"): return error("strings must use double quotes, not single quotes")
        case UInt8(ascii: "/"): return error("comments are not allowed in JSON")
        case UInt8(ascii: "N") where startsWith("NaN"): return error("NaN is not a JSON value")
        case UInt8(ascii: "I") where startsWith("Infinity"): return error("Infinity is not a JSON value")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            return error("unexpected '\(printable(byte))'; expected \(expected)")
        default: return error("unexpected character '\(printable(byte))'; expected \(expected)")
        }
    }

    /// Whether the bytes at `offset` spell `word`.
    func startsWith(_ word: String) -> Bool {
        let bytes = word.utf8
        return end - offset >= bytes.count
            && zip(bytes, UnsafeBufferPointer(start: base + offset, count: bytes.count)).allSatisfy(==)
    }

    func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: position ?? offset, message: message)
    }

    func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "\\x" + hex(byte, width: 2)
    }
}
