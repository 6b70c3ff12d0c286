import Dataset

/// Where the timeline's columns go across: undated missions in a lane of their own first, then each mission at its launch date, pushed apart to
/// at least `column` so no marks overlap and time order holds; every launch year and the next have a tick, which a pushed column stays between.
struct TimelineScale {
    /// The least distance between two missions' columns, in pixels.
    static let column = 48.0
    /// Where the first column may be: room for the names of the first mission's crew before it.
    static let start = 190.0

    /// The x of each mission's column, in the order of `Timeline.missions`.
    let columns: [Double]
    /// Each tick's year and x (its January 1), in order: every `step` years, and each launch year and the year after.
    let ticks: [(year: Int, x: Double)]
    /// Where the undated lane ends and the time axis begins (the lane's width is 0 without undated missions).
    let axisStart: Double
    /// The width of the whole drawing.
    let width: Double

    init(_ timeline: Timeline) {
        let undated = timeline.undatedCount
        var columns = (0..<undated).map { Self.start + Self.column / 2 + Double($0) * Self.column }
        let axisStart = undated == 0 ? Self.start : Self.start + Double(undated) * Self.column + Self.column / 2
        self.axisStart = axisStart
        guard let years = timeline.years else {
            self.columns = columns
            ticks = []
            width = axisStart + Self.column
            return
        }
        // About 750 px for the years (before the pushes), at most 200 px a year; a label at least every 48 px (every
        // 200 years for dates a thousand years apart) besides those of the launches' years.
        let yearWidth = min(200, 750 / Double(years.count))
        let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000].first { Double($0) * yearWidth >= 48 } ?? 5000
        let first = years.lowerBound
        let last = years.upperBound + 1
        let launchYears = timeline.missions.compactMap(\.launchDate?.year)
        let tickYears = Set(launchYears + launchYears.map { $0 + 1 } + stride(from: first - Self.modulo(first, step) + step, to: last, by: step)).sorted()
        let origin = Self.days(year: first, month: 1, day: 1)
        func natural(_ days: Int) -> Double { axisStart + Double(days - origin) / 365.2425 * yearWidth }

        // Ticks and launches in time order (a tick before a launch on its day), each at its
        // natural place plus the push so far. The last tick is after every launch.
        var ticks: [(year: Int, x: Double)] = []
        var shift = 0.0
        var previous: (x: Double, isTick: Bool)?
        var dated = timeline.missions[undated...].compactMap(\.launchDate).makeIterator()
        var next = dated.next()
        var pendingTicks = tickYears[...]
        while let tickYear = pendingTicks.first {
            let tickDays = Self.days(year: tickYear, month: 1, day: 1)
            let launchDays = next.map { Self.days(year: $0.year, month: $0.month, day: $0.day) }
            let isTick = launchDays.map { tickDays <= $0 } ?? true
            let days = isTick ? tickDays : launchDays!
            var x = natural(days) + shift
            if let previous {
                let gap = previous.isTick && isTick ? 48 : (previous.isTick || isTick ? Self.column / 2 : Self.column)
                if x < previous.x + gap {
                    shift += previous.x + gap - x
                    x = previous.x + gap
                }
            }
            previous = (x, isTick)
            if isTick {
                ticks.append((tickYear, x))
                pendingTicks.removeFirst()
            } else {
                columns.append(x)
                next = dated.next()
            }
        }
        self.columns = columns
        self.ticks = ticks
        width = (ticks.last?.x ?? axisStart) + 16
    }

    /// `value` modulo `divisor`, from 0 to `divisor - 1` also for negative values.
    private static func modulo(_ value: Int, _ divisor: Int) -> Int { ((value % divisor) + divisor) % divisor }

    /// The number of days from 1970-01-01 to the day given (Howard Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }
}
