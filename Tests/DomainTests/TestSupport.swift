import Foundation
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import Store

/// The package's top folder, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The dataset files shipped in Resources/.
let realMissionsPath = packageRoot.appendingPathComponent("Resources/missions.json").path
let realAstronautsPath = packageRoot.appendingPathComponent("Resources/astronauts.json").path

/// A fresh folder for one test, removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("moonshot-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}

/// Writes `text` to `name` in `folder` and returns the path.
@discardableResult
func write(_ text: String, to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// Writes raw `bytes` to `name` in `folder` and returns the path.
@discardableResult
func write(bytes: [UInt8], to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

/// The 1-based line and character column where `needle` first occurs in `text`
/// (worked out independently of the product's own locator).
func location(of needle: String, in text: String, occurrence: Int = 1) -> TextLocation? {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        found = range
        searchStart = range.upperBound
    }
    guard let found else { return nil }
    let before = text[..<found.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return TextLocation(line: line, column: text.unicodeScalars[lineStart..<found.lowerBound].count + 1)
}

/// The real dataset, decoded with Foundation, for computing expected answers independently.
struct ReferenceDataset {
    struct CrewEntry {
        let name: String
        let role: String
    }
    struct MissionEntry {
        let id: Int
        let launchDate: String?
        let crew: [CrewEntry]
        let description: String
    }
    struct AstronautEntry {
        let id: String
        let name: String
        let description: String
    }

    let missions: [MissionEntry]
    let astronauts: [String: AstronautEntry]

    init(missionsPath: String = realMissionsPath, astronautsPath: String = realAstronautsPath) throws {
        let missionArray = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: missionsPath))) as! [[String: Any]]
        missions = missionArray.map { object in
            MissionEntry(
                id: object["id"] as! Int,
                launchDate: object["launchDate"] as? String,
                crew: (object["crew"] as! [[String: String]]).map { CrewEntry(name: $0["name"]!, role: $0["role"]!) },
                description: object["description"] as! String)
        }
        let astronautObject = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: astronautsPath))) as! [String: [String: String]]
        astronauts = astronautObject.mapValues { AstronautEntry(id: $0["id"]!, name: $0["name"]!, description: $0["description"]!) }
    }
}
