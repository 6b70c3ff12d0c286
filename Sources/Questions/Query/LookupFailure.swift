/// Why the mission or astronaut the user named (`text`) could not be told.
package enum LookupFailure: Error, Equatable, Sendable {
    /// One of several the user could mean: its key (a mission's name, an astronaut's id) and a detail (date, name).
    package struct Candidate: Equatable, Sendable {
        package let key: String
        package let detail: String
    }

    case noMission(text: String, path: String, closest: [String])
    /// No astronaut matches in the database at `path`; `closest` are the nearest ("Name (id)").
    case noAstronaut(text: String, path: String, closest: [String])
    case severalMissions(text: String, candidates: [Candidate])
    case severalAstronauts(text: String, candidates: [Candidate])
    case nothingToSearchFor(text: String)
}
