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
        if let pair = try exactPair(in: words) {
            guard let other else { return pair }
            throw UsageError(message: QueryWords.twoBeforeWith(words, pair.0, pair.1, with: other), command: "crewmates")
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

    /// The one pair of different astronauts that `words`, split in two, name without a guess
    /// (by id or name, as `resolveAstronaut` finds them before it guesses); nil when no split
    /// or more than one pair does.
    private func exactPair(in words: String) throws -> (AstronautReference, AstronautReference)? {
        let parts = words.split(whereSeparator: \.isWhitespace).map(String.init)
        var pairs: [(AstronautReference, AstronautReference)] = []
        for split in parts.indices.dropFirst() {
            guard let first = try exact(parts[..<split].joined(separator: " ")),
                let second = try exact(parts[split...].joined(separator: " ")), first.id != second.id,
                !pairs.contains(where: { $0.0.id == first.id && $0.1.id == second.id })
            else { continue }
            pairs.append((first, second))
        }
        return pairs.count == 1 ? pairs[0] : nil
    }

    /// The astronaut `text` names without a guess, or nil.
    private func exact(_ text: String) throws -> AstronautReference? {
        do {
            let found = try database.resolveAstronaut(text)
            return found.guessedFrom == nil ? found.thing : nil
        } catch is LookupFailure {
            return nil
        }
    }
}
