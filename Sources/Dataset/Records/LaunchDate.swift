/// A calendar date written `YYYY-MM-DD`, as missions.json and the database store it.
package struct LaunchDate: Equatable, Comparable, Hashable, Sendable {
    package let year: Int
    package let month: Int
    package let day: Int

    /// Parses exactly `YYYY-MM-DD` naming a real Gregorian day: nil for "1969-7-16", "1969-02-30", "1969-07-16T00:00".
    package init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1, day <= LaunchDate.daysIn(month: month, year: year)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The number of days in `month` (1-12) of `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    package var iso: String {
        zeroPadded(year, width: 4) + "-" + zeroPadded(month, width: 2) + "-" + zeroPadded(day, width: 2)
    }

    /// The way the Moonshot app shows it: "Jul 16, 1969".
    package var abbreviated: String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[month - 1]) \(day), \(year)"
    }

    package static func < (lhs: LaunchDate, rhs: LaunchDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

}
