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
        if let ascii = asciiCanonicalTitle(for: title) { return ascii }
        let words = title.split(whereSeparator: { $0.isWhitespace })
        let folded = words.joined(separator: " ").lowercased()
        if let alias = aliases[folded] { return alias }
        return words.map { word in
            word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }

    /// The same folding for a title of ASCII letters and spaces only (every title in the
    /// Apollo data), done on bytes; nil for anything else.
    private static func asciiCanonicalTitle(for title: String) -> String? {
        var folded: [UInt8] = []
        var startOfWord = true
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                startOfWord = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if startOfWord && !folded.isEmpty { folded.append(UInt8(ascii: " ")) }
                folded.append(byte | 0x20)  // lower case
                startOfWord = false
            default:
                return nil
            }
        }
        let lowered = String(decoding: folded, as: UTF8.self)
        if let alias = aliases[lowered] { return alias }
        var titled = folded
        for index in titled.indices where index == 0 || titled[index - 1] == UInt8(ascii: " ") {
            titled[index] &= ~0x20  // upper case
        }
        return String(decoding: titled, as: UTF8.self)
    }
}
