import Dataset

/// Manual page words no command's description holds: environment, default database, examples, programs and credits.
enum ManualWords {
    /// The page's `.Dd` date: when what it says last changed (a page rendered on another day is the same page).
    static let date = "December 7, 2026"

    /// The environment variables moonshot reads, with what each does.
    static let environment: [(variable: String, meaning: String)] = [
        (GlobalOptions.databaseVariable, "The database file, when --db names none."),
        ("COLUMNS", "The width tables are laid out for, when set; else the terminal's width, when the output is a terminal."),
        ("PATH", "Where 'moonshot shell' looks for the sqlite3 command."),
        (
            "SQLITE_TMPDIR",
            "The folder where 'moonshot check' puts its private copy of the database, which needs about the database's size free; else TMPDIR, /var/tmp, /usr/tmp, /tmp or the current folder, the first that may be written in."
        ),
        ("TMPDIR", "That folder, when SQLITE_TMPDIR is not set."),
    ]

    /// What OUTPUT FIELDS says before the fields.
    static let fields =
        "The questions name each value the same way in every format: these are the JSON keys and the CSV headers, and, "
        + "in capitals or as labels, the table headings ('LAUNCH DATE', 'Launch date:'). A table shows some of an answer's fields; "
        + "JSON and CSV show them all. 'moonshot sql' prints its query's own column names."

    /// What FILES says of `GlobalOptions.defaultDatabase`.
    static let defaultDatabase =
        "The database, in the current folder, when neither --db nor $\(GlobalOptions.databaseVariable) names one."

    /// Command lines to try, each with what it does; the first word after `moonshot` is a command.
    static let examples: [(what: String, command: String)] = [
        ("Import the built-in Apollo dataset into moonshot.db, in the current folder:", "moonshot import"),
        ("Who flew on Apollo 13, and who commanded it:", "moonshot crew 13\nmoonshot commander 13"),
        ("An astronaut's missions, as JSON:", "moonshot flights James Lovell --format json"),
        ("Search the descriptions, best matches first:", "moonshot search lunar rover"),
        ("Run SQL of your own, read-only, and see the tables it may use:", "moonshot sql \"SELECT name, launch_date FROM missions\"\nmoonshot schema"),
        ("Write the website into the folder site:", "moonshot site site"),
        (
            "Install completions for bash and this manual page:",
            "moonshot completions bash > ~/.local/share/bash-completion/completions/moonshot\nmoonshot manual > ~/.local/share/man/man1/moonshot.1"
        ),
    ]

    /// Programs that open moonshot's database, besides sqlite3(1).
    static let programs: [(name: String, url: String)] = [
        ("Datasette", "https://datasette.io/"),
        ("sqlite-utils", "https://sqlite-utils.datasette.io/"),
    ]

    /// A piece of the credits: text, or a link with the punctuation after it.
    enum CreditPart {
        case text(String)
        case link(url: String, name: String?, punctuation: String)
    }

    /// Where the built-in dataset comes from and under which licences, as the README and the site's footer say.
    static let credits: [CreditPart] = [
        .text("The built-in missions and astronauts are the Moonshot app's dataset, by Paul Hudson of Hacking with Swift: SwiftUI/project8-files in"),
        .link(url: "https://github.com/twostraws/HackingWithSwift", name: nil, punctuation: ","),
        .text("released into the public domain under the"),
        .link(url: Credits.dataLicenseURL, name: Credits.dataLicense, punctuation: "."),
        .text("The mission and astronaut descriptions are text from Wikipedia, by its authors, under"),
        .link(url: Credits.descriptionLicenseURL, name: Credits.descriptionLicense, punctuation: ";"),
        .text(
            "moonshot carries that text inside it and in every database it creates, and the same licence applies to it there."
        ),
        .text(Credits.picturesCredit),
    ]
}

extension ExitStatus {
    /// What the status means, as the manual says.
    var meaning: String {
        switch self {
        case .success: "Success."
        case .failure: "The command failed: bad input, no database, no match."
        case .usage: "A mistake on the command line: an unknown command or option, or a missing argument."
        case .hangUp: "An import, export, repair or site was stopped by SIGHUP."
        case .interrupted: "An import, export, repair or site was stopped by Ctrl-C (SIGINT)."
        case .terminated: "An import, export, repair or site was stopped by SIGTERM."
        }
    }
}
