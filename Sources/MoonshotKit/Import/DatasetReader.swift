/// A validated record, in the order the files hold them.
public enum Record: Sendable {
    /// An astronaut, and its rowid in the new database: its position in astronauts.json.
    case astronaut(Astronaut, rowID: Int64)
    case mission(Mission)
}

/// How many records an import holds.
public struct DatasetCounts: Equatable, Sendable {
    public var missions = 0
    public var astronauts = 0
    public var crew = 0

    public init(missions: Int = 0, astronauts: Int = 0, crew: Int = 0) {
        (self.missions, self.astronauts, self.crew) = (missions, astronauts, crew)
    }
}

/// Reads astronauts.json and missions.json in one pass each, validating every record and
/// collecting every problem with its file, line, column and path.
///
/// Records go to the sink as they are validated, but only while no problem has been found:
/// once the input is known to be bad there is nothing worth writing, and reading goes on
/// only to report the remaining problems.
public final class DatasetReader {
    /// The most problems listed; further ones are counted but not described.
    public static let problemLimit = 100

    /// The problems found so far, in file order and, within a file, by position.
    public var problems: [ImportProblem] {
        // Problems with an object as a whole are found after those with its members: sort
        // within each file, keeping the files in the order they were read.
        let fileOrder = Dictionary(recorded.map(\.file).enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return recorded.enumerated().sorted { a, b in
            let keyA = (fileOrder[a.element.file]!, a.element.location?.line ?? 0, a.element.location?.column ?? 0, a.offset)
            let keyB = (fileOrder[b.element.file]!, b.element.location?.line ?? 0, b.element.location?.column ?? 0, b.offset)
            return keyA < keyB
        }.map(\.element)
    }
    private var recorded: [ImportProblem] = []
    /// Problems found beyond `problemLimit`.
    public private(set) var unlistedProblemCount = 0
    /// The records read so far.
    public private(set) var counts = DatasetCounts()

    private let sink: ((Record) throws -> Void)?
    /// Every astronaut id, or nil when astronauts.json could not be read to the end.
    private var astronautIDs: Set<ExactString>? = []
    /// The index in missions.json of the first mission with each id, for duplicate messages.
    private var missionIndexByID: [Int64: Int] = [:]

    /// A reader that hands valid records to `sink` (nil to only validate).
    public init(sink: ((Record) throws -> Void)?) {
        self.sink = sink
    }

    /// Whether everything read so far is valid.
    public var isValid: Bool { recorded.isEmpty }

    /// Throws `ImportFailure` with the problems found, if there are any.
    public func throwProblems() throws(ImportFailure) {
        guard isValid else { throw ImportFailure(problems: problems, unlistedCount: unlistedProblemCount) }
    }

    /// Reads both files, astronauts first so that crew names can be checked against them.
    /// Problems in the input are collected, not thrown; errors from the sink are thrown.
    public func read(astronauts: InputFile, missions: InputFile) throws {
        try readAstronauts(astronauts)
        try readMissions(missions)
    }

    // MARK: astronauts.json

    private func readAstronauts(_ file: InputFile) throws {
        astronautsFileName = file.displayName
        let document = Document(file)
        var firstKeyOffset: [ExactString: Int] = [:]
        var ids = Set<ExactString>()
        let complete = try document.readTopLevel(expecting: .object, description: "an object of astronauts keyed by id", report: record) { reader in
            guard try reader.beginObject() else { return }
            repeat {
                let keyOffset = reader.position()
                let key = try reader.readKey()
                let path = "[\(quoted(key))]"
                if let first = firstKeyOffset[ExactString(key)] {
                    record(document.problem(at: keyOffset, path: path,
                        "duplicate astronaut key \(quoted(key)); it is already defined at line \(document.location(of: first).line)"))
                    try reader.skipValue()
                } else {
                    firstKeyOffset[ExactString(key)] = keyOffset
                    ids.insert(ExactString(key))
                    if let astronaut = try readAstronaut(key: key, path: path, document: document, reader: &reader) {
                        counts.astronauts += 1
                        if isValid { try sink?(.astronaut(astronaut, rowID: Int64(counts.astronauts))) }
                    }
                }
                document.releaseConsumedBytes(upTo: reader.offset)
            } while try reader.nextMember()
        }
        astronautIDs = complete ? ids : nil
    }

    private func readAstronaut(key: String, path: String, document: Document, reader: inout JSONReader) throws -> Astronaut? {
        let fields = Fields(document: document, path: path, report: record)
        guard try fields.begin(&reader, what: "an astronaut object") else { return nil }
        var id: String?, name: String?, description: String?
        try fields.forEachMember(&reader) { field, reader in
            switch field {
            case "id":
                let offset = reader.position()
                id = try fields.string(&reader, "id")
                if let id, id.isEmpty {
                    fields.problem("id", at: offset, "id is empty")
                } else if let id, ExactString(id) != ExactString(key) {
                    let alike = id == key ? " (they look alike but use different Unicode characters)" : ""
                    fields.problem("id", at: offset, "id \(quoted(id)) differs from its key \(quoted(key))\(alike); they must be the same")
                }
            case "name":
                let offset = reader.position()
                name = try fields.string(&reader, "name")
                if let name, name.allSatisfy(\.isWhitespace) { fields.problem("name", at: offset, "name is empty") }
            case "description":
                description = try fields.string(&reader, "description")
            default:
                return false
            }
            return true
        }
        fields.require(["id", "name", "description"])
        guard fields.isValid, let id, let name, let description else { return nil }
        return Astronaut(id: id, name: name, description: description)
    }

    // MARK: missions.json

    private func readMissions(_ file: InputFile) throws {
        let document = Document(file)
        _ = try document.readTopLevel(expecting: .array, description: "an array of missions", report: record) { reader in
            guard try reader.beginArray() else { return }
            var index = 0
            repeat {
                if let mission = try readMission(index: index, document: document, reader: &reader) {
                    counts.missions += 1
                    counts.crew += mission.crew.count
                    if isValid { try sink?(.mission(mission)) }
                }
                index += 1
                document.releaseConsumedBytes(upTo: reader.offset)
            } while try reader.nextElement()
        }
    }

    private func readMission(index: Int, document: Document, reader: inout JSONReader) throws -> Mission? {
        let path = "[\(index)]"
        let fields = Fields(document: document, path: path, report: record)
        guard try fields.begin(&reader, what: "a mission object") else { return nil }
        var id: Int64?, launchDate: LaunchDate?, crew: [CrewMember]?, description: String?
        try fields.forEachMember(&reader) { field, reader in
            switch field {
            case "id":
                let offset = reader.position()
                id = try fields.integer(&reader, "id")
                if let id {
                    if let first = missionIndexByID[id] {
                        fields.problem("id", at: offset, "duplicate mission id \(id); mission [\(first)] already has it")
                    } else {
                        missionIndexByID[id] = index
                    }
                }
            case "launchDate":
                let offset = reader.position()
                if try reader.peekKind() == .null {
                    try reader.readLiteral()
                } else if let text = try fields.string(&reader, "launchDate") {
                    launchDate = LaunchDate(iso: text)
                    if launchDate == nil {
                        fields.problem("launchDate", at: offset,
                            "\(quoted(text)) is not a real calendar date written YYYY-MM-DD, like \"1969-07-16\"")
                    }
                }
            case "description":
                description = try fields.string(&reader, "description")
            case "crew":
                crew = try readCrew(path: path + ".crew", document: document, reader: &reader)
                if crew == nil { fields.isValid = false }
            default:
                return false
            }
            return true
        }
        fields.require(["id", "crew", "description"])
        guard fields.isValid, let id, let crew, let description else { return nil }
        return Mission(id: id, launchDate: launchDate, crew: crew, description: description)
    }

    /// The crew list, or nil when any entry of it is invalid (each problem reported).
    private func readCrew(path: String, document: Document, reader: inout JSONReader) throws -> [CrewMember]? {
        let offset = reader.position()
        let kind = try reader.peekKind()
        guard kind == .array else {
            record(document.problem(at: offset, path: path, "expected an array of crew members, found \(kind.described)"))
            try reader.skipValue()
            return nil
        }
        var crew: [CrewMember] = []
        var isValid = true
        // Names seen so far in this crew, in order: a crew is a few entries, a list is quickest.
        var names: [(name: String, index: Int)] = []
        guard try reader.beginArray() else { return crew }
        var index = 0
        repeat {
            let memberPath = "\(path)[\(index)]"
            let fields = Fields(document: document, path: memberPath, report: record)
            if try fields.begin(&reader, what: "a crew member object") {
                var name: String?, role: String?
                try fields.forEachMember(&reader) { field, reader in
                    switch field {
                    case "name":
                        let offset = reader.position()
                        name = try fields.string(&reader, "name")
                        guard let name else { break }
                        if let earlier = names.first(where: { ExactString($0.name) == ExactString(name) })?.index {
                            fields.problem("name", at: offset, "\(quoted(name)) is already in this crew at crew[\(earlier)]")
                        } else if let ids = astronautIDs, !ids.contains(ExactString(name)) {
                            fields.problem("name", at: offset, unknownAstronautMessage(name, ids: ids))
                        }
                        names.append((name, index))
                    case "role":
                        let offset = reader.position()
                        role = try fields.string(&reader, "role")
                        if let role, role.allSatisfy(\.isWhitespace) { fields.problem("role", at: offset, "role is empty") }
                    default:
                        return false
                    }
                    return true
                }
                fields.require(["name", "role"])
                if fields.isValid, let name, let role {
                    crew.append(CrewMember(astronautID: name, role: role))
                } else {
                    isValid = false
                }
            } else {
                isValid = false
            }
            index += 1
        } while try reader.nextElement()
        return isValid ? crew : nil
    }

    private func unknownAstronautMessage(_ name: String, ids: Set<ExactString>) -> String {
        var message = "\(quoted(name)) is not an astronaut in \(astronautsFileName)"
        // Suggestions cost a scan of every id: only for problems that will be listed.
        guard recorded.count < Self.problemLimit else { return message }
        let closest = Suggestions.closest(to: name, among: ids.lazy.map(\.value))
        message += closest.isEmpty
            ? "; crew names must be astronaut ids (the keys of \(astronautsFileName))"
            : "; closest astronaut ids: " + closest.joined(separator: ", ")
        return message
    }

    private var astronautsFileName = "astronauts.json"

    private func record(_ problem: ImportProblem) {
        if recorded.count < Self.problemLimit {
            recorded.append(problem)
        } else {
            unlistedProblemCount += 1
        }
    }
}
