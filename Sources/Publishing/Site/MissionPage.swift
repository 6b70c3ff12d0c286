import Questions

/// A mission's page, `missions/apollo11.html`: badge, launch date, highlights and crew, like the app's mission screen.
struct MissionPage {
    let mission: SiteMission
    let layout: SiteLayout
    let pictures: SitePictures

    var html: HTML {
        let crew = zip(mission.detail.crew, mission.crewPages).map { member, page -> HTML in
            let commander = member.canonicalRole == "Commander"
            let name = member.astronautNameOrMissing
            // An astronaut missing from the astronauts table has no page: a placeholder link.
            let link: HTML = page.map { "<a href=\"../\($0)\">" } ?? "<a>"
            return """
                <li class="crew-member\(commander ? " commander" : "")">\
                \(link)\
                \(SitePicture.portrait(id: member.astronautID, name: name, from: pictures, root: "../", class: "crew-portrait portrait"))\
                <span class="crew-text"><span class="crew-name">\(name)</span>\
                <span class="crew-role">\(member.role)</span>\
                \(commander ? "<span class=\"commander-mark\">Mission commander</span>" : HTML.empty)</span></a></li>
                """
        }
        let crewList: HTML =
            crew.isEmpty
            ? "<p class=\"secondary\">No crew is recorded for this mission.</p>"
            : "<ul class=\"roster\">\n\(HTML(joining: crew))\n</ul>"
        let mission = mission.detail
        let main: HTML = """
            <article class="mission">
            <div class="page-heading"><h1>\(mission.name)</h1>\(SiteLayout.star("mission:\(mission.id)", name: mission.name))</div>
            <div class="mission-layout">
            <div class="mission-story">
            \(SitePicture.badge(mission.badge, of: mission.name, from: pictures, root: "../", class: "mission-badge"))
            <p class="launch-date"><span class="secondary">Launch date</span> \(SiteLayout.launchDate(mission.launchDate))</p>
            <hr>
            <section class="highlights" aria-labelledby="highlights-heading">
            <h2 id="highlights-heading">Mission Highlights</h2>
            \(SiteLayout.paragraphs(mission.description))
            </section>
            </div>
            <hr class="crew-divider">
            <section class="crew" aria-labelledby="crew-heading">
            <h2 id="crew-heading">Crew</h2>
            \(crewList)
            </section>
            </div>
            </article>
            """
        return layout.page(title: "\(mission.name) · Moonshot", root: "../", kind: "mission-page", main: main)
    }
}
