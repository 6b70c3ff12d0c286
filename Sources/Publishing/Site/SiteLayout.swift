import Dataset
import Questions
import Store

/// What every page shares: the head, the header, and a footer with the data's sources, licences, import and edits.
struct SiteLayout {
    let source: ImportRecord?
    /// Changes since the import, if any: its hashes then no longer describe the pages, so the footer says what changed.
    let edits: DataEdits?

    /// A whole page; `root` leads to the site's top ("" or "../"), `current` names the navigation link to it, if any.
    func page(title: String, root: String, kind: String, main: HTML, current: String? = nil) -> HTML {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="moonshot \(MoonshotVersion.current)">
        <title>\(title)</title>
        <link rel="stylesheet" href="\(root)style.css">
        <script src="\(root)site.js" defer></script>
        </head>
        <body class="\(kind)">
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
        <a class="site-title" href="\(root)index.html">Moonshot</a>
        \(Self.navigation(root: root, current: current))
        </header>
        <main id="main">
        \(main)
        </main>
        \(footer)
        </body>
        </html>

        """
    }

    /// The links to the site's main pages, on every page.
    private static func navigation(root: String, current: String?) -> HTML {
        let links = [("index.html", "Missions"), (TimelinePage.fileName, "Timeline")].map { file, name -> HTML in
            let mark: HTML = file == current ? " aria-current=\"page\"" : .empty
            return "<li><a href=\"\(root)\(file)\"\(mark)>\(name)</a></li>"
        }
        return "<nav class=\"site-navigation\" aria-label=\"Site\"><ul>\(HTML(joining: links, separator: ""))</ul></nav>"
    }

    /// A star that marks `key` ("mission:11") as a favourite; the script shows it.
    static func star(_ key: String, name: String) -> HTML {
        """
        <button type="button" class="star" data-favourite="\(key)" aria-pressed="false" hidden>\
        <span aria-hidden="true">★</span><span class="visually-hidden">Favourite: <bdi>\(name)</bdi></span></button>
        """
    }

    /// The launch date as the app shows it, "Jul 16, 1969", or "N/A".
    static func launchDate(_ date: LaunchDate?) -> HTML {
        guard let date else { return "N/A" }
        return "<time datetime=\"\(date.iso)\">\(date.abbreviated)</time>"
    }

    /// `text`'s paragraphs (separated by line breaks) as `<p>` elements.
    static func paragraphs(_ text: String) -> HTML {
        let parts = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0.trimmingWhitespace()) }
            .filter { !$0.isEmpty }
        return HTML(joining: parts.map { "<p>\($0)</p>" })
    }

    private var footer: HTML {
        var importLine: HTML = "The database records no import."
        if let source {
            let files: HTML =
                source.isBuiltIn
                ? "the Apollo dataset built into moonshot"
                : "<bdi>\(fileName(source.missionsSource))</bdi> and <bdi>\(fileName(source.astronautsSource))</bdi>"
            let imported: HTML = """
                Imported <time datetime="\(source.importedAt)">\(readableTimestamp(source.importedAt))</time> \
                by moonshot \(source.toolVersion) from \(files)
                """
            importLine =
                edits.map { "\(imported); \($0.summary)." } ?? """
                    \(imported). SHA-256 of the missions: \
                    <code>\(source.missionsSHA256)</code>; of the astronauts: <code>\(source.astronautsSHA256)</code>.
                    """
        } else if let edits {
            importLine = "The database records no import; \(edits.summary)."
        }
        let dataLine: HTML =
            source.map { !$0.isBuiltIn } ?? false
            ? "The credits below are those of moonshot's built-in Apollo dataset and its pictures."
            : ""
        return """
            <footer class="site-footer">
            <p>\(importLine) \(dataLine)</p>
            <p>Data: <a href="\(Credits.sourceURL)">the Moonshot app's dataset</a>, by Hacking with Swift, \
            released under the <a href="\(Credits.dataLicenseURL)">\(Credits.dataLicense)</a>. \
            The mission and astronaut descriptions are text from <a href="\(Credits.descriptionSourceURL)">Wikipedia</a>, \
            by its authors, under <a href="\(Credits.descriptionLicenseURL)">\(Credits.descriptionLicense)</a>. \
            \(Credits.picturesCredit)</p>
            </footer>
            """
    }

    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
