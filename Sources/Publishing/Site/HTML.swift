/// A piece of HTML: interpolated text is escaped and only `HTML` is markup, so data cannot become markup by accident.
package struct HTML: ExpressibleByStringInterpolation, Sendable {
    package private(set) var markup: String

    package init(stringLiteral literal: String) { markup = literal }

    package init(stringInterpolation: StringInterpolation) { markup = stringInterpolation.markup }

    /// Markup that is already safe, such as another page's output.
    init(trusted markup: String) { self.markup = markup }

    static let empty: HTML = ""

    init(joining parts: [HTML], separator: String = "\n") {
        markup = parts.map(\.markup).joined(separator: separator)
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        package mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text, escaped: it shows as written and never becomes markup.
        package mutating func appendInterpolation(_ text: String) { markup += HTML.escaped(text) }

        package mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { markup += String(number) }

        package mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

    }

    /// `text` escaped for an HTML text node or a quoted attribute value, characters HTML bans shown as `visible` does.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(visible(scalar))
            }
        }
        return out
    }

    /// `text` as the site shows it: characters HTML bans in a document made visible, C0 controls and DEL as control pictures (U+241B for ESC),
    /// the others as U+FFFD. The pages show text so, and the search box's script gets its names so.
    package static func visible(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.append(contentsOf: text.unicodeScalars.map(visible))
        return out
    }

    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "\t", "\n", "\r": scalar
        case _ where scalar.value < 0x20: Unicode.Scalar(0x2400 + scalar.value)!
        case "\u{7F}": "\u{2421}"
        case _ where (0x80...0x9F).contains(scalar.value) || isNoncharacter(scalar): "\u{FFFD}"
        default: scalar
        }
    }

    /// U+FDD0 to U+FDEF and the last two code points of every plane.
    private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }
}
