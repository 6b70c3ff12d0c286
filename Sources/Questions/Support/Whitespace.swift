extension StringProtocol {
    package func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[first...last]
    }
}

extension String {
    /// Each run of white space made one space, none at the ends. ASCII text, the usual case, is read byte by byte,
    /// which spares a question Unicode's tables.
    package func collapsingWhitespace() -> String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var spaceDue = false
        for byte in utf8 {
            if isASCIIWhitespace(byte) {
                spaceDue = !bytes.isEmpty
            } else {
                if spaceDue { bytes.append(0x20) }
                spaceDue = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text in lower case without any white space, read byte by byte when it is ASCII.
    package func lowercasedWithoutWhitespace() -> String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return lowercased().filter { !$0.isWhitespace } }
        let bytes = utf8.filter { !isASCIIWhitespace($0) }.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Whether `byte` is white space as Unicode counts it among ASCII: space, tab, LF, VT, FF, CR.
private func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
}
