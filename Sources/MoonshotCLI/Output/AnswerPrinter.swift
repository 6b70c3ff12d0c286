import Questions

/// Prints an `Answer` in any format, from its fields alone.
struct AnswerPrinter {
    let format: OutputFormat
    /// The terminal's width for tables, if known.
    let width: Int?

    func print(_ answer: Answer) {
        let subjectFields = answer.subjectFields
        switch format {
        case .json:
            var writer = JSONRowWriter(
                subject: answer.subject.map { subject in subjectFields.map { ($0.rawValue, subject[$0].json) } },
                listKey: answer.listField?.rawValue ?? "rows")
            write(answer, answer.rowFields, to: &writer)
        case .csv:
            var writer = CSVRowWriter(
                subjectColumns: subjectFields.map(\.rawValue),
                subjectValues: answer.subject.map { subject in subjectFields.map { subject[$0].plain } } ?? [])
            write(answer, answer.rowFields, to: &writer)
        case .table:
            if let subject = answer.subject {
                Terminal.write(labelledLines(answer.subjectLines.map { ($0.label, subject[$0].display) }, width: width) + "\n")
            }
            var writer = TableWriter(columns: answer.tableFields.map(Self.column), width: width, emptyText: QueryWords.empty(answer.emptyList))
            write(answer, answer.tableFields, to: &writer)
            if let prose = answer.subjectProse {
                Terminal.write("\n" + TerminalText.wrap(prose, to: width.map { max(20, $0) } ?? Int.max).joined(separator: "\n") + "\n")
            }
        }
    }

    private func write(_ answer: Answer, _ fields: [Field], to writer: inout some RowWriter) {
        writer.begin(columns: fields.map(\.rawValue))
        for row in answer.rows { writer.add(fields.map { .answer(row[$0]) }) }
        writer.finish()
    }

    /// A field as a table column: numbers on the right; text that may run long wraps.
    static func column(_ field: Field) -> TableColumn {
        switch field {
        case .crewSize, .missionCount, .position, .missionID, .sharedMissionCount, .careerYears:
            TableColumn(heading: field.heading, alignRight: true)
        case .launchDate, .astronautID, .commanderID, .kind, .missionName, .badge, .crewmateID, .firstFlight, .firstFlightDate, .lastFlight,
            .lastFlightDate:
            TableColumn(heading: field.heading)
        case .astronautName, .commanderName, .role, .canonicalRole, .crewmateRole, .snippet, .description, .crew, .flights, .crewNames, .crewmates,
            .crewmateName, .sharedMissions:
            TableColumn(heading: field.heading, wraps: true)
        }
    }
}
