import Dataset
import Questions

/// What the missions page's script searches, as JSON in a `<script type="application/json">`: each card's key, full-text-indexed text (as
/// `moonshot search` finds it), a mission's id, an astronaut's opening, the crews, and the roles as filters, each with its `HTML.visible` label.
struct SearchData {
    let missions: [MissionDetail]
    let astronauts: [AstronautDetail]

    var json: JSONValue {
        let missions = missions.map { mission -> JSONValue in
            .object([
                ("key", .string("mission:\(mission.id)")),
                ("id", .integer(mission.id)),
                ("name", .string(mission.name)),
                ("label", .string(HTML.visible(mission.name))),
                ("description", .string(mission.description)),
                ("crew", .array(mission.crew.map { .object([("id", .string($0.astronautID)), ("role", .string($0.canonicalRole))]) })),
            ])
        }
        let astronauts = astronauts.map { astronaut -> JSONValue in
            .object([
                ("key", .string("astronaut:\(astronaut.id)")),
                ("id", .string(astronaut.id)),
                ("name", .string(astronaut.name)),
                ("label", .string(HTML.visible(astronaut.name))),
                ("description", .string(astronaut.description)),
                ("opening", .string(String(MoonshotDatabase.opening(of: astronaut.description)))),
            ])
        }
        // Each role once, as the script tells them apart: by their exact code points.
        var roles: [String] = []
        var seen: Set<ExactString> = []
        for member in self.missions.flatMap(\.crew) where seen.insert(ExactString(member.canonicalRole)).inserted {
            roles.append(member.canonicalRole)
        }
        let roleObjects = roles.map { JSONValue.object([("role", .string($0)), ("label", .string(HTML.visible($0)))]) }
        return .object([("missions", .array(missions)), ("astronauts", .array(astronauts)), ("roles", .array(roleObjects))])
    }

    /// The JSON, safe inside a script element: "<", ">" and "&" (only ever in strings) are written as \u escapes, so no
    /// text can end the element, as are the code points an HTML document must not contain raw.
    var html: HTML {
        var out = ""
        for scalar in json.serialized().unicodeScalars {
            switch scalar.value {
            case 0x3C, 0x3E, 0x26, 0x7F...0x9F, 0xFDD0...0xFDEF:
                out += Self.escape(scalar.value)
            case _ where scalar.value & 0xFFFE == 0xFFFE:
                let value = scalar.value - 0x10000
                out +=
                    scalar.value < 0x10000
                    ? Self.escape(scalar.value)
                    : Self.escape(0xD800 + (value >> 10)) + Self.escape(0xDC00 + (value & 0x3FF))
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return HTML(trusted: out)
    }

    private static func escape(_ unit: UInt32) -> String {
        "\\u" + hex(UInt64(unit), width: 4)
    }
}
