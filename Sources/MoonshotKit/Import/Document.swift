/// One input file being read: its JSON reader's source, and line/column lookup for messages.
final class Document {
    let file: InputFile
    private var locator: TextLocator
    private var releasedUpTo = 0
    /// Bytes read between two hints to the kernel that they can be dropped from memory.
    private static let releaseStep = 8 << 20

    init(_ file: InputFile) {
        self.file = file
        self.locator = TextLocator(file.bytes)
    }

    func location(of offset: Int) -> TextLocation {
        locator.location(of: offset)
    }

    /// A problem at byte `offset` of this file.
    func problem(at offset: Int, path: String?, _ message: String) -> ImportProblem {
        ImportProblem(file: file.displayName, location: location(of: offset), path: path, message: message)
    }

    /// Lets the kernel drop the pages before `offset` once enough have been read.
    func releaseConsumedBytes(upTo offset: Int) {
        guard offset - releasedUpTo >= Self.releaseStep else { return }
        file.release(before: offset)
        releasedUpTo = offset
    }

    /// Reads the top-level value, which must be of `kind`, with `body`; then checks that
    /// nothing follows it. Returns whether the whole file was read; a syntax error or a
    /// top-level value of the wrong kind is reported and ends the reading of this file.
    func readTopLevel(
        expecting kind: JSONKind, description: String, report: (ImportProblem) -> Void,
        _ body: (inout JSONReader) throws -> Void
    ) throws -> Bool {
        var reader = JSONReader(file.bytes)
        do {
            let found = try reader.peekKind()
            guard found == kind else {
                report(problem(at: reader.offset, path: nil, "expected \(description) at the top level, found \(found.described)"))
                return false
            }
            try body(&reader)
            try reader.expectEnd()
            return true
        } catch let error as JSONSyntaxError {
            report(problem(at: error.offset, path: nil, "malformed JSON: \(error.message)"))
            return false
        }
    }
}

/// Reads the members of one JSON object of the dataset, tracking which known fields were
/// present, storing their values, and reporting wrong types, duplicates and omissions.
final class Fields {
    private let document: Document
    private let path: String
    private let report: (ImportProblem) -> Void
    /// Where the object starts, for problems about the object as a whole.
    private(set) var objectOffset = 0
    /// The known fields that appeared, valid or not (a handful: a list is quickest).
    private(set) var present: [String] = []
    /// Whether every field read so far was valid; callers clear it for their own checks.
    var isValid = true
    private var hasMembers = false

    init(document: Document, path: String, report: @escaping (ImportProblem) -> Void) {
        self.document = document
        self.path = path
        self.report = report
    }

    /// Starts the object; when the value is not an object, reports it, skips it and returns false.
    func begin(_ reader: inout JSONReader, what: String) throws -> Bool {
        objectOffset = reader.position()
        let kind = try reader.peekKind()
        guard kind == .object else {
            report(document.problem(at: objectOffset, path: path, "expected \(what), found \(kind.described)"))
            try reader.skipValue()
            isValid = false
            return false
        }
        hasMembers = try reader.beginObject()
        return true
    }

    /// Calls `body` with each member's name; `body` reads the value and returns true, or
    /// returns false for a field it does not know, whose value is then skipped.
    /// A known field given twice is reported.
    func forEachMember(_ reader: inout JSONReader, _ body: (String, inout JSONReader) throws -> Bool) throws {
        guard hasMembers else { return }
        repeat {
            let keyOffset = reader.position()
            let key = try reader.readKey()
            if present.contains(key) {
                report(document.problem(at: keyOffset, path: path, "field \(quoted(key)) appears twice"))
                isValid = false
                try reader.skipValue()
            } else if try body(key, &reader) {
                present.append(key)
            } else {
                try reader.skipValue()
            }
        } while try reader.nextMember()
    }

    /// Reports each of `names` that did not appear.
    func require(_ names: [String]) {
        for name in names where !present.contains(name) {
            report(document.problem(at: objectOffset, path: path, "missing required field \(quoted(name))"))
            isValid = false
        }
    }

    /// Reads the value of field `name` as a string, or reports its wrong type.
    func string(_ reader: inout JSONReader, _ name: String) throws -> String? {
        let offset = reader.position()
        let kind = try reader.peekKind()
        guard kind == .string else {
            return try mismatch(reader: &reader, name, at: offset, expected: "a string", found: kind.described)
        }
        return try reader.readString()
    }

    /// Reads the value of field `name` as a whole number, or reports what it is instead.
    func integer(_ reader: inout JSONReader, _ name: String) throws -> Int64? {
        let offset = reader.position()
        let kind = try reader.peekKind()
        guard kind == .number else {
            return try mismatch(reader: &reader, name, at: offset, expected: "a whole number", found: kind.described)
        }
        guard let value = try reader.readInteger() else {
            report(document.problem(at: offset, path: "\(path).\(name)", "expected a whole number that fits in 64 bits"))
            isValid = false
            return nil
        }
        return value
    }

    /// Reports a problem with field `name` itself, at `offset`.
    func problem(_ name: String, at offset: Int, _ message: String) {
        report(document.problem(at: offset, path: "\(path).\(name)", message))
        isValid = false
    }

    private func mismatch<T>(reader: inout JSONReader, _ name: String, at offset: Int, expected: String, found: String) throws -> T? {
        problem(name, at: offset, "expected \(expected), found \(found)")
        try reader.skipValue()
        return nil
    }
}
