import SystemSupport

/// One input file being read: the window of bytes the JSON reader works in (about a megabyte, so memory does not grow with the file), its records,
/// and where each problem is; a record over `largestRecord` bytes is reported (at its start) and skipped without being held.
final class Document: JSONByteSource {
    /// The most bytes one record (a mission, or an astronaut with its key) may take in a file.
    static let largestRecord = 16 << 20
    private static let readSize = 1 << 20

    let file: InputFile
    private let problems: ProblemLog
    private var buffer: UnsafeMutableRawBufferPointer
    /// The file offset of `buffer[0]`, and how many bytes from there are held.
    private var origin = 0, count = 0
    /// Line and column at an offset at or after `origin`: it passes over bytes before they go.
    private var cursor = TextCursor()
    private var atEnd = false

    init(_ file: InputFile, problems: ProblemLog) {
        self.file = file
        self.problems = problems
        buffer = .allocate(byteCount: Self.readSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Reports a problem at byte `offset` of this file.
    func report(at offset: Int, path: String?, _ message: String) {
        problems.report(ImportProblem(file: file.displayName, offset: offset, path: path, message: message))
    }

    /// Reads the top-level value, which must be of `kind`, with `body`, then checks nothing follows; returns whether
    /// the whole file was read. A syntax error or a top-level value of the wrong kind is reported and ends the reading.
    func readTopLevel(expecting kind: JSONKind, description: String, _ body: (inout JSONReader) throws -> Void) throws -> Bool {
        defer { problems.flush(locate: location(of:)) }
        var reader = try JSONReader(source: self)
        do {
            let found = try reader.peekKind()
            guard found == kind else {
                report(at: reader.offset, path: nil, "expected \(description) at the top level, found \(found.described)")
                return false
            }
            try body(&reader)
            try reader.expectEnd()
            return true
        } catch let error as JSONSyntaxError {
            report(at: error.offset, path: nil, "malformed JSON: \(error.message)")
            return false
        } catch is RecordTooLarge {
            // Outside a record (or while skipping one): a single value past the limit.
            report(at: reader.offset, path: nil, "a value here runs past \(Self.largestRecord >> 20) MiB, the most one record may take")
            return false
        }
    }

    /// Reads one record (an astronauts.json member from its key, or a missions.json element) with `body`, its bytes
    /// held until done, then locates its problems. A record larger than `largestRecord` is reported and skipped.
    func readRecord(_ reader: inout JSONReader, what: String, path: String, isMember: Bool, _ body: (inout JSONReader) throws -> Void) throws {
        let start = try reader.position()
        let depth = reader.depth
        reader.pinned = start
        defer {
            reader.pinned = nil
            problems.flush(locate: location(of:))
        }
        do {
            try body(&reader)
        } catch is RecordTooLarge {
            report(
                at: start, path: path,
                "\(what) takes more than \(Self.largestRecord >> 20) MiB of the file, the most one record may take; it was skipped")
            problems.flush(locate: location(of:))
            reader.pinned = nil
            reader.rewind(to: start, depth: depth)
            if isMember { try reader.skipKey(holding: false) }
            try reader.skipValue(holding: false)
        }
    }

    /// The line and column of `offset`, which is held and not before any offset located before.
    func location(of offset: Int) -> TextLocation {
        moveCursor(to: offset)
        return cursor.location
    }

    private func moveCursor(to offset: Int) {
        let target = min(max(offset, cursor.offset), origin + count)
        let bytes = UnsafeBufferPointer(
            start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + (cursor.offset - origin),
            count: target - cursor.offset)
        cursor.advance(over: bytes)
    }

    func window(keepingFrom keep: Int, needing needed: Int) throws -> (origin: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if needed - keep > Self.largestRecord { throw RecordTooLarge() }
        try Interruption.check()
        // The bytes before `keep` go: the cursor passes over them first.
        moveCursor(to: keep)
        let dropped = keep - origin
        if dropped > 0 {
            count -= dropped
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + dropped, byteCount: count)
            origin = keep
        }
        while !atEnd && origin + count < needed + Self.readSize / 2 {
            if count + Self.readSize / 2 > buffer.count { grow() }
            let read = try file.readNext(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            count += read
            atEnd = read == 0
        }
        return (origin, UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
    }

    private func grow() {
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
        larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: count)
        buffer.deallocate()
        buffer = larger
    }
}

/// Thrown by the window when a record grows past `Document.largestRecord`.
struct RecordTooLarge: Error {}

/// Reads a dataset object's members, tracking known fields and reporting wrong types, duplicates and omissions.
final class Fields {
    private let document: Document
    private let path: String
    /// Where the object starts, for problems about the object as a whole.
    private(set) var objectOffset = 0
    /// The known fields that appeared, valid or not (a handful: a list is quickest).
    private(set) var present: [String] = []
    /// Whether every field read so far was valid; callers clear it for their own checks.
    var isValid = true
    private var hasMembers = false

    init(document: Document, path: String) {
        self.document = document
        self.path = path
    }

    /// Starts the object; when the value is not an object, reports it, skips it and returns false.
    func begin(_ reader: inout JSONReader, what: String) throws -> Bool {
        objectOffset = try reader.position()
        let kind = try reader.peekKind()
        guard kind == .object else {
            document.report(at: objectOffset, path: path, "expected \(what), found \(kind.described)")
            try reader.skipValue()
            isValid = false
            return false
        }
        hasMembers = try reader.beginObject()
        return true
    }

    /// Calls `body` with each member's name; `body` reads the value and returns true, or false for an unknown field,
    /// whose value is then skipped. A known field given twice is reported.
    func forEachMember(_ reader: inout JSONReader, _ body: (String, inout JSONReader) throws -> Bool) throws {
        guard hasMembers else { return }
        repeat {
            let keyOffset = try reader.position()
            let key = try reader.readKey()
            if present.contains(key) {
                document.report(at: keyOffset, path: path, "field \(quoted(key)) appears twice")
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
            document.report(at: objectOffset, path: path, "missing required field \(quoted(name))")
            isValid = false
        }
    }

    /// Reads the value of field `name` as a string, or reports its wrong type (or, if `nonBlank`, that it is only white space).
    func string(_ reader: inout JSONReader, _ name: String, nonBlank: Bool = false) throws -> String? {
        let offset = try reader.position()
        let kind = try reader.peekKind()
        guard kind == .string else {
            return try mismatch(reader: &reader, name, at: offset, expected: "a string", found: kind.described)
        }
        let string = try reader.readString()
        if nonBlank, string.allSatisfy(\.isWhitespace) { problem(name, at: offset, "\(name) is empty") }
        return string
    }

    /// Reads the value of field `name` as a whole number, or reports what it is instead.
    func integer(_ reader: inout JSONReader, _ name: String) throws -> Int64? {
        let offset = try reader.position()
        let kind = try reader.peekKind()
        guard kind == .number else {
            return try mismatch(reader: &reader, name, at: offset, expected: "a whole number", found: kind.described)
        }
        let value = try reader.readInteger()
        if value == nil { problem(name, at: offset, "expected a whole number that fits in 64 bits") }
        return value
    }

    /// Reports a problem with field `name` itself, at `offset`.
    func problem(_ name: String, at offset: Int, _ message: String) {
        document.report(at: offset, path: "\(path).\(name)", message)
        isValid = false
    }

    private func mismatch<T>(reader: inout JSONReader, _ name: String, at offset: Int, expected: String, found: String) throws -> T? {
        problem(name, at: offset, "expected \(expected), found \(found)")
        try reader.skipValue()
        return nil
    }
}
