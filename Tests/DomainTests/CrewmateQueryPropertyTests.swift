import Foundation
import TestSupport
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

/// Random datasets (crews of any size in any order, launch dates shared or missing, names
/// alike, non-ASCII and out of id order), some with an astronaut or a mission then deleted
/// behind the triggers so that crew rows point nowhere: every crewmates, flown-together,
/// career, span-of-years and astronaut-order answer is the one `QuestionModel` works out in
/// plain Swift.
final class CrewmateQueryPropertyTests: XCTestCase {
    private static let seed: UInt64 = 2026_11_30_30

    func testEveryAnswerIsTheOneWorkedOutInSwift() throws {
        var random = SeededRandom(seed: Self.seed)
        let folder = try makeTemporaryFolder(self)
        var (sharedTwice, dangling) = (0, 0)
        for round in 0..<30 {
            let path = folder.appendingPathComponent("round\(round).db").path
            var model = try Self.importRandomDataset(into: path, in: folder, using: &random)
            if random.next() % 2 == 0 {
                dangling += 1
                try Self.deleteBehindTheTriggers(from: &model, path, using: &random)
            }
            let db = try MoonshotDatabase(path: path)
            let context = "seed \(Self.seed), round \(round)"
            let ids = model.astronautIDs
            for id in ids {
                let crewmates = try db.crewmates(ofAstronaut: id)
                XCTAssertEqual(crewmates, model.crewmates(of: id), "\(context): crewmates of \(id)")
                sharedTwice += crewmates.filter { $0.sharedMissionCount > 1 }.count
                XCTAssertEqual(try db.career(ofAstronaut: id), model.career(of: id), "\(context): career of \(id)")
                for other in ids {
                    XCTAssertEqual(
                        try db.missionsFlownTogether(id, other).map(\.flight.missionID), model.missionsFlownTogether(id, other),
                        "\(context): \(id) with \(other)")
                }
            }
            for _ in 0..<6 {
                let year = { (random: inout SeededRandom) in random.next() % 3 == 0 ? nil : 1964 + Int(random.next() % 12) }
                let (from, to, undated) = (year(&random), year(&random), random.next() % 2 == 0)
                let found = try db.missions(from: from, to: to, includingUndated: undated)
                let expected = model.missions(from: from, to: to, includingUndated: undated)
                let span = "\(context): \(String(describing: from)) to \(String(describing: to)), undated \(undated)"
                XCTAssertEqual(found.map(\.id), expected.map(\.id), span)
                XCTAssertEqual(found.map(\.crew), expected.map(\.crew), span)
            }
            try model.assertAstronautListsMatch(db, context)
        }
        XCTAssertGreaterThan(sharedTwice, 10, "the datasets have crewmates who flew together more than once")
        XCTAssertGreaterThan(dangling, 5, "and crew rows that point nowhere")
    }

    private static let nameWords = ["Al", "Ed", "Ödön", "Élan", "al", "Zed", "Buzz", "Ann-Marie", "Jr.,", "ʃɪp"]

    /// Imports 1 to 9 astronauts a0, a1... and 1 to 12 missions of random numbers, dates and
    /// crews into a new database at `path`; returns the model of it.
    static func importRandomDataset(into path: String, in folder: URL, using random: inout SeededRandom) throws -> QuestionModel {
        let astronautCount = 1 + Int(random.next() % 9)
        var names: [String: String] = [:]
        for index in 0..<astronautCount {
            names["a\(index)"] = (0..<(1 + Int(random.next() % 2))).map { _ in nameWords[Int(random.next() % UInt64(nameWords.count))] }
                .joined(separator: " ")
        }
        var launchDates: [Int64: String?] = [:]
        while launchDates.count < 1 + Int(random.next() % 12) {
            let id = Int64(1 + random.next() % 40)
            launchDates[id] =
                random.next() % 5 == 0
                ? String?.none : String(format: "19%02d-%02d-%02d", 65 + Int(random.next() % 10), 1 + Int(random.next() % 3), 1 + Int(random.next() % 3))
        }
        var crew: [QuestionModel.CrewRow] = []
        var missions: [[String: Any]] = []
        for (id, date) in launchDates.sorted(by: { $0.key < $1.key }) {
            let members = names.keys.sorted().shuffled(using: &random).prefix(Int(random.next() % 5))
            crew += members.enumerated().map { QuestionModel.CrewRow(missionID: id, position: $0.offset + 1, astronautID: $0.element) }
            var mission: [String: Any] = [
                "id": id, "description": "A mission.", "crew": members.map { ["name": $0, "role": random.next() % 2 == 0 ? "Commander" : "Pilot"] },
            ]
            if let date { mission["launchDate"] = date }
            missions.append(mission)
        }
        let astronauts = Dictionary(uniqueKeysWithValues: names.map { ($0.key, ["id": $0.key, "name": $0.value, "description": "An astronaut."]) })
        let missionsPath = folder.appendingPathComponent("missions.json").path
        let astronautsPath = folder.appendingPathComponent("astronauts.json").path
        try JSONSerialization.data(withJSONObject: missions).write(to: URL(fileURLWithPath: missionsPath))
        try JSONSerialization.data(withJSONObject: astronauts).write(to: URL(fileURLWithPath: astronautsPath))
        _ = try Importer.run(missions: .file(missionsPath), astronauts: .file(astronautsPath), databasePath: path)
        return QuestionModel(launchDates: launchDates, names: names, crew: crew)
    }

    /// Deletes an astronaut or a mission with the trigger that deletes its crew rows dropped,
    /// as `moonshot check` finds such rows, from the database and the model alike.
    static func deleteBehindTheTriggers(from model: inout QuestionModel, _ path: String, using random: inout SeededRandom) throws {
        if random.next() % 2 == 0, let id = model.names.keys.sorted().randomElement(using: &random) {
            try StaleIndexFixture.behindTheIndexes(path, triggers: ["astronauts_after_delete"]) {
                try $0.execute("DELETE FROM astronauts WHERE id = ?", [.text(id)])
            }
            model.names[id] = nil
        } else if let id = model.launchDates.keys.sorted().randomElement(using: &random) {
            try StaleIndexFixture.behindTheIndexes(path, triggers: ["missions_after_delete"]) {
                try $0.execute("DELETE FROM missions WHERE id = ?", [.integer(id)])
            }
            model.launchDates[id] = nil
        }
    }
}
