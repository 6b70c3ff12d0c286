import Questions

/// The words a user reads for each field of an answer: its table heading and its label.
extension Field {
    /// The heading of a table column: "LAUNCH DATE".
    var heading: String { spelled { _ in true } }

    /// The label of a `Label: value` line: "Launch date".
    var label: String { spelled { $0 == 0 } }

    /// Spaces for underscores, the letters at offsets `upper` picks capitalised; bytewise, as every name is ASCII.
    private func spelled(upper: (Int) -> Bool) -> String {
        let bytes = rawValue.utf8.enumerated().map { offset, byte in
            byte == UInt8(ascii: "_") ? UInt8(ascii: " ") : upper(offset) && (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
