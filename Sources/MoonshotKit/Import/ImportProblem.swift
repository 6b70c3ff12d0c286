/// One thing wrong with an input file, located as precisely as possible.
public struct ImportProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it ("missions.json", "data/astronauts.json").
    public let file: String
    /// Line and column in the file, when the problem is at a place in it.
    public let location: TextLocation?
    /// Where in the document, such as `[3].crew[1].name` or `["armstrong"].id`.
    public let path: String?
    /// What is wrong.
    public let message: String

    public init(file: String, location: TextLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// `missions.json:12:25: [3].crew[1].name: unknown astronaut "amstrong"; ...`
    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": "
        if let path, !path.isEmpty { text += "\(path): " }
        return text + message
    }
}

/// An import or check that found problems in its input; nothing was written.
public struct ImportFailure: Error, Sendable {
    /// The problems found, in file order, at most `DatasetReader.problemLimit` of them.
    public let problems: [ImportProblem]
    /// How many more problems were found but not listed.
    public let unlistedCount: Int

    /// The total number of problems found.
    public var count: Int { problems.count + unlistedCount }
}
