import Questions

/// An astronaut's page, `astronauts/armstrong.html`: portrait, name, biography and missions flown, each linked.
struct AstronautPage {
    let astronaut: SiteAstronaut
    let layout: SiteLayout
    let pictures: SitePictures

    var html: HTML {
        let flights = zip(astronaut.detail.flights, astronaut.flightBadges).map { flight, badge -> HTML in
            let name = flight.missionNameOrMissing
            guard let badge else {
                // A mission missing from the missions table has no page or badge: a placeholder link.
                return """
                    <li><a><span class="flight-text"><span class="flight-name">\(name)</span>\
                    <span class="secondary">\(flight.role)</span></span></a></li>
                    """
            }
            let picture = SitePicture.badge(badge, of: name, from: pictures, root: "../", class: "flight-badge")
            return """
                <li><a href="../\(SitePaths.missionPage(id: flight.missionID))">\(picture)\
                <span class="flight-text"><span class="flight-name">\(name)</span>\
                <span class="secondary">\(flight.role) · \(SiteLayout.launchDate(flight.launchDate))</span></span></a></li>
                """
        }
        let flightList: HTML =
            flights.isEmpty
            ? "<p class=\"secondary\">No mission of this dataset lists them in its crew.</p>"
            : "<ul class=\"flights\">\n\(HTML(joining: flights))\n</ul>"
        let astronaut = astronaut.detail
        let main: HTML = """
            <article class="astronaut">
            <div class="page-heading"><h1>\(astronaut.name)</h1>\(SiteLayout.star("astronaut:\(astronaut.id)", name: astronaut.name))</div>
            \(SitePicture.portrait(id: astronaut.id, name: astronaut.name, from: pictures, root: "../", class: "astronaut-portrait portrait"))
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
        return layout.page(title: "\(astronaut.name) · Moonshot", root: "../", kind: "astronaut-page", main: main)
    }
}
