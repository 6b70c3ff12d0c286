import Dataset
import SQLite
import Store

extension Statement {
    /// Column `index` as text; throws when it is NULL, which a moonshot database never has there.
    package func notNullText(_ index: Int) throws -> String {
        guard let value = text(index) else { throw unexpectedNull(index) }
        return value
    }

    package func notNullInt64(_ index: Int) throws -> Int64 {
        guard let value = int64(index) else { throw unexpectedNull(index) }
        return value
    }

    func notNullInt(_ index: Int) throws -> Int { Int(try notNullInt64(index)) }

    /// Column `index` as a launch date, nil for NULL or anything that is not one.
    package func launchDate(_ index: Int) -> LaunchDate? {
        text(index).flatMap(LaunchDate.init(iso:))
    }

    private func unexpectedNull(_ index: Int) -> DatabaseProblem {
        .unexpectedNull(column: columnName(index))
    }
}

/// The lists a canned query returns in one column as a JSON array of id-and-name objects, a name null where its table
/// lacks the row: a mission's crew (`crew_names`), two astronauts' shared missions (`shared_missions`).
extension Statement {
    func astronautList(_ index: Int) throws -> [AstronautReference] {
        try idsAndNames(index).map { id, name in
            let id = id.text ?? ""
            return name.map { AstronautReference(id: id, name: $0) } ?? .onlyInCrew(id)
        }
    }

    func missionList(_ index: Int) throws -> [MissionReference] {
        try idsAndNames(index).map { id, name in
            let id = id.integer ?? 0
            return name.map { MissionReference(id: id, name: $0, launchDate: nil) } ?? .onlyInCrew(id)
        }
    }

    /// Each object's first member (a string or a whole number) and its second (a string or null).
    private func idsAndNames(_ index: Int) throws -> [(id: Scalar, name: String?)] {
        let utf8 = Array((try notNullText(index)).utf8)
        return try utf8.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            var list: [(id: Scalar, name: String?)] = []
            guard try reader.beginArray() else { return list }
            repeat {
                guard try reader.beginObject() else { throw unexpectedNull(index) }
                _ = try reader.readKey()
                let id: Scalar = try reader.peekKind() == .string ? .text(try reader.readString()) : .integer(try reader.readInteger())
                guard try reader.nextMember() else { throw unexpectedNull(index) }
                _ = try reader.readKey()
                var name: String? = nil
                if try reader.peekKind() == .null { try reader.readLiteral() } else { name = try reader.readString() }
                while try reader.nextMember() { try reader.skipValue() }
                list.append((id, name))
            } while try reader.nextElement()
            return list
        }
    }

    /// A list item's id.
    private enum Scalar {
        case text(String)
        case integer(Int64?)

        var text: String? { if case .text(let value) = self { value } else { nil } }
        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    }
}
