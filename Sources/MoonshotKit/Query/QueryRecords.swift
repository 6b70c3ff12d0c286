/// One line of `moonshot missions`.
public struct MissionSummary: Equatable, Sendable {
    public let id: Int64
    public let displayName: String
    public let launchDate: LaunchDate?
    /// The commander's name, or nil for a mission without one.
    public let commander: String?
    public let crewSize: Int
}

/// One astronaut's place on one mission's crew.
public struct CrewAssignment: Equatable, Sendable {
    public let missionID: Int64
    public let missionName: String
    public let launchDate: LaunchDate?
    /// 1 for the first in the source's crew list.
    public let position: Int
    public let astronautID: String
    public let astronautName: String
    /// The role title as the source writes it.
    public let role: String
    /// The role's canonical title ("Commander" for "Command Pilot" too).
    public let canonicalRole: String
}

/// Everything about one mission: `moonshot mission 11`.
public struct MissionDetail: Equatable, Sendable {
    public let id: Int64
    public let displayName: String
    public let badgeImage: String
    public let launchDate: LaunchDate?
    public let description: String
    public let crew: [CrewAssignment]
}

/// One line of `moonshot astronauts`.
public struct AstronautSummary: Equatable, Sendable {
    public let id: String
    public let name: String
    public let missionCount: Int
}

/// Everything about one astronaut: `moonshot astronaut armstrong`.
public struct AstronautDetail: Equatable, Sendable {
    public let id: String
    public let name: String
    public let description: String
    /// The missions flown, in launch order.
    public let flights: [CrewAssignment]
}

/// One result of `moonshot search`.
public struct SearchHit: Equatable, Sendable {
    public enum Kind: String, Sendable { case mission, astronaut }
    public let kind: Kind
    /// The mission number or astronaut id.
    public let key: String
    /// "Apollo 13" or "James A. Lovell Jr.".
    public let title: String
    /// The best-matching stretch of text on one line, matched words marked `*like this*`.
    public let snippet: String
}

/// A statement a query ran, with its parameters, for `--show-sql`.
public struct ExecutedSQL: Equatable, Sendable {
    public let sql: String
    /// The values of its `?` parameters, in order.
    public let parameters: [SQLValue]
    /// The values of its named parameters, by name without the colon (`:mission_id`).
    public let named: [String: SQLValue]
    /// How many rows moonshot read of it, when it stopped early (`search --limit`).
    public let limit: Int?

    public init(sql: String, parameters: [SQLValue] = [], named: [String: SQLValue] = [:], limit: Int? = nil) {
        (self.sql, self.parameters, self.named, self.limit) = (sql, parameters, named, limit)
    }

    /// The statement with its parameters written in as SQL literals (and the `LIMIT` moonshot
    /// applied), ready to paste into `sqlite3`. For display only: the statement itself always
    /// runs with bound parameters.
    public var runnable: String {
        var text = withValues
        while text.last?.isWhitespace == true { text.removeLast() }
        return limit.map { text + "\nLIMIT \($0)" } ?? text
    }

    private var withValues: String {
        let characters = Array(sql)
        var output = ""
        var index = 0
        var nextParameter = 0
        /// The characters from `index` on that `accepts`, consumed.
        func take(while accepts: (Character) -> Bool) -> String {
            let start = index
            while index < characters.count, accepts(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "'", "\"":
                output.append(character)
                output += take { $0 != character }
                if index < characters.count { output.append(characters[index]); index += 1 }
            case "-" where index < characters.count && characters[index] == "-":
                output.append(character)
                output += take { $0 != "\n" }
            case "?":
                let digits = take { $0.isASCII && $0.isNumber }
                let number = Int(digits).map { $0 - 1 } ?? nextParameter
                nextParameter = number + 1
                output += number < parameters.count ? parameters[number].sqlLiteral : "?" + digits
            case ":":
                let name = take { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                output += named[name]?.sqlLiteral ?? ":" + name
            default:
                output.append(character)
            }
        }
        return output
    }
}

extension SQLValue {
    /// The value as an SQL literal: `NULL`, `42`, `'it''s'`, `X'00FF'`.
    public var sqlLiteral: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingAll("'", with: "''") + "'"
        case .blob(let bytes): return "X'" + bytes.map { hex($0, width: 2) }.joined() + "'"
        }
    }
}

extension String {
    /// The string with every `target` character replaced by `replacement`.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
