import MoonshotKit

/// `astronauts`, `astronaut` and `flights`.
enum AstronautCommands {
    static let astronautArgument = ArgumentSpec(
        name: "astronaut", help: "The astronaut: the id (armstrong), the full name, or words of it (\"Neil Armstrong\").")
    static let globals = ["db", "format", "show-sql"]

    static let astronauts = CommandSpec(
        name: "astronauts", abstract: "List all astronauts with the number of missions each flew.",
        globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let astronauts = try context.database.astronauts()
        context.print(
            table: [TableColumn(title: "Id"), TableColumn(title: "Name", wraps: true), TableColumn(title: "Missions", alignRight: true)],
            keys: ["id", "name", "missionCount"],
            rows: astronauts.map { [.text($0.id), .text($0.name), .integer(Int64($0.missionCount))] },
            json: .array(astronauts.map {
                .object([("id", .string($0.id)), ("name", .string($0.name)), ("missionCount", .integer(Int64($0.missionCount)))])
            }))
        return .success
    }

    static let astronaut = CommandSpec(
        name: "astronaut", abstract: "Show an astronaut: name, description, and the missions flown.",
        arguments: [astronautArgument], globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let reference = try context.database.resolveAstronaut(invocation.arguments[0])
        guard let astronaut = try context.database.astronaut(reference.id) else {
            throw MoonshotError("astronaut \(reference.id) is no longer in the database",
                                hint: "It changed while moonshot was reading it (a new import?); run the command again.")
        }
        context.print(
            text: context.page(
                heading: "\(astronaut.name) (\(astronaut.id))", columns: flightColumns,
                rows: astronaut.flights.map(flightRow), ifEmpty: "No missions listed.", description: astronaut.description),
            json: .object([("id", .string(astronaut.id)), ("name", .string(astronaut.name)),
                           ("description", .string(astronaut.description)),
                           ("missions", .array(astronaut.flights.map(flightJSON)))]),
            csvKeys: ["id", "name", "missions", "description"],
            csvRow: [.text(astronaut.id), .text(astronaut.name),
                     .text(astronaut.flights.map { "\($0.missionName) (\($0.role))" }.joined(separator: "; ")),
                     .text(astronaut.description)])
        return .success
    }

    static let flights = CommandSpec(
        name: "flights", abstract: "List the missions an astronaut flew, with role and launch date.",
        arguments: [astronautArgument], globalOptions: globals
    ) { invocation in
        let context = try QueryContext(invocation)
        let astronaut = try context.database.resolveAstronaut(invocation.arguments[0])
        let flights = try context.database.flights(ofAstronaut: astronaut.id)
        context.print(
            table: flightColumns,
            keys: ["astronautId", "missionId", "mission", "launchDate", "role", "canonicalRole"],
            rows: flights.map { flight in
                context.format == .table ? flightRow(flight)
                    : [.text(flight.astronautID), .integer(flight.missionID), .text(flight.missionName),
                       .date(flight.launchDate), .text(flight.role), .text(flight.canonicalRole)]
            },
            json: .object([("id", .string(astronaut.id)), ("name", .string(astronaut.name)),
                           ("missions", .array(flights.map(flightJSON)))]),
            heading: "\(astronaut.name) (\(astronaut.id)): crew of \(plural(flights.count, "mission"))")
        return .success
    }

    static let flightColumns = [TableColumn(title: "Mission"), TableColumn(title: "Launch date"), TableColumn(title: "Role", wraps: true)]

    static func flightRow(_ flight: CrewAssignment) -> [Cell] {
        [.text(flight.missionName), .date(flight.launchDate), .text(flight.role)]
    }

    static func flightJSON(_ flight: CrewAssignment) -> JSONValue {
        .object([("id", .integer(flight.missionID)), ("displayName", .string(flight.missionName)),
                 ("launchDate", flight.launchDate.json), ("role", .string(flight.role)),
                 ("canonicalRole", .string(flight.canonicalRole))])
    }
}
