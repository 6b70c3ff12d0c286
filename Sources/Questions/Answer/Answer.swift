/// The answer to one question as named fields: an optional subject (one mission or astronaut) and a list of rows. Each
/// command's answer is defined once, below; the table, JSON and CSV output are all drawn from it.
package struct Answer: Sendable {
    /// What an answer's list is of, when it is empty.
    package enum EmptyList: Sendable {
        case missions, crew, commander, astronauts, flights, crewmates, missionsFlownTogether, matches
    }

    /// The mission or astronaut asked about, or nil for a plain list.
    package let subject: AnswerRecord?
    package let subjectFields: [Field]
    /// The key the rows go under in JSON when there is a subject (`crew`, `flights`).
    package let listField: Field?
    package let rowFields: [Field]
    /// The row fields a table shows, in order (a table has less room than JSON and CSV).
    package let tableFields: [Field]
    package let rows: [AnswerRecord]
    /// What an empty list lacks, which a table says instead of it.
    package let emptyList: EmptyList
    /// The crew rows the answer counts, besides its rows', whose astronaut or mission is missing.
    private var alsoPointingNowhere = CrewRowsPointingNowhere()

    init<Subject: FieldRecord, Row: FieldRecord>(
        subject: Subject?, subjectFields: [RecordField<Subject>], listField: Field?,
        rowFields: [RecordField<Row>], tableFields: [RecordField<Row>], rows: [Row], emptyList: EmptyList,
        alsoPointingNowhere: CrewRowsPointingNowhere = CrewRowsPointingNowhere()
    ) {
        self.alsoPointingNowhere = alsoPointingNowhere
        self.subject = subject.map { AnswerRecord($0, subjectFields) }
        self.subjectFields = subjectFields.map(\.field)
        self.listField = listField
        self.rowFields = rowFields.map(\.field)
        self.tableFields = tableFields.map(\.field)
        let shown = rowFields + tableFields.filter { field in !rowFields.contains { $0.field == field.field } }
        self.rows = rows.map { AnswerRecord($0, shown) }
        self.emptyList = emptyList
    }

    /// A plain list of `rows`.
    init<Row: FieldRecord>(rowFields: [RecordField<Row>], tableFields: [RecordField<Row>], rows: [Row], emptyList: EmptyList) {
        self.init(subject: Row?.none, subjectFields: [], listField: nil, rowFields: rowFields, tableFields: tableFields, rows: rows, emptyList: emptyList)
    }

    /// Crew rows listed or counted whose astronaut or mission is missing (the subject's own are rows or counted apart).
    package var crewRowsPointingNowhere: CrewRowsPointingNowhere {
        rows.reduce(alsoPointingNowhere) { $0 + $1.crewRowsPointingNowhere }
    }

    /// The subject's fields other than prose, shown as `Label: value` lines above a table.
    package var subjectLines: [Field] { subjectFields.filter { $0 != .description } }

    /// The subject's description, shown as wrapped prose below a table.
    package var subjectProse: String? {
        guard subjectFields.contains(.description), case .text(let text)? = subject?[.description] else { return nil }
        return text
    }
}

extension Answer {
    private static let crewFields: [RecordField<CrewAssignment>] = [.position, .astronautID, .astronautName, .role, .canonicalRole]
    private static let crewTable: [RecordField<CrewAssignment>] = [.astronautName, .astronautID, .canonicalRole]
    private static let flightFields: [RecordField<CrewAssignment>] = [.missionID, .missionName, .launchDate, .position, .role, .canonicalRole]
    private static let flightTable: [RecordField<CrewAssignment>] = [.missionName, .launchDate, .canonicalRole]

    /// `moonshot missions`: the missions with launch date, commander, crew size and, `withCrewNames`, the crew's names.
    package static func missionList(_ missions: [MissionSummary], withCrewNames: Bool = false) -> Answer {
        let crewNames: [RecordField<MissionSummary>] = withCrewNames ? [.crewNames] : []
        return Answer(
            rowFields: [.missionID, .missionName, .launchDate, .commanderID, .commanderName, .crewSize] + crewNames,
            tableFields: [.missionName, .launchDate, .commanderName, .crewSize] + crewNames,
            rows: missions, emptyList: .missions)
    }

