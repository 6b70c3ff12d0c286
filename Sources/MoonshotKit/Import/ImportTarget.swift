/// The database an import writes into, checked before any work is done, and the scratch
/// database beside it where the new content is built and validated first.
struct ImportTarget {
    /// The database path as the user gave it.
    let path: String
    /// Where the new content is built: `moonshot.db.import-PID`, in the same folder, so that
    /// it is on the same device and the user's choice of place holds for it too.
    let scratchPath: String

    /// Checks that a database can be made or changed at `path`, and removes scratch databases
    /// that killed imports left beside it.
    init(path: String) throws {
        let folder = FileSystem.directory(of: path)
        switch FileSystem.entry(at: folder) {
        case .directory: break
        case .missing:
            throw MoonshotError("cannot create \(path): the folder \(folder) does not exist",
                                hint: "Create the folder first, or choose another path with --db.")
        default:
            throw MoonshotError("cannot create \(path): \(folder) is not a folder", hint: "Choose another path with --db.")
        }
        switch FileSystem.entry(at: path) {
        case .missing, .file: break
        case .directory:
            throw MoonshotError("\(path) is a folder, not a database file",
                                hint: "Give a file path with --db, such as --db \(path)/moonshot.db.")
        case .other:
            throw MoonshotError("\(path) is not a regular file", hint: "Choose another path with --db.")
        }
        guard FileSystem.isWritableDirectory(folder) else {
            throw MoonshotError("cannot write in \(folder): permission denied",
                                hint: "Choose a folder you can write to with --db.")
        }
        self.path = path
        self.scratchPath = Self.scratchPrefix(for: path) + String(FileSystem.processID)
        removeAbandonedScratch()
    }

    /// Removes this import's scratch database, once it is closed.
    func removeScratch() {
        FileSystem.removeFile(scratchPath)
    }

    /// `moonshot.db.import-`: the start of the name of a scratch database.
    private static func scratchPrefix(for path: String) -> String { path + ".import-" }

    /// Deletes scratch databases of imports that were killed (their process is gone).
    private func removeAbandonedScratch() {
        let folder = FileSystem.directory(of: path)
        let prefix = String(Self.scratchPrefix(for: path).split(separator: "/").last ?? "")
        for name in FileSystem.entries(in: folder, startingWith: prefix) {
            guard let pid = Int(name.dropFirst(prefix.count)), !FileSystem.isProcessAlive(pid) else { continue }
            FileSystem.removeFile(folder + "/" + name)
        }
    }
}
