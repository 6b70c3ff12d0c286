import Dataset
import Questions

/// The timeline page, `timeline.html`: the chart (`TimelineChart`) in a sideways-scrolling box, and the same facts as
/// two tables, missions and astronauts, with the same links.
struct TimelinePage {
    static let fileName = "timeline.html"

    let timeline: Timeline
    let layout: SiteLayout
    let pictures: SitePictures

    var html: HTML {
        let main: HTML = """
            <h1>Timeline</h1>
            \(introduction)
            <p><a class="skip-chart" href="#timeline-tables">Skip the chart to the tables</a></p>
            <figure class="timeline">
            <div class="timeline-scroll" tabindex="0" role="region" aria-label="Timeline chart (scrolls sideways)">
            \(TimelineChart(timeline: timeline, pictures: pictures).html)
            </div>
            <figcaption>\(legend)</figcaption>
            </figure>
            <div id="timeline-tables">
            <section aria-labelledby="timeline-missions-heading">
            <h2 id="timeline-missions-heading">Missions by launch date</h2>
            \(missionsTable)
            </section>
            <section aria-labelledby="timeline-astronauts-heading">
            <h2 id="timeline-astronauts-heading">Astronauts by first flight</h2>
            \(astronautsTable)
            </section>
            </div>
            """
        return layout.page(title: "Timeline · Moonshot", root: "", kind: "timeline-page", main: main, current: Self.fileName)
    }

    /// What the chart shows, in words: the years, the lane apart, and what was left out.
    private var introduction: HTML {
        let shown = timeline.missions.count
        var sentences: [HTML] = []
        if let years = timeline.years {
            let span = years.lowerBound == years.upperBound ? "\(years.lowerBound)" : "\(years.lowerBound) to \(years.upperBound)"
            sentences.append(
                "The missions launched from \(span) at their launch dates, left to right, and a row per astronaut with a mark on each mission they flew: repeat flyers have several marks, and a crew is the marks in one column."
            )
            sentences.append(
                "Each year with a launch has a tick of its own, and is widened where its launches are close together, so the years are not all drawn as wide."
            )
        } else if shown > 0 {
            sentences.append("A column per mission and a row per astronaut with a mark on each mission they flew.")
        } else {
            sentences.append("The database has no missions.")
        }
        let undated = timeline.undatedCount
        if undated > 0 {
            let missions = timeline.missions.prefix(undated).map(\.nameOrMissing).joined(separator: ", ")
            sentences.append(
                "\(undated == 1 ? "One mission has" : "\(undated) missions have") no launch date (\(missions)): \(undated == 1 ? "it stands" : "they stand") apart, in the lane marked “No launch date” before the years."
            )
        }
        if !timeline.astronauts.isEmpty {
            sentences.append(
                "The chart’s rows go by each astronaut’s first column, left to right, then by crew; the table of astronauts below goes by first launch date, those who never launched last, then by name, as <code>moonshot astronauts --sort first-flight</code> does."
            )
        }
        if timeline.missionCount > shown {
            sentences.append(
                "This dataset has \(timeline.missionCount) missions; the timeline shows the first \(shown) by launch date and the astronauts who flew them.")
        }
        if timeline.groundedCount > 0 {
            let names = timeline.grounded.map(\.nameOrMissing).joined(separator: ", ")
            let more = timeline.groundedCount > timeline.grounded.count ? " and \(timeline.groundedCount - timeline.grounded.count) more" : ""
            sentences.append(
                "\(timeline.groundedCount == 1 ? "One astronaut has" : "\(timeline.groundedCount) astronauts have") no flight in this dataset (\(names)\(more)); the astronauts table lists them."
            )
        }
        return "<p class=\"timeline-intro\">\(HTML(joining: sentences, separator: " "))</p>"
    }

    private var legend: HTML {
        """
        <span class="legend-item"><svg class="legend-mark" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">\
        <circle class="mark" cx="8" cy="8" r="6"/></svg> a flight</span> \
        <span class="legend-item"><svg class="legend-mark" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">\
        <polygon class="mark commander" points="8,1 15,14 1,14"/></svg> the mission’s commander</span> \
        <span class="legend-item"><svg class="legend-mark" width="24" height="16" viewBox="0 0 24 16" aria-hidden="true">\
        <line class="career" x1="0" y1="8" x2="24" y2="8"/></svg> first to last flight</span>. \
        Each badge and mark leads to its mission, each name to the astronaut.
        """
    }

    private var missionsTable: HTML {
        let rows = timeline.missions.map { mission -> HTML in
            let crew: [HTML] = mission.crew.map { member -> HTML in
                let name = member.assignment.astronautNameOrMissing
                let link: HTML = member.page.map { "<a href=\"\($0)\">\(name)</a>" } ?? "\(name)"
                return "<li>\(link) <span class=\"secondary\">(\(member.assignment.role))</span></li>"
            }
            return """
                <tr><th scope="row">\(Self.link(mission.nameOrMissing, to: mission.page))</th>\
                <td>\(Self.date(mission.launchDate))</td>\
                <td>\(Self.list(crew, empty: "None recorded"))</td></tr>
                """
        }
        return Self.table(["Mission", "Launch date", "Crew"], rows)
    }

    private var astronautsTable: HTML {
        let rows = timeline.byFirstFlight.map { astronaut -> HTML in
            let flights = astronaut.flights.map { flight -> HTML in
                let mission = timeline.missions[flight.mission]
                return "<li>\(Self.link(mission.nameOrMissing, to: mission.page)) <span class=\"secondary\">(\(Self.date(mission.launchDate)))</span></li>"
            }
            return """
                <tr><th scope="row">\(Self.link(astronaut.nameOrMissing, to: astronaut.page))</th>\
                <td>\(astronaut.flights.count)</td>\
                <td>\(Self.list(flights, empty: "None"))</td></tr>
                """
        }
        return Self.table(["Astronaut", "Flights", "Missions flown"], rows)
    }

    /// A table with `headings` over `rows`, in a box that scrolls sideways when too wide.
    private static func table(_ headings: [String], _ rows: [HTML]) -> HTML {
        """
        <div class="table-scroll">
        <table class="timeline-table">
        <thead><tr>\(HTML(joining: headings.map { "<th scope=\"col\">\($0)</th>" }, separator: ""))</tr></thead>
        <tbody>
        \(HTML(joining: rows))
        </tbody>
        </table>
        </div>
        """
    }

    /// `items` as a list on a line, or `empty`.
    private static func list(_ items: [HTML], empty: String) -> HTML {
        items.isEmpty ? "\(empty)" : "<ul class=\"inline-list\">\(HTML(joining: items, separator: ""))</ul>"
    }

    private static func link(_ text: String, to page: String?) -> HTML {
        page.map { "<a href=\"\($0)\">\(text)</a>" } ?? "\(text)"
    }

    private static func date(_ date: LaunchDate?) -> HTML {
        date == nil ? "No launch date" : SiteLayout.launchDate(date)
    }
}
