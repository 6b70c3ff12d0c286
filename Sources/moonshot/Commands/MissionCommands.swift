import MoonshotKit

/// `missions`, `mission`, `crew` and `commander`.
enum MissionCommands {
    static let missionArgument = ArgumentSpec(name: "mission", help: "The mission: 11, \"Apollo 11\", apollo11 or \"Apollo XI\".")
    static let globals = ["db", "format", "show-sql"]

    static let missions = CommandSpec(
        name: "missions", abstract: "List all missions with launch date, commander and crew size.",
        globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let missions = try context.database.missions()
        context.print(
            table: [TableColumn(title: "Mission"), TableColumn(title: "Launch date"),
                    TableColumn(title: "Commander", wraps: true), TableColumn(title: "Crew", alignRight: true)],
            keys: ["id", "displayName", "launchDate", "commander", "crewSize"],
            rows: missions.map { mission in
                let row: [Cell] = [.text(mission.displayName), .date(mission.launchDate), .optionalText(mission.commander),
                                   .integer(Int64(mission.crewSize))]
                return context.format == .table ? row : [.integer(mission.id)] + row
            },
            json: .array(missions.map { mission in
                .object([("id", .integer(mission.id)), ("displayName", .string(mission.displayName)),
                         ("launchDate", mission.launchDate.json), ("commander", .string(mission.commander)),
                         ("crewSize", .integer(Int64(mission.crewSize)))])
            }))
        return .success
    }

    static let mission = CommandSpec(
        name: "mission", abstract: "Show a mission: badge, launch date, crew with roles, and its description.",
        arguments: [missionArgument], globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let reference = try context.database.resolveMission(invocation.arguments[0])
        guard let mission = try context.database.mission(reference.id) else {
            throw MoonshotError("mission \(reference.id) is no longer in the database",
                                hint: "It changed while moonshot was reading it (a new import?); run the command again.")
        }
        context.print(
            text: context.page(
                heading: "\(mission.displayName)\nBadge:       \(mission.badgeImage)\nLaunch date: \(Cell.date(mission.launchDate).text)",
                columns: crewColumns, rows: mission.crew.map(crewRow), ifEmpty: "No crew listed.",
                description: mission.description),
            json: .object([("id", .integer(mission.id)), ("displayName", .string(mission.displayName)),
                           ("image", .string(mission.badgeImage)), ("launchDate", mission.launchDate.json),
                           ("crew", .array(mission.crew.map(crewJSON))), ("description", .string(mission.description))]),
            csvKeys: ["id", "displayName", "image", "launchDate", "crew", "description"],
            csvRow: [.integer(mission.id), .text(mission.displayName), .text(mission.badgeImage), .date(mission.launchDate),
                     .text(mission.crew.map { "\($0.astronautID) (\($0.role))" }.joined(separator: "; ")),
                     .text(mission.description)])
        return .success
    }

    static let crew = CommandSpec(
        name: "crew", abstract: "List a mission's crew: astronaut and role, in the source's order.",
        arguments: [missionArgument], globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let mission = try context.database.resolveMission(invocation.arguments[0])
        printAssignments(try context.database.crew(ofMission: mission.id), of: mission, context: context)
        return .success
    }

    static let commander = CommandSpec(
        name: "commander", abstract: "Show who commanded a mission.",
        discussion: "Apollo 1's \"Command Pilot\" counts as its commander.",
        arguments: [missionArgument], globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let mission = try context.database.resolveMission(invocation.arguments[0])
        printAssignments(try context.database.commanders(ofMission: mission.id), of: mission, context: context)
        return .success
    }

    /// A crew list for one mission: the mission with the list nested in JSON, a titled table for people.
    private static func printAssignments(_ assignments: [CrewAssignment], of mission: MissionReference, context: QueryContext) {
        context.print(
            table: crewColumns,
            keys: ["missionId", "mission", "launchDate", "position", "name", "fullName", "role", "canonicalRole"],
            rows: assignments.map { assignment in
                context.format == .table ? crewRow(assignment)
                    : [.integer(assignment.missionID), .text(assignment.missionName), .date(assignment.launchDate),
                       .integer(Int64(assignment.position)), .text(assignment.astronautID), .text(assignment.astronautName),
                       .text(assignment.role), .text(assignment.canonicalRole)]
            },
            json: .object([("id", .integer(mission.id)), ("displayName", .string(mission.displayName)),
                           ("launchDate", mission.launchDate.json), ("crew", .array(assignments.map(crewJSON)))]),
            heading: "\(mission.displayName), launch date \(Cell.date(mission.launchDate).text)")
    }

    static let crewColumns = [TableColumn(title: "Astronaut", wraps: true), TableColumn(title: "Id"), TableColumn(title: "Role", wraps: true)]

    static func crewRow(_ assignment: CrewAssignment) -> [Cell] {
        [.text(assignment.astronautName), .text(assignment.astronautID), .text(assignment.role)]
    }

    /// A crew entry in JSON: the source's `name` (astronaut id) and `role`, plus the full name and canonical role.
    static func crewJSON(_ assignment: CrewAssignment) -> JSONValue {
        .object([("name", .string(assignment.astronautID)), ("role", .string(assignment.role)),
                 ("fullName", .string(assignment.astronautName)), ("canonicalRole", .string(assignment.canonicalRole)),
                 ("position", .integer(Int64(assignment.position)))])
    }
}
