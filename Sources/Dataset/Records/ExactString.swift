/// A string compared and hashed by its UTF-8 bytes, as SQLite compares text: `String` equality follows canonical equivalence, where SQLite sees
/// two keys. The importer validates identifiers with it so that what it accepts, SQLite accepts.
package struct ExactString: Hashable {
    let value: String

    package init(_ value: String) { self.value = value }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
