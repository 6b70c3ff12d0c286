/// One thing wrong with an input file, located as precisely as possible.
package struct ImportProblem: Error, Sendable, CustomStringConvertible {
    /// The file as the user named it ("missions.json", "data/astronauts.json").
    package let file: String
    /// Line and column in the file, when the problem is at a place in it.
    package let location: TextLocation?
    /// Where in the document, such as `[3].crew[1].name` or `["armstrong"].id`.
    package let path: String?
    package let message: String
    /// The byte offset in the file, until the location is worked out from it.
    var offset: Int?

    package init(file: String, location: TextLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// A problem at byte `offset` of `file`, to be located later (see `ProblemLog`).
    init(file: String, offset: Int, path: String?, message: String) {
        self.init(file: file, path: path, message: message)
        self.offset = offset
    }

    /// `missions.json:12:25: [3].crew[1].name: unknown astronaut "amstrong"; ...`
    package var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": "
        if let path, !path.isEmpty { text += "\(path): " }
        return text + message
    }
}

/// The problems an import finds: a count of all, and the first `limit` in file order with line and column. Problems in a record are located in
/// one pass once it is read, keeping only those listed, so a million problems cost one pass and a hundred messages.
final class ProblemLog {
    /// The most problems listed; further ones are counted but not described.
    static let limit = 100

    private(set) var listed: [ImportProblem] = []
    /// Problems of the record being read, not located yet: at most the room left.
    private var pending: [ImportProblem] = []
    /// Every problem reported, listed or not.
    private(set) var count = 0

    /// Whether a problem reported now may be listed, and so is worth describing in detail.
    var hasRoom: Bool { listed.count + pending.count < Self.limit }

    func report(_ problem: ImportProblem) {
        count += 1
        // A problem with no place in the file (one that ended its reading) is always listed.
        guard problem.offset != nil else {
            listed.append(problem)
            return
        }
        if hasRoom {
            pending.append(problem)
        } else if let latest = pending.indices.max(by: { pending[$0].offset! < pending[$1].offset! }),
            problem.offset! < pending[latest].offset!
        {
            // A record's own problem is found after those of its fields: keep the first in the file.
            pending[latest] = problem
        }
    }

    /// Lists the waiting problems in file order, located by `locate`, which gets their offsets in increasing order.
    func flush(locate: (Int) -> TextLocation) {
        guard !pending.isEmpty else { return }
        for problem in pending.enumerated().sorted(by: { ($0.element.offset!, $0.offset) < ($1.element.offset!, $1.offset) }) {
            let problem = problem.element
            listed.append(ImportProblem(file: problem.file, location: locate(problem.offset!), path: problem.path, message: problem.message))
        }
        pending.removeAll()
    }

}

/// An import or check that found problems in its input; nothing was written.
package struct ImportFailure: Error, Sendable {
    /// The problems found, in file order, at most `ProblemLog.limit` of them.
    package let problems: [ImportProblem]
    /// How many more problems were found but not listed.
    package let unlistedCount: Int

    package var count: Int { problems.count + unlistedCount }

    package init(problems: [ImportProblem], unlistedCount: Int) {
        (self.problems, self.unlistedCount) = (problems, unlistedCount)
    }
}
