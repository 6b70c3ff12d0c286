import Dataset
import Publishing

/// What the user reads when a site cannot be written to its folder.
enum SiteFolderWords {
    static func message(_ problem: SiteFolderProblem) -> ErrorMessage {
        switch problem {
        case .unusablePath(let path):
            ErrorMessage("\(quoted(path)) cannot be replaced by a site", hint: "Give a new folder, such as 'site'.")
        case .symbolicLink(let target):
            ErrorMessage("\(target) is a symbolic link; moonshot replaces only a real folder", hint: "Give the folder it points to, or a new one.")
        case .missingParent(let target, let parent):
            ErrorMessage("there is no folder \(parent) to write \(target) in", hint: "Create it first: mkdir -p \(shellQuoted(parent))")
        case .file(let target):
            ErrorMessage("\(target) is a file, not a folder; it was left as it is", hint: "Give a folder for the site, such as 'site'.")
        case .unwritableParent(let parent):
            ErrorMessage("cannot write in \(parent): permission denied", hint: "Give a folder where you may create files.")
        case .previousSiteLeft(let target, let staging, let reason):
            ErrorMessage(
                "the site was written to \(target), but the previous one could not be removed from \(staging) (\(reason))",
                hint: "Remove it by hand: rm -r \(shellQuoted(staging))")
        case .madeMeanwhile(let target):
            ErrorMessage("\(target) was created by something else while the site was written; it was left as it is", hint: "Run the command again.")
        case .notASite(let target, let marker):
            ErrorMessage(
                "\(target) is a folder that moonshot did not write (it has no \(marker) file); it was left as it is",
                hint: "Give a new or empty folder, or add --force to replace \(target) and everything in it.")
        case .holdsCurrentDirectory(let target):
            ErrorMessage("\(target) holds the current directory; it was left as it is", hint: "Run the command from outside it, or give another folder.")
        case .holdsDatabase(let target, let database):
            ErrorMessage(
                "\(target) holds an SQLite database (\(database)), which another program may have open; it was left as it is",
                hint: "Move the database out of it, or give another folder for the site.")
        }
    }
}
