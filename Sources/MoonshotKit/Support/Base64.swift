/// Base64 (RFC 4648) decoding, for data the build embeds as text.
enum Base64 {
    /// The value of each base64 character; 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            values[Int(character)] = UInt8(index)
        }
        return values
    }()

    /// The bytes `text` encodes, or nil if it is not padded base64 without line breaks.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            var padding = 0
            if input.count >= 1, input[input.count - 1] == UInt8(ascii: "=") { padding += 1 }
            if input.count >= 2, input[input.count - 2] == UInt8(ascii: "=") { padding += 1 }
            let length = input.count / 4 * 3 - padding
            return values.withUnsafeBufferPointer { values -> [UInt8]? in
                var valid = true
                let bytes = [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3) { output, count in
                    var source = 0, target = 0
                    while source < input.count {
                        // Padding decodes as zeros, which the final length then drops.
                        let a = values[Int(input[source])], b = values[Int(input[source + 1])]
                        let c = input[source + 2] == UInt8(ascii: "=") ? 0 : values[Int(input[source + 2])]
                        let d = input[source + 3] == UInt8(ascii: "=") ? 0 : values[Int(input[source + 3])]
                        if (a | b | c | d) & 0xC0 != 0 { valid = false; break }
                        let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        output[target] = UInt8(truncatingIfNeeded: group >> 16)
                        output[target + 1] = UInt8(truncatingIfNeeded: group >> 8)
                        output[target + 2] = UInt8(truncatingIfNeeded: group)
                        source += 4
                        target += 3
                    }
                    count = valid ? length : 0
                }
                return valid ? bytes : nil
            }
        }
    }
}
