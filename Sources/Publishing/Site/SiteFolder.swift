import CSystem
import Dataset
import Glibc
import SystemSupport

/// Writes a website's files as a folder in one step: files go to a new hidden folder beside the target, which then takes its place in one rename.
/// A failure or a signal before that leaves the target as it was and removes the new folder.
struct SiteFolder {
    /// The file that marks a folder as a site moonshot wrote, which it may replace.
    static let markerName = ".moonshot-site"
    static let markerText = "This folder is a website written by 'moonshot site'; writing the site again replaces it whole.\n"

    /// The folder as the user gave it.
    let path: String

    /// What was at the target before.
    enum Outcome: Equatable, Sendable { case created, replaced }

    /// Writes the folder, `fill` adding its files. A folder is replaced only if it is a moonshot site, is empty, or `force` is set, and never
    /// if it holds the current directory or an SQLite database or journal (which a program may have open); all checked before `fill` is called.
    func write(force: Bool, _ fill: (SiteFiles) throws -> Void) throws -> Outcome {
        let target = String(path.reversed().drop(while: { $0 == "/" }).reversed())
        let last = target.split(separator: "/").last
        guard !target.isEmpty, last != ".", last != ".." else {
            throw SiteFolderProblem.unusablePath(path: path)
        }
        if FolderTree.isSymbolicLink(target) {
            throw SiteFolderProblem.symbolicLink(target: target)
        }
        let parent = FileSystem.directory(of: target)
        let exists: Bool
        switch FileSystem.entry(at: target) {
        case .missing:
            exists = false
            guard FileSystem.entry(at: parent) == .directory else {
                throw SiteFolderProblem.missingParent(target: target, parent: parent)
            }
        case .directory:
            exists = true
            try checkReplaceable(target, force: force)
        case .file, .other:
            throw SiteFolderProblem.file(target: target)
        }
        guard FileSystem.isWritableDirectory(parent) else {
            throw SiteFolderProblem.unwritableParent(parent: parent)
        }

        let staging = try Self.makeStagingFolder(beside: target, in: parent)
        var committed = false
        defer { if !committed { try? FolderTree.remove(staging) } }
        let files = SiteFiles(folder: staging)
        try fill(files)
        files.synchronize()
        try Interruption.check()

        if exists {
            try Self.exchange(staging, target)
            committed = true
            // `staging` now holds the previous site.
            do { try FolderTree.remove(staging) } catch {
                throw SiteFolderProblem.previousSiteLeft(target: target, staging: staging, reason: "\(error)")
            }
        } else {
            guard moonshot_rename_unless_exists(staging, target) == 0 else {
                if errno == EEXIST {
                    throw SiteFolderProblem.madeMeanwhile(target: target)
                }
                throw SystemError(operation: "move the new site to \(target)")
            }
            committed = true
        }
        FileSystem.synchronizeFolder(parent)
        return exists ? .replaced : .created
    }

    /// Swaps `staging` and `target`: in one step where the file system can (renameat2), else by two renames, undoing
    /// the first if the second fails.
    private static func exchange(_ staging: String, _ target: String) throws {
        if moonshot_exchange_paths(staging, target) == 0 { return }
        guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
            throw SystemError(operation: "put the new site in the place of \(target)")
        }
        let previous = staging + ".previous"
        guard rename(target, previous) == 0 else { throw SystemError(operation: "move \(target) aside") }
        guard rename(staging, target) == 0 else {
            let error = SystemError(operation: "move the new site to \(target)")
            rename(previous, target)
            throw error
        }
        // Where the caller removes the previous site from.
        if rename(previous, staging) != 0 { try? FolderTree.remove(previous) }
    }

    /// Throws unless the existing folder `target` may be replaced.
    private func checkReplaceable(_ target: String, force: Bool) throws {
        let names = try FolderTree.names(in: target)
        if !names.isEmpty, !names.contains(Self.markerName), !force {
            throw SiteFolderProblem.notASite(target: target, marker: Self.markerName)
        }
        if let current = Self.realPath("."), let folder = Self.realPath(target), current == folder || current.hasPrefix(folder + "/") {
            throw SiteFolderProblem.holdsCurrentDirectory(target: target)
        }
        if let database = try FolderTree.firstSQLiteFile(under: target) {
            throw SiteFolderProblem.holdsDatabase(target: target, database: database)
        }
    }

    /// A new, empty, hidden folder beside `target`: `.site.moonshot-XXXXXX`.
    private static func makeStagingFolder(beside target: String, in parent: String) throws -> String {
        let base = target.split(separator: "/").last.map(String.init) ?? target
        let folder = target.contains("/") ? (parent == "/" ? "/" : parent + "/") : ""
        var template = Array("\(folder).\(base).moonshot-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "create a folder in \(parent)") }
        let staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkdtemp makes the folder private; a site is for reading, as a new folder would be.
        let mask = umask(0o022)
        umask(mask)
        chmod(staging, 0o777 & ~mask)
        return staging
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
