import Foundation
import TestSupport

/// Deterministic datasets in the Apollo shape, large enough for an import to take a while.
enum SyntheticDataset {
    /// Writes missions.json and astronauts.json into `folder`; returns their paths.
    @discardableResult
    static func write(missions: Int, astronauts: Int, to folder: URL, seed: UInt64 = 1969) throws -> (missions: String, astronauts: String) {
        var random = SeededRandom(seed: seed)
        let words = ["lunar", "module", "orbit", "crater", "rover", "\"quoted\"", "café", "—", "ʃɪp", "🚀", "שלום", "regolith"]
        func text(_ count: Int) -> String {
            (0..<count).map { index in words[Int(random.next() % UInt64(words.count))] + (index % 40 == 39 ? ".\n\n" : "") }
                .joined(separator: " ")
        }
        var astronautsJSON = "{\n"
        for index in 0..<astronauts {
            let object: [String: String] = ["id": "astronaut\(index)", "name": "Astro \(index) Naut", "description": text(80)]
            let body = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            astronautsJSON += "  \"astronaut\(index)\": \(body)" + (index + 1 < astronauts ? ",\n" : "\n")
        }
        astronautsJSON += "}\n"
        var missionsJSON = "[\n"
        let roles = ["Commander", "Command module pilot", "Lunar Module Pilot", "Pilot"]
        for index in 0..<missions {
            var crew: [[String: String]] = []
            var chosen = Set<Int>()
            while chosen.count < min(3, astronauts) { chosen.insert(Int(random.next() % UInt64(astronauts))) }
            for (position, member) in chosen.sorted().enumerated() {
                crew.append(["name": "astronaut\(member)", "role": roles[position % roles.count]])
            }
            var object: [String: Any] = ["id": index + 1, "crew": crew, "description": text(120)]
            if index % 50 != 0 { object["launchDate"] = String(format: "19%02d-%02d-%02d", 60 + index % 40, 1 + index % 12, 1 + index % 28) }
            let body = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            missionsJSON += "  " + body + (index + 1 < missions ? ",\n" : "\n")
        }
        missionsJSON += "]\n"
        let missionsURL = folder.appendingPathComponent("missions.json")
        let astronautsURL = folder.appendingPathComponent("astronauts.json")
        try Data(missionsJSON.utf8).write(to: missionsURL)
        try Data(astronautsJSON.utf8).write(to: astronautsURL)
        return (missionsURL.path, astronautsURL.path)
    }
}
