/// The missions page in pages of `size` missions and `size` astronauts (`index.html`, `index-2.html`...), linked to
/// each other, so no page, nor the memory to write it, grows with the dataset; Apollo's fits on one.
struct IndexPages {
    /// The most missions, and the most astronauts, one page lists.
    static let size = 500

    let missionCount: Int
    let astronautCount: Int

    /// How many pages there are: at least one.
    var count: Int { max(1, (max(missionCount, astronautCount) + Self.size - 1) / Self.size) }

    /// The file of page `page` (from 1): "index.html", "index-2.html"...
    static func fileName(_ page: Int) -> String { page == 1 ? "index.html" : "index-\(page).html" }

    func title(_ page: Int) -> String {
        "Moonshot: the Apollo missions" + (count > 1 ? ", page \(page) of \(count)" : "")
    }

    /// What the search box searches: the page it is on, when there are several.
    var searchLabel: String {
        count > 1 ? "Search the missions and astronauts of this page" : "Search missions and astronauts"
    }

    /// Where page `page` is among the others, with links to them, on a line of its own; nothing when there is one page.
    func navigation(_ page: Int) -> HTML {
        guard count > 1 else { return .empty }
        var links: [HTML] = []
        if page > 1 {
            links.append("<li><a href=\"\(Self.fileName(1))\">First page</a></li>")
            links.append("<li><a href=\"\(Self.fileName(page - 1))\" rel=\"prev\">Previous page</a></li>")
        }
        if page < count {
            links.append("<li><a href=\"\(Self.fileName(page + 1))\" rel=\"next\">Next page</a></li>")
            links.append("<li><a href=\"\(Self.fileName(count))\">Last page</a></li>")
        }
        return """

            <nav class="index-pages" aria-label="Pages of the index">
            <p>Page \(page) of \(count): \(shown(page, of: missionCount, "missions")); \(shown(page, of: astronautCount, "astronauts")). \
            The search box searches this page.</p>
            <ul>
            \(HTML(joining: links))
            </ul>
            </nav>
            """
    }

    /// "missions 501 to 1000 of 60000".
    private func shown(_ page: Int, of total: Int, _ noun: String) -> String {
        let first = (page - 1) * Self.size + 1
        guard total > 0 else { return "no \(noun)" }
        guard first <= total else { return "no \(noun) (all \(total) are on earlier pages)" }
        return "\(noun) \(first) to \(min(first + Self.size - 1, total)) of \(total)"
    }
}
