import MoonshotKit

/// `astronauts`, `astronaut` and `flights`.
enum AstronautCommands {
    /// The options of a command about one astronaut.
    struct AstronautOptions: CommandOptions {
        var global = GlobalOptions()
        var astronaut = ""
    }

    static let astronautArgument = ArgumentSpec<AstronautOptions>.value(
        "astronaut", help: "The astronaut: the id (armstrong), the full name or words of it (Neil Armstrong, no quotes needed), or a nickname (Buzz).",
        takesWords: true, completion: .astronauts
    ) { $0.astronaut = $1 }

    static let astronauts = Command<NoOptions>(
        name: "astronauts", abstract: "List all astronauts with the number of missions each flew.",
        globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        context.print(.astronautList(try context.database.astronauts()))
        return .success
    }

    static let astronaut = Command<AstronautOptions>(
        name: "astronaut", abstract: "Show an astronaut: name, description, and the missions flown.",
        arguments: [astronautArgument], globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        let reference = try context.astronaut(options.astronaut)
        guard reference.isInTable else { throw CommandFailure.onlyInCrew(missing: reference.name, list: "moonshot flights \(shellQuoted(reference.id))") }
        guard let astronaut = try context.database.astronaut(reference.id) else {
            throw CommandFailure.goneWhileReading("astronaut \(reference.id)")
        }
        context.print(.astronaut(astronaut))
        return .success
    }

    static let flights = Command<AstronautOptions>(
        name: "flights", abstract: "List the missions an astronaut flew, with role and launch date.",
        arguments: [astronautArgument], globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        let astronaut = try context.astronaut(options.astronaut)
        context.print(.flights(of: astronaut, try context.database.flights(ofAstronaut: astronaut.id)))
        return .success
    }
}
