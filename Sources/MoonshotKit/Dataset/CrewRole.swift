/// Canonical crew role titles, so that differently written titles count as one role.
public enum CrewRole {
    /// The title every commander gets, whatever the source calls the role.
    public static let commander = "Commander"

    /// Titles the source uses for a role that has another canonical name, keyed by folded title.
    /// Apollo 1's "Command Pilot" (Grissom) was the mission's commander.
    static let aliases: [String: String] = [
        "command pilot": commander,
    ]

    /// The canonical title of `title`: a known alias's role, otherwise the title with
    /// spaces collapsed and each word capitalised ("command module  pilot" → "Command Module Pilot").
    public static func canonicalTitle(for title: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace })
        let folded = words.joined(separator: " ").lowercased()
        if let alias = aliases[folded] { return alias }
        return words.map { word in
            word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }
}
