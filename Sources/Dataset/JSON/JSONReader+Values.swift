/// Reading scalar values (strings, numbers, literals), skipping values, and the byte-level helpers beneath them.
extension JSONReader {
    /// Reads a string value, decoding escapes. `\u0000` is kept as a NUL character.
    package mutating func readString() throws -> String {
        try skipWhitespace()
        guard try has(), self[offset] == UInt8(ascii: "\"") else { throw try unexpectedByte(expecting: "a string") }
        tokenStart = offset
        defer { tokenStart = nil }
        offset += 1
        let start = offset
        // Fast path: plain ASCII without escapes is taken as it stands.
        fast: repeat {
            while offset < end {
                let byte = self[offset]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: bytes(from: start, to: offset), as: UTF8.self)
                    offset += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break fast }
                offset += 1
            }
        } while try has()
        // Decoded into the reader's scratch buffer, swapped back afterwards so its capacity serves the next string.
        var decoded: [UInt8] = []
        swap(&decoded, &scratch)
        decoded.removeAll(keepingCapacity: true)
        defer { swap(&decoded, &scratch) }
        var runStart = start
        var hasEscapes = false
        while try has() {
            let byte = self[offset]
            if Self.isPlain(byte) {
                // The rest of a run of plain ASCII bytes, in a tight loop over those held.
                offset += 1
                while offset < end, Self.isPlain(self[offset]) { offset += 1 }
                continue
            }
            if byte >= 0x80 {
                offset += try validateUTF8Sequence()
                continue
            }
            if byte == UInt8(ascii: "\""), !hasEscapes {
                // Valid UTF-8 without escapes: taken as it stands.
                let text = String(decoding: bytes(from: start, to: offset), as: UTF8.self)
                offset += 1
                return text
            }
            // Copy the run of plain bytes in one go, then deal with the special one.
            decoded.append(contentsOf: bytes(from: runStart, to: offset))
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                try readEscape(into: &decoded)
                runStart = offset
            default:
                throw error("control character U+\(hex(byte, width: 4)) must be escaped inside a string")
            }
        }
        throw JSONSyntaxError(offset: start - 1, message: "unterminated string")
    }

    /// Checks a string value as `readString` does, without keeping it. With `holding` false not even its bytes stay
    /// held, so any length costs no memory, and an error is reported where reading had got to (its start being gone).
    mutating func skipString(holding: Bool = true) throws {
        try skipWhitespace()
        guard try has(), self[offset] == UInt8(ascii: "\"") else { throw try unexpectedByte(expecting: "a string") }
        let start = offset
        if holding { tokenStart = start }
        defer { tokenStart = nil }
        offset += 1
        var ignored: [UInt8] = []
        while try has() {
            let byte = self[offset]
            if Self.isPlain(byte) {
                offset += 1
                while offset < end, Self.isPlain(self[offset]) { offset += 1 }
            } else if byte >= 0x80 {
                offset += try validateUTF8Sequence()
            } else if byte == UInt8(ascii: "\"") {
                offset += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                try readEscape(into: &ignored)
                ignored.removeAll(keepingCapacity: true)
            } else {
                throw error("control character U+\(hex(byte, width: 4)) must be escaped inside a string")
            }
        }
        throw JSONSyntaxError(offset: holding ? start : offset, message: "unterminated string")
    }

    /// Reads a 64-bit whole number; nil, the valid number consumed, for a fraction, an exponent or one too large.
    package mutating func readInteger() throws -> Int64? {
        let (start, isInteger) = try scanNumber()
        defer { tokenStart = nil }
        guard isInteger else { return nil }
        var index = start
        let negative = self[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        while index < offset {
            let digit = Int64(self[index] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Skips the next value, checking its syntax; with `holding` false strings are let go as read (see `skipString`).
    package mutating func skipValue(holding: Bool = true) throws {
        switch try peekKind() {
        case .object:
            guard try beginObject() else { return }
            repeat {
                try skipKey(holding: holding)
                try skipValue(holding: holding)
            } while try nextMember()
        case .array:
            guard try beginArray() else { return }
            repeat { try skipValue(holding: holding) } while try nextElement()
        case .string:
            try skipString(holding: holding)
        case .number:
            _ = try scanNumber()
            tokenStart = nil
        case .bool, .null:
            try readLiteral()
        }
    }

    /// Reads `true`, `false` or `null`; returns the boolean, or nil for null.
    @discardableResult
    package mutating func readLiteral() throws -> Bool? {
        try skipWhitespace()
        for (word, value) in [("true", true as Bool?), ("false", false), ("null", nil)] where try startsWith(word) {
            offset += word.utf8.count
            return value
        }
        throw try unexpectedByte(expecting: "a value")
    }

    /// Skips white space, which is never part of a token: a run of any length costs no memory.
    mutating func skipWhitespace() throws {
        tokenStart = nil
        // Most often the next byte starts a token: nothing to skip.
        if offset < end, self[offset] > 0x20 { return }
        repeat {
            while offset < end {
                switch self[offset] {
                case 0x20, 0x0A, 0x0D, 0x09: offset += 1
                default: return
                }
            }
        } while try has()
    }

    /// Consumes a number: its start and whether it is an integer; its bytes stay held until `tokenStart` is cleared.
    mutating func scanNumber() throws -> (start: Int, isInteger: Bool) {
        try skipWhitespace()
        let start = offset
        tokenStart = start
        var isInteger = true
        if try has(), self[offset] == UInt8(ascii: "-") { offset += 1 }
        guard try has(), isDigit(self[offset]) else {
            let message = try startsWith("Infinity") ? "Infinity is not a JSON number" : "expected a digit in a number"
            throw error(message, at: offset)
        }
        if self[offset] == UInt8(ascii: "0") {
            offset += 1
            if try has(), isDigit(self[offset]) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            while try has(), isDigit(self[offset]) { offset += 1 }
        }
        if try has(), self[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard try has(), isDigit(self[offset]) else { throw error("expected a digit after the decimal point") }
            while try has(), isDigit(self[offset]) { offset += 1 }
        }
        if try has(), self[offset] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            if try has(), self[offset] == UInt8(ascii: "+") || self[offset] == UInt8(ascii: "-") { offset += 1 }
            guard try has(), isDigit(self[offset]) else { throw error("expected a digit in the exponent") }
            while try has(), isDigit(self[offset]) { offset += 1 }
        }
        return (start, isInteger)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Whether `byte` stands for itself inside a string: ASCII, neither a control character nor `"` nor `\`.
    @inline(__always) static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Decodes the escape at `offset` (a backslash) into `output`.
    mutating func readEscape(into output: inout [UInt8]) throws {
        let escapeStart = offset
        offset += 1
        guard try has() else { throw JSONSyntaxError(offset: escapeStart, message: "unterminated escape sequence") }
        let byte = self[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: escapeStart)
            let unpaired = JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate \\u\(hex(scalar, width: 4)) in a string")
            if (0xD800...0xDBFF).contains(scalar) {
                guard try has(2), self[offset] == UInt8(ascii: "\\"), self[offset + 1] == UInt8(ascii: "u") else { throw unpaired }
                let lowStart = offset
                offset += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw unpaired }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw unpaired
            }
            output.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw JSONSyntaxError(offset: escapeStart, message: "invalid escape sequence '\\\(printable(byte))' in a string")
        }
    }

    mutating func readHex4(escapeStart: Int) throws -> UInt32 {
        guard try has(4) else { throw JSONSyntaxError(offset: escapeStart, message: "\\u must be followed by four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = self[offset]
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
}
