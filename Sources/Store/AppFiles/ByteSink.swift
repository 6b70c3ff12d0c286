import Dataset

/// Where exported text goes: a file (`StagedFile`), or its hash (`ContentDigest`) to compare exactly what is written.
package protocol ByteSink {
    /// Appends `text`, as UTF-8.
    mutating func write(_ text: String) throws
}

extension SHA256: ByteSink {
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { update($0) }
    }
}
