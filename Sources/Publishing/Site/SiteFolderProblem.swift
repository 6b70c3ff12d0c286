/// Why the site could not be written to its folder, or only partly: the facts, which the
/// command line phrases. `target` is the folder as given, without trailing slashes.
package enum SiteFolderProblem: Error, Equatable, Sendable {
    /// The path given ("", ".", "..") cannot name a folder a site replaces.
    case unusablePath(path: String)
    case symbolicLink(target: String)
    /// The folder the target would be made in does not exist.
    case missingParent(target: String, parent: String)
    case file(target: String)
    /// The folder the target is in cannot be written in.
    case unwritableParent(parent: String)
    /// The site was written, but the previous one, moved to `staging`, could not be removed.
    case previousSiteLeft(target: String, staging: String, reason: String)
    /// Something else made the target while the site was written.
    case madeMeanwhile(target: String)
    /// The target is a folder that is not empty and has no `marker` file of moonshot's.
    case notASite(target: String, marker: String)
    case holdsCurrentDirectory(target: String)
    /// The target holds an SQLite database (or journal), `database`.
    case holdsDatabase(target: String, database: String)
}
