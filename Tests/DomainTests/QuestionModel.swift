import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// A dataset as plain Swift values, and the answers to the questions about crewmates, careers,
/// years and rankings worked out from them here, without SQL, to compare with moonshot's.
/// Crew rows may name a mission or astronaut the model does not hold (deleted behind the
/// triggers), as a database may.
struct QuestionModel {
    struct CrewRow {
        let missionID: Int64
        let position: Int
        let astronautID: String
    }

    /// Mission number → launch date (nil: never launched).
    var launchDates: [Int64: String?]
    /// Astronaut id → name.
    var names: [String: String]
    var crew: [CrewRow]

    /// The real dataset's missions and astronauts.
    init(_ reference: ReferenceDataset) {
        launchDates = Dictionary(uniqueKeysWithValues: reference.missions.map { (Int64($0.id), $0.launchDate) })
        names = reference.astronauts.mapValues(\.name)
        crew = reference.missions.flatMap { mission in
            mission.crew.enumerated().map { CrewRow(missionID: Int64(mission.id), position: $0.offset + 1, astronautID: $0.element.name) }
        }
    }

    init(launchDates: [Int64: String?], names: [String: String], crew: [CrewRow]) {
        (self.launchDates, self.names, self.crew) = (launchDates, names, crew)
    }

    /// Every astronaut id the astronauts or the crew rows name.
    var astronautIDs: [String] { Set(names.keys).union(crew.map(\.astronautID)).sorted() }

    func missionName(_ id: Int64) -> String? { launchDates[id] == nil ? nil : "Apollo \(id)" }
    func launchDate(_ id: Int64) -> String? { launchDates[id] ?? nil }

    /// Whether mission `a` comes before `b` in launch order: never launched (or missing) first,
    /// then by date, then by number.
    func launchesBefore(_ a: Int64, _ b: Int64) -> Bool {
        switch (launchDate(a), launchDate(b)) {
        case (nil, nil): a < b
        case (nil, _): true
        case (_, nil): false
        case (let x?, let y?): x != y ? x < y : a < b
        }
    }

    func missions(of astronaut: String) -> [Int64] { crew.filter { $0.astronautID == astronaut }.map(\.missionID) }

    // MARK: The answers

    func crewmates(of astronaut: String) -> [CrewmateSummary] {
        let mine = Set(missions(of: astronaut))
        var shared: [String: [Int64]] = [:]
        for row in crew where mine.contains(row.missionID) && row.astronautID != astronaut {
            shared[row.astronautID, default: []].append(row.missionID)
        }
        let summaries = shared.map { id, missions in
            let ordered = missions.sorted(by: launchesBefore)
            return CrewmateSummary(id: id, name: names[id], sharedMissionCount: ordered.count, sharedMissions: ordered.map(missionReference))
        }
        // Most shared first; then the crew of one flight together, in launch order; then by id.
        return summaries.sorted { a, b in
            if a.sharedMissionCount != b.sharedMissionCount { return a.sharedMissionCount > b.sharedMissionCount }
            let (x, y) = (a.sharedMissions[0].id, b.sharedMissions[0].id)
            if x != y { return launchesBefore(x, y) }
            return bytesBefore(a.id, b.id)
        }
    }

    /// Mission `id` as a list names it: without a launch date, and as missing when it is.
    func missionReference(_ id: Int64) -> MissionReference {
        missionName(id).map { MissionReference(id: id, name: $0, launchDate: nil) } ?? .onlyInCrew(id)
    }

    /// None for the same astronaut twice.
    func missionsFlownTogether(_ astronaut: String, _ crewmate: String) -> [Int64] {
        guard astronaut != crewmate else { return [] }
        let theirs = Set(missions(of: crewmate))
        return missions(of: astronaut).filter { theirs.contains($0) }.sorted(by: launchesBefore)
    }

    func career(of astronaut: String) -> Career? {
        let launched = missions(of: astronaut).filter { launchDate($0) != nil }
            .sorted { (launchDate($0)!, $0) < (launchDate($1)!, $1) }
        guard let first = launched.first, let last = launched.last else { return nil }
        let (from, to) = (launchDate(first)!, launchDate(last)!)
        return Career(
            firstFlight: "Apollo \(first)", firstFlightDate: LaunchDate(iso: from), lastFlight: "Apollo \(last)", lastFlightDate: LaunchDate(iso: to),
            years: Int(to.prefix(4))! - Int(from.prefix(4))!)
    }

    /// The missions `missions --from from --to to [--undated]` lists, in number order, with
    /// their crews.
    func missions(from: Int?, to: Int?, includingUndated: Bool) -> [(id: Int64, crew: [AstronautReference])] {
        let listed = launchDates.keys.filter { id in
            guard let date = launchDate(id) else { return includingUndated || (from == nil && to == nil) }
            let year = Int(date.prefix(4))!
            return year >= (from ?? .min) && year <= (to ?? .max)
        }
        return listed.sorted().map { id in
            let members = crew.filter { $0.missionID == id }.sorted { $0.position < $1.position }
            return (id, members.map { row in names[row.astronautID].map { AstronautReference(id: row.astronautID, name: $0) } ?? .onlyInCrew(row.astronautID) })
        }
    }

    /// `astronauts --sort order`: id, number of crew rows, first launch date.
    func astronauts(in order: AstronautOrder) -> [(id: String, missions: Int, first: String?)] {
        let rows = names.keys.map { id in
            (id: id, missions: missions(of: id).count, first: missions(of: id).compactMap { launchDate($0) }.min())
        }
        return rows.sorted { a, b in
            switch order {
            case .flights where a.missions != b.missions: return a.missions > b.missions
            case .firstFlight where a.first != b.first:
                guard let x = a.first else { return false }
                guard let y = b.first else { return true }
                return x < y
            default:
                return names[a.id] != names[b.id] ? bytesBefore(names[a.id]!, names[b.id]!) : bytesBefore(a.id, b.id)
            }
        }
    }
}

extension QuestionModel {
    /// Checks that `db` lists the astronauts in every order as `astronauts(in:)` does.
    func assertAstronautListsMatch(_ db: MoonshotDatabase, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for order in AstronautOrder.allCases {
            let (found, expected) = (try db.astronauts(in: order), astronauts(in: order))
            XCTAssertEqual(found.map(\.id), expected.map(\.id), "\(context): \(order)", file: file, line: line)
            XCTAssertEqual(found.map(\.missionCount), expected.map(\.missions), "\(context): \(order)", file: file, line: line)
            XCTAssertEqual(found.map(\.firstFlightDate?.iso), expected.map(\.first), "\(context): \(order)", file: file, line: line)
        }
    }
}

/// Whether `a` sorts before `b` as SQLite's BINARY collation sorts text: by UTF-8 bytes.
func bytesBefore(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
}
