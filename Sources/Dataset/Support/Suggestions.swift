/// Suggestions for a name the user or a file got slightly wrong.
package enum Suggestions {
    /// Up to `limit` `candidates` nearest `query` by edit distance, ignoring case, leaving out any too far to be typos.
    /// Queries over `longestQuery` characters and candidates too long to be in reach are skipped, so work stays small.
    package static func closest(to query: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let target = Array(query.lowercased().unicodeScalars)
        guard target.count <= longestQuery else { return [] }
        let allowed = max(2, target.count / 2)
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate.utf8.count <= 4 * (target.count + allowed) {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars), stopAbove: allowed)
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    static let longestQuery = 64

    /// The Levenshtein distance between `a` and `b`, or a value above `stopAbove` once it must exceed it.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], stopAbove: Int) -> Int {
        if abs(a.count - b.count) > stopAbove { return stopAbove + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > stopAbove { return stopAbove + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
