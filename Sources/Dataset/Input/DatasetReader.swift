import SystemSupport

/// A validated record, in the order the files hold them.
package enum Record: Sendable {
    /// An astronaut and its number in the new database (`astronauts.number`): its position in astronauts.json, from 1.
    case astronaut(Astronaut, number: Int64)
    case mission(Mission)
}

/// How many records an import holds.
package struct DatasetCounts: Equatable, Sendable {
    package var missions = 0
    package var astronauts = 0
    package var crew = 0

    package init(missions: Int = 0, astronauts: Int = 0, crew: Int = 0) {
        (self.missions, self.astronauts, self.crew) = (missions, astronauts, crew)
    }
}

/// Reads astronauts.json and missions.json in one pass each, validating every record and counting every problem (the first listed with their place).
/// Records go to the sink only while no problem has been found; after that, reading goes on only to report the remaining problems.
package final class DatasetReader {
    /// The records read so far.
    package private(set) var counts = DatasetCounts()

    private let log = ProblemLog()
    private let sink: ((Record) throws -> Void)?
    /// Every astronaut id, or nil when astronauts.json could not be read to the end.
    private var astronautIDs: Set<ExactString>? = []
    /// The index in missions.json of the first mission with each id, for duplicate messages.
    private var missionIndexByID: [Int64: Int] = [:]
    private var astronautsFileName = "astronauts.json"

    /// A reader that hands valid records to `sink` (nil to only validate).
    package init(sink: ((Record) throws -> Void)?) {
        self.sink = sink
    }

    /// Whether everything read so far is valid.
    package var isValid: Bool { log.count == 0 }

    /// Throws `ImportFailure` with the problems found, if there are any.
    package func throwProblems() throws(ImportFailure) {
        guard log.count == 0 else { throw ImportFailure(problems: log.listed, unlistedCount: log.count - log.listed.count) }
    }

    /// Reads both files, astronauts first so crew names can be checked against them (unchecked without astronauts.json); a nil file is skipped.
    /// Input problems (a file unreadable or changing meanwhile) are collected; sink errors and `Interrupted` are thrown.
    package func read(astronauts: InputFile?, missions: InputFile?) throws {
        do {
            if let astronauts { try readAstronauts(astronauts) } else { astronautIDs = nil }
            if let missions { try readMissions(missions) }
        } catch let problem as ImportProblem {
            log.report(problem)
        }
    }

    /// Reports a problem found outside the files' text (one that could not be opened, say).
    package func report(_ problem: ImportProblem) {
        log.report(problem)
    }

    private func readAstronauts(_ file: InputFile) throws {
        astronautsFileName = file.displayName
        let document = Document(file, problems: log)
        var firstKeyLocation: [ExactString: TextLocation] = [:]
        let complete = try document.readTopLevel(expecting: .object, description: "an object of astronauts keyed by id") { reader in
            guard try reader.beginObject() else { return }
            var position = 0
            repeat {
                let keyOffset = try reader.position()
                let location = document.location(of: keyOffset)
                // Until its key is read, an astronaut is known by its place among the members.
                try document.readRecord(&reader, what: "this astronaut", path: "(member \(position + 1))", isMember: true) { reader in
                    let key = try reader.readKey()
                    let path = "[\(quoted(key))]"
                    if let first = firstKeyLocation[ExactString(key)] {
                        document.report(at: keyOffset, path: path, "duplicate astronaut key \(quoted(key)); it is already defined at \(first)")
                        try reader.skipValue()
                        return
                    }
                    firstKeyLocation[ExactString(key)] = location
                    if let astronaut = try readAstronaut(key: key, path: path, document: document, reader: &reader) {
                        counts.astronauts += 1
                        if isValid { try sink?(.astronaut(astronaut, number: Int64(counts.astronauts))) }
                    }
                }
                position += 1
            } while try reader.nextMember()
        }
        astronautIDs = complete ? Set(firstKeyLocation.keys) : nil
    }

    private func readAstronaut(key: String, path: String, document: Document, reader: inout JSONReader) throws -> Astronaut? {
        let fields = Fields(document: document, path: path)
        guard try fields.begin(&reader, what: "an astronaut object") else { return nil }
        var id: String?
        var name: String?
        var description: String?
        try fields.forEachMember(&reader) { field, reader in
            switch field {
            case "id":
                let offset = try reader.position()
                id = try fields.string(&reader, "id")
                if let id, id.isEmpty {
                    fields.problem("id", at: offset, "id is empty")
                } else if let id, ExactString(id) != ExactString(key) {
                    let alike = id == key ? " (they look alike but use different Unicode characters)" : ""
                    fields.problem("id", at: offset, "id \(quoted(id)) differs from its key \(quoted(key))\(alike); they must be the same")
                }
            case "name":
                name = try fields.string(&reader, "name", nonBlank: true)
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

    private func readMissions(_ file: InputFile) throws {
        let document = Document(file, problems: log)
        _ = try document.readTopLevel(expecting: .array, description: "an array of missions") { reader in
            guard try reader.beginArray() else { return }
            var index = 0
            repeat {
                let path = "[\(index)]"
                try document.readRecord(&reader, what: "this mission", path: path, isMember: false) { reader in
                    if let mission = try readMission(path: path, index: index, document: document, reader: &reader) {
                        counts.missions += 1
                        counts.crew += mission.crew.count
                        if isValid { try sink?(.mission(mission)) }
                    }
                }
                index += 1
            } while try reader.nextElement()
        }
    }

    private func readMission(path: String, index: Int, document: Document, reader: inout JSONReader) throws -> Mission? {
        let fields = Fields(document: document, path: path)
        guard try fields.begin(&reader, what: "a mission object") else { return nil }
        var id: Int64?
        var launchDate: LaunchDate?
        var crew: [CrewMember]?
        var description: String?
        try fields.forEachMember(&reader) { field, reader in
            switch field {
            case "id":
                let offset = try reader.position()
                id = try fields.integer(&reader, "id")
                if let id {
                    if let first = missionIndexByID[id] {
                        fields.problem("id", at: offset, "duplicate mission id \(id); mission [\(first)] already has it")
                    } else {
                        missionIndexByID[id] = index
                    }
                }
            case "launchDate":
                let offset = try reader.position()
                if try reader.peekKind() == .null {
                    try reader.readLiteral()
                } else if let text = try fields.string(&reader, "launchDate") {
                    launchDate = LaunchDate(iso: text)
                    if launchDate == nil {
                        fields.problem(
                            "launchDate", at: offset,
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
        let offset = try reader.position()
        let kind = try reader.peekKind()
        guard kind == .array else {
            document.report(at: offset, path: path, "expected an array of crew members, found \(kind.described)")
            try reader.skipValue()
            return nil
        }
        var crew: [CrewMember] = []
        var isValid = true
        // The place in this crew of each name seen so far.
        var indexByName: [ExactString: Int] = [:]
        guard try reader.beginArray() else { return crew }
        var index = 0
        repeat {
            let memberPath = "\(path)[\(index)]"
            let fields = Fields(document: document, path: memberPath)
            if try fields.begin(&reader, what: "a crew member object") {
                var name: String?
                var role: String?
                try fields.forEachMember(&reader) { field, reader in
                    switch field {
                    case "name":
                        let offset = try reader.position()
                        name = try fields.string(&reader, "name")
                        guard let name else { break }
                        if let earlier = indexByName[ExactString(name)] {
                            fields.problem("name", at: offset, "\(quoted(name)) is already in this crew at crew[\(earlier)]")
                        } else {
                            indexByName[ExactString(name)] = index
                            if let ids = astronautIDs, !ids.contains(ExactString(name)) {
                                fields.problem("name", at: offset, unknownAstronautMessage(name, ids: ids))
                            }
                        }
                    case "role":
                        role = try fields.string(&reader, "role", nonBlank: true)
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
        // Suggestions cost a scan of every id: only for problems that may be listed.
        guard log.hasRoom else { return message }
        let closest = Suggestions.closest(to: name, among: ids.lazy.map(\.value))
        message +=
            closest.isEmpty
            ? "; crew names must be astronaut ids (the keys of \(astronautsFileName))"
            : "; closest astronaut ids: " + closest.joined(separator: ", ")
        return message
    }
}
