/// The website's first page, `index.html`: the missions' badges in a grid (or a list), the
/// astronauts below them, a search box and the data the script searches.
struct MissionsPage {
    let content: SiteContent

    var html: HTML {
        let missions = content.missions.map { mission in
            Self.card(key: "mission:\(mission.id)", page: SiteContent.missionPage(mission.badge),
                      picture: SitePicture.badge(of: mission, root: "", class: "card-picture"),
                      title: mission.name, detail: SiteLayout.launchDate(mission.launchDate))
        }
        let astronauts = content.astronauts.map { astronaut in
            let flown = astronaut.flights.map(\.missionName).joined(separator: ", ")
            return Self.card(key: "astronaut:\(astronaut.id)", page: content.astronautPage(astronaut.id),
                             picture: SitePicture.portrait(id: astronaut.id, name: astronaut.name, root: "", class: "card-picture portrait"),
                             title: astronaut.name, detail: "\(flown.isEmpty ? "No missions" : flown)")
        }
        let main: HTML = """
            <h1>Moonshot</h1>
            <div class="toolbar" hidden>
            <div class="search" role="search">
            <label id="search-label" for="search-input">Search missions and astronauts</label>
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
            <button type="button" class="layout-toggle" id="layout-toggle" aria-pressed="false">List view</button>
            </div>
            <p class="result-count" id="result-count" role="status"></p>
            <section aria-labelledby="missions-heading">
            <h2 id="missions-heading">Missions</h2>
            <ul class="cards" id="missions">
            \(HTML(joining: missions))
            </ul>
            </section>
            <section aria-labelledby="astronauts-heading">
            <h2 id="astronauts-heading">Astronauts</h2>
            <ul class="cards" id="astronauts">
            \(HTML(joining: astronauts))
            </ul>
            </section>
            <script type="application/json" id="site-data">\(SearchData(content: content).html)</script>
            """
        return SiteLayout(source: content.source).page(title: "Moonshot: the Apollo missions", root: "", kind: "missions-page", main: main)
    }

    /// A card of the grid: picture, title and detail linking to `page`, with a star; `key`
    /// ("mission:11") is what the script knows it by.
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
