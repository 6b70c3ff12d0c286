import Questions

/// The website's first page, `index.html`: mission badges in a grid (or a list), astronauts below, a search box and the
/// data the script searches. A large dataset takes several such pages (see `IndexPages`); this is page `page`.
struct MissionsPage {
    let missions: [SiteMission]
    let astronauts: [SiteAstronaut]
    let page: Int
    let pages: IndexPages
    let layout: SiteLayout
    let pictures: SitePictures

    var html: HTML {
        let missionCards = missions.map(\.detail).map { mission in
            Self.card(
                key: "mission:\(mission.id)", page: SitePaths.missionPage(id: mission.id),
                picture: SitePicture.badge(mission.badge, of: mission.name, from: pictures, root: "", class: "card-picture"),
                title: mission.name, detail: SiteLayout.launchDate(mission.launchDate))
        }
        let astronautCards = astronauts.map { entry in
            let astronaut = entry.detail
            let flown = astronaut.flights.map(\.missionNameOrMissing).joined(separator: ", ")
            return Self.card(
                key: "astronaut:\(astronaut.id)", page: entry.page,
                picture: SitePicture.portrait(id: astronaut.id, name: astronaut.name, from: pictures, root: "", class: "card-picture portrait"),
                title: astronaut.name, detail: "\(flown.isEmpty ? "No missions" : flown)")
        }
        let main: HTML = """
            <h1>Moonshot</h1>\(pages.navigation(page))
            <div class="toolbar" hidden>
            <div class="search" role="search">
            <label id="search-label" for="search-input">\(pages.searchLabel)</label>
            <div class="search-field">
            <ul class="tokens" id="search-tokens" aria-label="Filters"></ul>
            <div class="combobox" id="search-combobox" role="combobox" aria-expanded="false" aria-haspopup="listbox" \
            aria-owns="search-suggestions" aria-labelledby="search-label">
            <input id="search-input" type="text" aria-autocomplete="list" aria-controls="search-suggestions" \
            autocomplete="off" spellcheck="false" placeholder="Name, role or words">
            </div>
            </div>
            <ul class="suggestions" id="search-suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
            </div>
            <button type="button" class="layout-toggle" id="layout-toggle">Show as list</button>
            </div>
            <p class="result-count" id="result-count" role="status"></p>
            \(section("missions", "Missions", missionCards))
            \(section("astronauts", "Astronauts", astronautCards))
            <script type="application/json" id="site-data">\(SearchData(missions: missions.map(\.detail), astronauts: astronauts.map(\.detail)).html)</script>
            """
        return layout.page(title: pages.title(page), root: "", kind: "missions-page", main: main, current: IndexPages.fileName(page))
    }

    /// The list `id` of `cards` under heading `title`: on page 1 even when empty, on later pages only with cards.
    private func section(_ id: String, _ title: String, _ cards: [HTML]) -> HTML {
        guard !cards.isEmpty || page == 1 else { return .empty }
        return """
            <section aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading">\(title)</h2>
            <ul class="cards" id="\(id)">
            \(HTML(joining: cards))
            </ul>
            </section>
            """
    }

    /// A grid card linking to `page` (picture, title, detail) with a star; the script knows it by `key` ("mission:11").
    private static func card(key: String, page: String, picture: HTML, title: String, detail: HTML) -> HTML {
        """
        <li class="card" data-key="\(key)">
        <a class="card-link" href="\(page)">\(picture)\
        <span class="card-label"><span class="card-title">\(title)</span>\
        <span class="card-detail">\(detail)</span></span></a>
        \(SiteLayout.star(key, name: title))
        </li>
        """
    }
}
