import Dataset

/// The timeline drawn in SVG in the page: a column per mission (placed by `TimelineScale`) and a row per astronaut with a mark per flight.
/// Every badge and mark links to its mission, every name to the astronaut, each with an accessible name; CSS gives colours.
struct TimelineChart {
    let timeline: Timeline
    let pictures: SitePictures

    private static let rowHeight = 30.0
    private static let badgeTop = 30.0
    private static let labelTop = 80.0
    /// The most characters of a name the drawing shows; the rest is in its accessible name.
    private static let nameLength = 24

    var html: HTML {
        let scale = TimelineScale(timeline)
        let labelLength = timeline.missions.map { max(Self.short($0.nameOrMissing).count, dateText($0).count) }.max() ?? 0
        let rowsTop = Self.labelTop + Double(labelLength) * 7 + 16
        let height = rowsTop + Double(timeline.astronauts.count) * Self.rowHeight + 12
        let width = scale.width
        var background: [HTML] = []
        var foreground: [HTML] = []
        for index in timeline.astronauts.indices where index % 2 == 1 {
            background.append(
                "<rect class=\"stripe\" x=\"0\" y=\"\(Self.number(rowsTop + Double(index) * Self.rowHeight))\" width=\"\(Self.number(width))\" height=\"\(Int(Self.rowHeight))\"/>"
            )
        }
        if timeline.undatedCount > 0 {
            let divider = Self.number(scale.axisStart - TimelineScale.column / 4)
            foreground.append(
                "<text class=\"lane-label\" x=\"\(Self.number(scale.axisStart - TimelineScale.column / 4 - 6))\" y=\"18\" text-anchor=\"end\">No launch date</text>"
            )
            background.append("<line class=\"lane-divider\" x1=\"\(divider)\" y1=\"0\" x2=\"\(divider)\" y2=\"\(Self.number(height))\"/>")
        }
        for tick in scale.ticks {
            let x = Self.number(tick.x)
            background.append("<line class=\"tick\" x1=\"\(x)\" y1=\"4\" x2=\"\(x)\" y2=\"\(Self.number(height))\"/>")
            // The last tick ends the last year: it has no label.
            if tick.x < scale.ticks.last!.x {
                foreground.append("<text class=\"year\" x=\"\(Self.number(tick.x + 5))\" y=\"18\">\(tick.year)</text>")
            }
        }
        for (mission, x) in zip(timeline.missions, scale.columns) {
            background.append(
                "<line class=\"column-line\" x1=\"\(Self.number(x))\" y1=\"\(Self.number(rowsTop))\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(height))\"/>")
            foreground.append(column(mission, x: x, bottom: rowsTop - 8))
        }
        for (index, astronaut) in timeline.astronauts.enumerated() {
            foreground.append(row(astronaut, y: rowsTop + (Double(index) + 0.5) * Self.rowHeight, columns: scale.columns))
        }
        return """
            <svg class="timeline-chart" xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" aria-label="Timeline: a column per mission, a row per astronaut">
            \(HTML(joining: background))
            \(HTML(joining: foreground))
            </svg>
            """
    }

