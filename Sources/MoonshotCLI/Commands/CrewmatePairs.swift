import MoonshotKit

/// Who `moonshot crewmates` is asked about: one astronaut, or two (`crewmates armstrong
/// aldrin`, `crewmates armstrong --with aldrin`). Words that name one astronaut without a
/// guess are that one; words that do not, but split into two parts that each do, are the two.
extension QueryContext {
    /// The astronaut `words` names, and `other` (the `--with` astronaut) or the second one the
    /// words name. Never one astronaut when the words name two: with `--with` too, that is a
    /// usage error; a guess or a failure to find one, from several words, says how to ask
    /// about two.
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
        // Two names without a guess, else two that are guesses (`jim lovell fred haise`).
        if let pair = try pair(in: words, guessing: false) ?? pair(in: words, guessing: true) {
            guard let other else {
                note(pair.0)
                note(pair.1)
                return (pair.0.thing, pair.1.thing)
            }
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

    /// The one pair of different astronauts that `words`, split in two, name (without a guess,
    /// by id or name, as `resolveAstronaut` finds them before it guesses, unless `guessing`);
    /// nil when no split or more than one pair does, or there are too many words for two names.
    private func pair(in words: String, guessing: Bool) throws -> (Found<AstronautReference>, Found<AstronautReference>)? {
        let parts = words.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count <= Self.mostWordsOfTwoNames else { return nil }
        var pairs: [(Found<AstronautReference>, Found<AstronautReference>)] = []
        for split in parts.indices.dropFirst() {
            guard let first = try found(parts[..<split].joined(separator: " "), guessing: guessing),
                let second = try found(parts[split...].joined(separator: " "), guessing: guessing), first.thing.id != second.thing.id
            else { continue }
            if !pairs.contains(where: { $0.0.thing.id == first.thing.id && $0.1.thing.id == second.thing.id }) { pairs.append((first, second)) }
        }
        return pairs.count == 1 ? pairs[0] : nil
    }

    /// The astronaut `text` names (without a guess, unless `guessing` and `text` has two words
    /// or more: one word alone, `Jim` or `lov`, is too loose a guess to split a name on), or nil.
    private func found(_ text: String, guessing: Bool) throws -> Found<AstronautReference>? {
        do {
            let found = try database.resolveAstronaut(text)
            let isLooseGuess = found.guessedFrom != nil && (!guessing || !text.contains(" "))
            return isLooseGuess ? nil : found
        } catch is LookupFailure {
            return nil
        }
    }
}
