/// Why the site could not be written to its folder, or only partly: the facts, which the
/// command line phrases. `target` is the folder as given, without trailing slashes.
package enum SiteFolderProblem: Error, Equatable, Sendable {
    /// The path given ("", ".", "..") cannot name a folder a site replaces.
    case unusablePath(path: String)
    case symbolicLink(target: String)
    case missingParent(target: String, parent: String)
    case file(target: String)
    case unwritableParent(parent: String)
    /// The site was written, but the previous one, moved to `staging`, could not be removed.
    case previousSiteLeft(target: String, staging: String, reason: String)
    case madeMeanwhile(target: String)
    /// The target is a folder that is not empty and has no `marker` file of moonshot's.
    case notASite(target: String, marker: String)
    case holdsCurrentDirectory(target: String)
    /// The target holds an SQLite database (or journal), `database`.
    case holdsDatabase(target: String, database: String)
}
