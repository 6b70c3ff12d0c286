import MoonshotKit

/// `missions`, `mission`, `crew` and `commander`.
enum MissionCommands {
    /// The options of a command about one mission.
    struct MissionOptions: CommandOptions {
        var global = GlobalOptions()
        var mission = ""
    }

    static let missionArgument = ArgumentSpec<MissionOptions>.value(
        "mission", help: "The mission: 11, Apollo 11, apollo11 or Apollo XI (quotes not needed); or words of its description.",
        takesWords: true, completion: .missions
    ) { $0.mission = $1 }

    static let missions = Command<NoOptions>(
        name: "missions", abstract: "List all missions with launch date, commander and crew size.",
        globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        context.print(.missionList(try context.database.missions()))
        return .success
    }

    static let mission = Command<MissionOptions>(
        name: "mission", abstract: "Show a mission: badge, launch date, crew with roles, and its description.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        let reference = try context.mission(options.mission)
        guard reference.isInTable else { throw CommandFailure.onlyInCrew(missing: reference.name, list: "moonshot crew \(reference.id)") }
        guard let mission = try context.database.mission(reference.id) else {
            throw CommandFailure.goneWhileReading("mission \(reference.id)")
        }
        context.print(.mission(mission))
        return .success
    }

    static let crew = Command<MissionOptions>(
        name: "crew", abstract: "List a mission's crew: astronaut and role, in the source's order.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        let mission = try context.mission(options.mission)
        context.print(.crew(of: mission, try context.database.crew(ofMission: mission.id)))
        return .success
    }

    static let commander = Command<MissionOptions>(
        name: "commander", abstract: "Show who commanded a mission.",
        discussion: "Apollo 1's \"Command Pilot\" counts as its commander.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        let context = try QueryContext(options.global, environment: environment)
        let mission = try context.mission(options.mission)
        context.print(.commander(of: mission, try context.database.commanders(ofMission: mission.id)))
        return .success
    }
}