    /// Mission `mission`'s column head at `x`: badge, name and date, a link to its page.
    private func column(_ mission: Timeline.Mission, x: Double, bottom: Double) -> HTML {
        let picture: HTML
        if let badge = mission.badge, let file = pictures.badgeFile(badge) {
            picture = "<image href=\"images/\(file)\" x=\"\(Self.number(x - 20))\" y=\"\(Int(Self.badgeTop))\" width=\"40\" height=\"40\"/>"
        } else {
            picture = """
                <rect class="badge-placeholder" x="\(Self.number(x - 20))" y="\(Int(Self.badgeTop))" width="40" height="40" rx="8"/>\
                <text class="monogram" x="\(Self.number(x))" y="\(Int(Self.badgeTop) + 21)" text-anchor="middle" dominant-baseline="central">\
                \(SitePicture.monogram(mission.name ?? "?"))</text>
                """
        }
        let top = Self.labelTop
        let labels: HTML = """
            <text class="column-name" x="\(Self.number(x + 7))" y="\(Int(top))" transform="rotate(90 \(Self.number(x + 7)) \(Int(top)))" \
            dominant-baseline="central">\(Self.short(mission.nameOrMissing))</text>\
            <text class="column-date" x="\(Self.number(x - 7))" y="\(Int(top))" transform="rotate(90 \(Self.number(x - 7)) \(Int(top)))" \
            dominant-baseline="central">\(dateText(mission))</text>
            """
        let label = "\(mission.nameOrMissing), \(mission.launchDate.map { "launched \($0.abbreviated)" } ?? "no launch date")"
        guard let page = mission.page else {
            return "<g class=\"mission-column\"><title>\(label)</title>\(picture)\(labels)</g>"
        }
        return """
            <a class="mission-column" href="\(page)" aria-label="\(label)">\
            <rect class="hit" x="\(Self.number(x - 22))" y="\(Int(Self.badgeTop) - 2)" width="44" height="\(Self.number(bottom - Self.badgeTop + 2))" rx="6"/>\
            \(picture)\(labels)</a>
            """
    }

    /// Astronaut `astronaut`'s row at height `y`: their name before the first flight, a line
    /// to the last, and a mark per flight linking to its mission.
    private func row(_ astronaut: Timeline.Astronaut, y: Double, columns: [Double]) -> HTML {
        let xs = astronaut.flights.map { columns[$0.mission] }
        guard let first = xs.min(), let last = xs.max() else { return .empty }
        var parts: [HTML] = []
        if last > first {
            parts.append("<line class=\"career\" x1=\"\(Self.number(first))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(last))\" y2=\"\(Self.number(y))\"/>")
        }
        let name = astronaut.nameOrMissing
        let shown = Self.short(name)
        let textWidth = Double(shown.count) * 7.5 + 8
        let text: HTML = """
            <rect class="hit" x="\(Self.number(first - 18 - textWidth))" y="\(Self.number(y - 13))" width="\(Self.number(textWidth + 4))" height="26" rx="4"/>\
            <text class="row-name" x="\(Self.number(first - 18))" y="\(Self.number(y))" text-anchor="end" dominant-baseline="central">\(shown)</text>
            """
        if let page = astronaut.page {
            let label: HTML = shown == name ? .empty : " aria-label=\"\(name)\""
            parts.append("<a class=\"astronaut\" href=\"\(page)\"\(label)>\(shown == name ? HTML.empty : "<title>\(name)</title>")\(text)</a>")
        } else {
            parts.append("<g class=\"astronaut missing\"><title>\(name)</title>\(text)</g>")
        }
        for flight in astronaut.flights {
            let mission = timeline.missions[flight.mission]
            let x = columns[flight.mission]
            let label = "\(name): \(mission.nameOrMissing), \(flight.role), \(mission.launchDate?.abbreviated ?? "no launch date")"
            let mark: HTML =
                flight.isCommander
                ? "<polygon class=\"mark commander\" points=\"\(Self.number(x)),\(Self.number(y - 9)) \(Self.number(x + 8)),\(Self.number(y + 6)) \(Self.number(x - 8)),\(Self.number(y + 6))\"/>"
                : "<circle class=\"mark\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"7\"/>"
            let hit: HTML = "<rect class=\"hit\" x=\"\(Self.number(x - 14))\" y=\"\(Self.number(y - 14))\" width=\"28\" height=\"28\" rx=\"4\"/>"
            if let page = mission.page ?? astronaut.page {
                parts.append("<a class=\"flight\" href=\"\(page)\" aria-label=\"\(label)\"><title>\(label)</title>\(hit)\(mark)</a>")
            } else {
                parts.append("<g class=\"flight\"><title>\(label)</title>\(mark)</g>")
            }
        }
        return HTML(joining: parts, separator: "")
    }

    private func dateText(_ mission: Timeline.Mission) -> String { mission.launchDate?.abbreviated ?? "No launch date" }

    /// `text` on one line, cut to `nameLength` characters with an ellipsis.
    static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= nameLength ? line : String(line.prefix(nameLength - 1)) + "…"
    }

    /// `value` with at most one decimal, as SVG reads it.
    private static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