    /// `moonshot mission 11`: the mission, its crew, and its description.
    package static func mission(_ mission: MissionDetail) -> Answer {
        Answer(
            subject: mission, subjectFields: [.missionID, .missionName, .badge, .launchDate, .description],
            listField: .crew, rowFields: crewFields, tableFields: crewTable, rows: mission.crew, emptyList: .crew)
    }

    /// `moonshot crew 11` (the crew in crew-list order) and `moonshot commander 13` (`emptyList` `.commander`).
    package static func crew(of mission: MissionReference, _ members: [CrewAssignment], emptyList: EmptyList = .crew) -> Answer {
        Answer(
            subject: mission, subjectFields: [.missionID, .missionName, .launchDate], listField: .crew,
            rowFields: crewFields, tableFields: crewTable, rows: members, emptyList: emptyList)
    }

    /// `moonshot astronauts`: every astronaut with the missions flown and the first flight's launch date.
    package static func astronautList(_ astronauts: [AstronautSummary]) -> Answer {
        let fields: [RecordField<AstronautSummary>] = [.astronautID, .astronautName, .missionCount, .firstFlightDate]
        return Answer(rowFields: fields, tableFields: fields, rows: astronauts, emptyList: .astronauts)
    }

    /// `moonshot astronaut armstrong`: the astronaut, first and last flights, missions flown and description.
    package static func astronaut(_ astronaut: AstronautDetail) -> Answer {
        Answer(
            subject: astronaut,
            subjectFields: [.astronautID, .astronautName, .firstFlight, .firstFlightDate, .lastFlight, .lastFlightDate, .careerYears, .description],
            listField: .flights, rowFields: flightFields, tableFields: flightTable, rows: astronaut.flights, emptyList: .flights)
    }

    /// `moonshot crewmates lovell`: who flew with an astronaut; the astronaut's own crew rows (`flights`) are counted.
    package static func crewmates(of astronaut: AstronautReference, _ crewmates: [CrewmateSummary], flights: [CrewAssignment]) -> Answer {
        Answer(
            subject: astronaut, subjectFields: [.astronautID, .astronautName], listField: .crewmates,
            rowFields: [.crewmateID, .crewmateName, .sharedMissionCount, .sharedMissions],
            tableFields: [.crewmateName, .crewmateID, .sharedMissionCount, .sharedMissions], rows: crewmates, emptyList: .crewmates,
            alsoPointingNowhere: flights.reduce(CrewRowsPointingNowhere()) { $0 + $1.crewRowsPointingNowhere })
    }

    /// `moonshot crewmates armstrong --with aldrin`: the missions two astronauts flew together,
    /// as the first's flights with the other's role; the other's crew rows on them are counted.
    package static func missionsFlownTogether(_ pair: CrewmatePair, _ flights: [SharedFlight]) -> Answer {
        let theirs = CrewRowsPointingNowhere(
            withoutAstronaut: pair.crewmate.isInTable ? 0 : flights.count, withoutMission: flights.count { $0.flight.missionName == nil })
        return Answer(
            subject: pair, subjectFields: [.astronautID, .astronautName, .crewmateID, .crewmateName], listField: .flights,
            rowFields: flightFields.map { $0.of(\.flight) } + [.crewmateRole], tableFields: flightTable.map { $0.of(\.flight) } + [.crewmateRole],
            rows: flights, emptyList: .missionsFlownTogether, alsoPointingNowhere: theirs)
    }

    /// `moonshot flights lovell`: the missions an astronaut flew, in launch order.
    package static func flights(of astronaut: AstronautReference, _ flights: [CrewAssignment]) -> Answer {
        Answer(
            subject: astronaut, subjectFields: [.astronautID, .astronautName], listField: .flights,
            rowFields: flightFields, tableFields: flightTable, rows: flights, emptyList: .flights)
    }

    /// `moonshot search lunar rover`: missions and astronauts, best matches first.
    package static func search(_ hits: [SearchHit]) -> Answer {
        Answer(
            rowFields: [.kind, .missionID, .missionName, .astronautID, .astronautName, .snippet],
            tableFields: [.missionName, .astronautName, .snippet], rows: hits, emptyList: .matches)
    }
}
