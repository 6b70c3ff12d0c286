import Dataset

/// Where exported text goes: a file being written (`StagedFile`), or a hash of it
/// (`ContentDigest`), so that what is compared is exactly what would be written.
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
