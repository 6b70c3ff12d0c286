/// SQL as text, read as SQLite's tokenizer reads it.
enum SQLText {
    /// `sql` with each run of white space and comments made one space, trimmed; quoted text ('…', "…", `…`, […]) kept.
    static func normalized(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func emit(_ slice: ArraySlice<UInt8>) {
            if pendingSpace && !result.isEmpty { result.append(0x20) }
            pendingSpace = false
            result.append(contentsOf: slice)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if isSpace(byte) {
                pendingSpace = true
                index += 1
            } else if byte == UInt8(ascii: "-") && next == UInt8(ascii: "-") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                pendingSpace = true
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                pendingSpace = true
            } else if let close = closingQuote(byte) {
                // A quote ends at its closing character, which is written twice inside it.
                var end = index + 1
                while end < bytes.count {
                    if bytes[end] == close {
                        if close != UInt8(ascii: "]") && end + 1 < bytes.count && bytes[end + 1] == close {
                            end += 2
                            continue
                        }
                        break
                    }
                    end += 1
                }
                end = min(end + 1, bytes.count)
                emit(bytes[index..<end])
                index = end
            } else {
                emit(bytes[index...index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func closingQuote(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): byte
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: nil
        }
    }
}
