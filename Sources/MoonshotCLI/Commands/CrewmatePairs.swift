import Questions

/// Who `moonshot crewmates` is asked about: one astronaut, or two (`crewmates armstrong aldrin`, `--with aldrin`).
/// Words naming one without a guess are that one; words that split into two parts that each do are the two.
extension QueryContext {
    /// The astronaut `words` names, and `other` (`--with`) or the second one the words name. Words naming two never
    /// count as one: with `--with` that is a usage error; a guess or miss from several words says how to ask about two.
    func crewmates(_ words: String, with other: String?) throws -> (AstronautReference, AstronautReference?) {
        var whole: Found<AstronautReference>? = nil
        var failure: LookupFailure? = nil
        do {
            whole = try database.resolveAstronaut(words)
        } catch let error as LookupFailure {
            failure = error
        }
        if let whole, whole.guessedFrom == nil {
            return (whole.thing, try other.map { try crewmate($0, of: whole.thing) })
        }
        // Two names, each without a guess: a guess of part of the words ("Dave R." for
        // Schweickart, in "Dave R. Scott") is too loose to split a name on.
        if let pair = try exactPair(in: words) {
            guard let other else { return (pair.0.thing, pair.1.thing) }
            throw UsageError(message: QueryWords.twoBeforeWith(words, pair.0.thing, pair.1.thing, with: other), command: "crewmates")
        }
        // Only words of several could name two.
        let couldBeTwo = other == nil && words.split(whereSeparator: \.isWhitespace).count > 1
        guard let whole else { throw couldBeTwo ? CommandFailure.notOneAstronaut(failure!) : failure! }
        note(whole, hint: couldBeTwo ? QueryWords.twoAstronautsHint : nil)
        return (whole.thing, try other.map { try crewmate($0, of: whole.thing) })
    }

    /// The `--with` astronaut, who must be another than `astronaut`.
    private func crewmate(_ text: String, of astronaut: AstronautReference) throws -> AstronautReference {
        let crewmate = try self.astronaut(text)
        guard crewmate.id != astronaut.id else {
            throw UsageError(message: QueryWords.sameAstronautTwice(text, astronaut), command: "crewmates")
        }
        return crewmate
    }

    /// The most words that are tried as two names: two names of four words each.
    private static let mostWordsOfTwoNames = 8

    /// The one pair of different astronauts `words`, split in two, names without a guess (by id or name, as
    /// `resolveAstronaut` finds them before guessing); nil when no split or several pairs do, or for too many words.
    private func exactPair(in words: String) throws -> (Found<AstronautReference>, Found<AstronautReference>)? {
        let parts = words.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count <= Self.mostWordsOfTwoNames else { return nil }
        var pairs: [(Found<AstronautReference>, Found<AstronautReference>)] = []
        for split in parts.indices.dropFirst() {
            guard let first = try exact(parts[..<split].joined(separator: " ")),
                let second = try exact(parts[split...].joined(separator: " ")), first.thing.id != second.thing.id
            else { continue }
            if !pairs.contains(where: { $0.0.thing.id == first.thing.id && $0.1.thing.id == second.thing.id }) { pairs.append((first, second)) }
        }
        return pairs.count == 1 ? pairs[0] : nil
    }

    /// The astronaut `text` names without a guess, or nil.
    private func exact(_ text: String) throws -> Found<AstronautReference>? {
        do {
            let found = try database.resolveAstronaut(text)
            return found.guessedFrom == nil ? found : nil
        } catch is LookupFailure {
            return nil
        }
    }
}
