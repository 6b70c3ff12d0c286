import Foundation
import TestSupport

/// Deterministic datasets in the Apollo shape, large enough for an import to take a while.
enum SyntheticDataset {
    private static let words = ["lunar", "module", "orbit", "crater", "rover", "\"quoted\"", "café", "—", "ʃɪp", "🚀", "שלום", "regolith"]
    private static let roles = ["Commander", "Command module pilot", "Lunar Module Pilot", "Pilot"]

    /// Writes missions.json and astronauts.json into `folder`; returns their paths.
    ///
    /// The JSON is written byte by byte as JSONSerialization writes these objects with sorted
    /// keys (the words' only character to escape is the quote, and the text's only other one
    /// the line feed): serializing each object took most of the time of the large datasets in
    /// a debug build.
    @discardableResult
    static func write(missions: Int, astronauts: Int, to folder: URL, seed: UInt64 = 1969) throws -> (missions: String, astronauts: String) {
        var random = SeededRandom(seed: seed)
        let escapedWords = words.map { Array($0.replacingOccurrences(of: "\"", with: "\\\"").utf8) }
        let sentenceEnd = Array(".\\n\\n".utf8)
        /// Appends `count` random words, a sentence end after every 40th, as a JSON string's content.
        func appendText(_ count: Int, to json: inout [UInt8]) {
            for index in 0..<count {
                if index > 0 { json.append(UInt8(ascii: " ")) }
                json.append(contentsOf: escapedWords[Int(random.next() % UInt64(words.count))])
                if index % 40 == 39 { json.append(contentsOf: sentenceEnd) }
            }
        }
        func append(_ text: String, to json: inout [UInt8]) { json.append(contentsOf: text.utf8) }

        var astronautsJSON: [UInt8] = []
        astronautsJSON.reserveCapacity(astronauts * 700 + 4)
        append("{\n", to: &astronautsJSON)
        for index in 0..<astronauts {
            append("  \"astronaut\(index)\": {\"description\":\"", to: &astronautsJSON)
            appendText(80, to: &astronautsJSON)
            append("\",\"id\":\"astronaut\(index)\",\"name\":\"Astro \(index) Naut\"}" + (index + 1 < astronauts ? ",\n" : "\n"), to: &astronautsJSON)
        }
        append("}\n", to: &astronautsJSON)

        var missionsJSON: [UInt8] = []
        missionsJSON.reserveCapacity(missions * 1_100 + 4)
        append("[\n", to: &missionsJSON)
        for index in 0..<missions {
            var chosen = Set<Int>()
            while chosen.count < min(3, astronauts) { chosen.insert(Int(random.next() % UInt64(astronauts))) }
            let crew = chosen.sorted().enumerated().map { position, member in
                "{\"name\":\"astronaut\(member)\",\"role\":\"\(roles[position % roles.count])\"}"
            }
            append("  {\"crew\":[\(crew.joined(separator: ","))],\"description\":\"", to: &missionsJSON)
            appendText(120, to: &missionsJSON)
            append("\",\"id\":\(index + 1)", to: &missionsJSON)
            if index % 50 != 0 {
                append(String(format: ",\"launchDate\":\"19%02d-%02d-%02d\"", 60 + index % 40, 1 + index % 12, 1 + index % 28), to: &missionsJSON)
            }
            append("}" + (index + 1 < missions ? ",\n" : "\n"), to: &missionsJSON)
        }
        append("]\n", to: &missionsJSON)

        let missionsURL = folder.appendingPathComponent("missions.json")
        let astronautsURL = folder.appendingPathComponent("astronauts.json")
        try Data(missionsJSON).write(to: missionsURL)
        try Data(astronautsJSON).write(to: astronautsURL)
        return (missionsURL.path, astronautsURL.path)
    }
}
