/// A word as bash or zsh reads it, without running or expanding anything: quotes and backslashes removed, a leading `~` or `~/` the home folder,
/// while `$`, backquotes, globs, braces and `~user` stay as written. The completion scripts pass words as typed, so this is done once, here.
struct ShellWord {
    /// What the word stands for.
    let value: String
    /// The quote (`'` or `"`) the word ends inside, when it is not closed yet: a word being typed.
    let openQuote: Character?
    /// What the word stands for up to its open quote.
    private let valueBeforeOpenQuote: String

    init(_ written: String, home: String?) {
        var value = ""
        var beforeQuote = ""
        var quote: Character? = nil
        var characters = written[...]
        if let home, !home.isEmpty, characters.first == "~", characters.dropFirst().first ?? "/" == "/" {
            value = home
            characters.removeFirst()
        }
        while let character = characters.popFirst() {
            switch (quote, character) {
            case (nil, "\\"):
                // A backslash before a line break joins the lines.
                if let next = characters.popFirst(), next != "\n" { value.append(next) }
            case (nil, "'"), (nil, "\""):
                quote = character
                beforeQuote = value
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("\"", "\\"):
                if let next = characters.first, "$`\"\\\n".contains(next) {
                    characters.removeFirst()
                    if next != "\n" { value.append(next) }
                } else {
                    value.append(character)
                }
            default:
                value.append(character)
            }
        }
        self.value = value
        openQuote = quote
        valueBeforeOpenQuote = beforeQuote
    }

    /// `name` (starting with this word's value) as bash must insert it, verbatim, in the word's place to pass exactly
    /// `name`: in an open quote bash replaces only what follows the quote and closes it itself; else the whole word.
    func bashReplacement(for name: String) -> String {
        var written = ""
        switch openQuote {
        case "'":
            for character in name.dropFirst(valueBeforeOpenQuote.count) {
                written += character == "'" ? "'\\''" : String(character)
            }
        case "\"":
            for character in name.dropFirst(valueBeforeOpenQuote.count) {
                if character == "!" {
                    // History expansion happens inside double quotes; outside, `\!` is `!`.
                    written += "\"\\!\""
                } else {
                    if "$`\"\\".contains(character) { written.append("\\") }
                    written.append(character)
                }
            }
        default:
            return name.map { character in
                !character.isASCII || character.isLetter || character.isNumber || "_./,@%+-=:".contains(character)
                    ? String(character) : "\\" + String(character)
            }.joined()
        }
        guard let openQuote else { return written }
        // Bash closes the quote only after a replacement that does not end with that quote character: close it here.
        if written.last == openQuote { written.append(openQuote) }
        // Bash does not double the open quote: a replacement starting with it replaces the open quote too, so that
        // quote is written once more.
        if written.first == openQuote { written.insert(openQuote, at: written.startIndex) }
        return written
    }
}
