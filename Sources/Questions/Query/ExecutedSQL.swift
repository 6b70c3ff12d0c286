import SQLite
import Store

/// A statement a query ran, with its parameters, for `--show-sql`.
package struct ExecutedSQL: Sendable {
    package let sql: String
    /// The values of its `?` parameters, in order.
    package let parameters: [SQLValue]
    /// The values of its named parameters, by name without the colon (`:mission_id`).
    package let named: NamedValues
    /// How many rows moonshot read of it, when it stopped early (`search --limit`).
    package let limit: Int?
    /// How many rows it passed over before those, for a further page of a search's hits.
    package let offset: Int

    package init(sql: String, parameters: [SQLValue] = [], named: NamedValues = [:], limit: Int? = nil, offset: Int = 0) {
        (self.sql, self.parameters, self.named, self.limit, self.offset) = (sql, parameters, named, limit, offset)
    }

    /// The statement with its parameters as SQL literals, and moonshot's `LIMIT` and `OFFSET`, to paste into `sqlite3`.
    /// For display only: the statement itself always runs with bound parameters.
    package var runnable: String {
        let text = String(withValues.trimmingWhitespace())
        guard let limit else { return text }
        return text + "\nLIMIT \(limit)" + (offset > 0 ? " OFFSET \(offset)" : "")
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
                if index < characters.count {
                    output.append(characters[index])
                    index += 1
                }
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
