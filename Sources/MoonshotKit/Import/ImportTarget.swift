/// The database file an import replaces, checked before any work is done.
///
/// An import writes a new database beside the target, under a temporary name, and renames
/// it over the target only once it is complete and on disk. Readers of the old file keep
/// seeing the old content; a failed or killed import leaves the target untouched.
struct ImportTarget {
    /// The database path as the user gave it.
    let path: String
    /// The file that is replaced: `path`, or the file it links to when it is a symbolic link.
    let location: String
    /// The permission bits of the database being replaced, which the new one keeps.
    let permissions: UInt32?
    /// Where the new database is built before it replaces `location`.
    let temporaryPath: String
    /// Where the full-text index is built before it is copied into the new database.
    var temporarySearchPath: String { temporaryPath + ".search" }
    /// The provenance rows of the database being replaced, oldest first.
    let history: [Row]

    /// Checks that `path` can be written and, if it exists, that it is a moonshot database.
    init(path: String) throws {
        let location = FileSystem.resolvingLinks(path)
        let folder = FileSystem.directory(of: location)
        switch FileSystem.entry(at: folder) {
        case .directory: break
        case .missing:
            throw MoonshotError("cannot create \(path): the folder \(folder) does not exist",
                                hint: "Create the folder first, or choose another path with --db.")
        default:
            throw MoonshotError("cannot create \(path): \(folder) is not a folder", hint: "Choose another path with --db.")
        }
        var history: [Row] = []
        var permissions: UInt32?
        switch FileSystem.entry(at: location) {
        case .missing, .file(size: 0):
            break
        case .directory:
            throw MoonshotError("\(path) is a folder, not a database file",
                                hint: "Give a file path with --db, such as --db \(path)/moonshot.db.")
        case .other:
            throw MoonshotError("\(path) is not a regular file", hint: "Choose another path with --db.")
        case .file:
            if let error = FileSystem.readError(location) {
                throw MoonshotError("cannot read \(path): \(error.reason)", hint: "Check its permissions, or choose another path with --db.")
            }
            history = try Self.provenance(ofExisting: path)
            permissions = FileSystem.permissions(of: location)
        }
        guard FileSystem.isWritableDirectory(folder) else {
            throw MoonshotError("cannot write in \(folder): permission denied",
                                hint: "Choose a folder you can write to with --db.")
        }
        self.path = path
        self.location = location
        self.permissions = permissions
        self.temporaryPath = Self.temporaryPrefix(for: location) + String(FileSystem.processID)
        self.history = history
        removeAbandonedTemporaryFiles()
    }

    /// The provenance table of an existing database, refusing any file moonshot did not make.
    private static func provenance(ofExisting path: String) throws -> [Row] {
        let notOurs = MoonshotError(
            "\(path) exists but is not a moonshot database; it was left as it is",
            hint: "Move it away, or choose another path with --db.")
        do {
            let database = try Database(path: path, mode: .readOnly)
            guard let version = try MoonshotDatabase.schemaVersion(of: database) else { throw notOurs }
            if version > MoonshotDatabase.schemaVersion {
                throw MoonshotError("\(path) was made by a newer moonshot (schema version \(version)); it was left as it is",
                                    hint: "Use a newer moonshot, or import into another file with --db.")
            }
            return try database.rows("SELECT * FROM imports ORDER BY id")
        } catch let error as SQLiteError where error.isBusy {
            throw MoonshotError("\(path) is busy: another process is writing to it", hint: "Try again when it has finished.")
        } catch is SQLiteError {
            throw notOurs
        }
    }

    /// `moonshot.db.import-`: the start of the name of a database under construction.
    private static func temporaryPrefix(for path: String) -> String { path + ".import-" }

    /// Deletes databases under construction left by imports that were killed.
    private func removeAbandonedTemporaryFiles() {
        let folder = FileSystem.directory(of: location)
        let prefix = String(Self.temporaryPrefix(for: location).split(separator: "/").last ?? "")
        for name in FileSystem.entries(in: folder, startingWith: prefix) {
            guard let pid = Int(name.dropFirst(prefix.count).prefix(while: \.isNumber)), !FileSystem.isProcessAlive(pid) else { continue }
            FileSystem.removeFile(folder + "/" + name)
        }
    }

    /// The input hashes of the newest import in the replaced database.
    var previousInputHashes: InputHashes? {
        // Columns: id, imported_at, tool_version, missions_source, missions_sha256, astronauts_source, astronauts_sha256, ...
        guard let last = history.last, let missions = last.text(4), let astronauts = last.text(6) else { return nil }
        return InputHashes(missions: missions, astronauts: astronauts)
    }
}
