/// An astronaut's page, `astronauts/armstrong.html`: portrait, name, biography and the missions
/// flown, each linking back to its page.
struct AstronautPage {
    let astronaut: AstronautDetail
    let content: SiteContent

    var html: HTML {
        let badges = Dictionary(content.missions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let flights = astronaut.flights.map { flight -> HTML in
            let picture = badges[flight.missionID].map { SitePicture.badge(of: $0, root: "../", class: "flight-badge") }
                ?? SitePicture.placeholder(SitePicture.monogram(flight.missionName), label: "No badge for \(flight.missionName)", class: "flight-badge")
            let page = badges[flight.missionID].map { "../" + SiteContent.missionPage($0.badge) } ?? "../index.html"
            return """
                <li><a href="\(page)">\(picture)\
                <span class="flight-text"><span class="flight-name">\(flight.missionName)</span>\
                <span class="secondary">\(flight.role) · \(SiteLayout.launchDate(flight.launchDate))</span></span></a></li>
                """
        }
        let flightList: HTML = flights.isEmpty
            ? "<p class=\"secondary\">No mission of this dataset lists them in its crew.</p>"
            : "<ul class=\"flights\">\n\(HTML(joining: flights))\n</ul>"
        let main: HTML = """
            <article class="astronaut">
            <div class="page-heading"><h1>\(astronaut.name)</h1>\(SiteLayout.star("astronaut:\(astronaut.id)", name: astronaut.name))</div>
            \(SitePicture.portrait(id: astronaut.id, name: astronaut.name, root: "../", class: "astronaut-portrait portrait"))
            <section class="biography" aria-labelledby="biography-heading">
            <h2 id="biography-heading">Biography</h2>
            \(SiteLayout.paragraphs(astronaut.description))
            </section>
            <hr>
            <section aria-labelledby="flights-heading">
            <h2 id="flights-heading">Missions flown</h2>
            \(flightList)
            </section>
            </article>
            """
        return SiteLayout(source: content.source).page(title: "\(astronaut.name) · Moonshot", root: "../", kind: "astronaut-page", main: main)
    }
}
