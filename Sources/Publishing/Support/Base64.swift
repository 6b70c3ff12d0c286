/// Standard base64 (RFC 4648, with padding), decoding only: the pictures are embedded in the binary as base64 literals.
enum Base64 {
    /// The bytes `text` encodes. Characters outside the alphabet (padding, line breaks) are skipped.
    static func decode(_ text: StaticString) -> [UInt8] {
        text.withUTF8Buffer { characters in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(characters.count / 4 * 3)
            var buffer: UInt32 = 0
            var bits = 0
            for character in characters {
                guard let value = sextet(character) else { continue }
                buffer = buffer << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                }
            }
            return bytes
        }
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
