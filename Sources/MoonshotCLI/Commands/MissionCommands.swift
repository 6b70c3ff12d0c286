import Questions

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

    static let missions = Command<ListOptions>(
        name: "missions", abstract: "List all missions, or those of some years, with launch date, commander and crew size.",
        discussion: """
            With --year, or --from and --to (either may be left out), only the missions launched in
            those years are listed, and those without a launch date (Apollo 1) only with --undated.
            """,
        options: [
            .value("year", "year", help: "Only the missions launched in this year.") { $0.year = $1 },
            .value("from", "year", help: "Only the missions launched in this year or later.") { $0.from = $1 },
            .value("to", "year", help: "Only the missions launched in this year or earlier.") { $0.to = $1 },
            .flag("undated", help: "With a year: list the missions without a launch date too.") { $0.undated = true },
            .flag("crew", help: "Add a column with the crew's names, in crew-list order.") { $0.crew = true },
        ],
        globals: GlobalOption.question
    ) { options, environment in
        let years = try options.years()
        return try QueryContext.answer(options.global, environment: environment, keepingFewPages: false) { context in
            .missionList(try context.database.missions(from: years.from, to: years.to, includingUndated: options.undated), withCrewNames: options.crew)
        }
    }

    static let mission = Command<MissionOptions>(
        name: "mission", abstract: "Show a mission: badge, launch date, crew with roles, and its description.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { .mission(try $0.missionDetail(options.mission)) }
    }

    static let crew = Command<MissionOptions>(
        name: "crew", abstract: "List a mission's crew: astronaut and role, in the source's order.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { context in
            let mission = try context.mission(options.mission)
            return .crew(of: mission, try context.database.crew(ofMission: mission.id))
        }
    }

    static let commander = Command<MissionOptions>(
        name: "commander", abstract: "Show who commanded a mission.",
        discussion: "Apollo 1's \"Command Pilot\" counts as its commander.",
        arguments: [missionArgument], globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment) { context in
            let mission = try context.mission(options.mission)
            return .crew(of: mission, try context.database.commanders(ofMission: mission.id), emptyList: .commander)
        }
    }

    struct ListOptions: CommandOptions {
        var global = GlobalOptions()
        var year: Year?
        var from: Year?
        var to: Year?
        var undated = false
        var crew = false

        /// The years asked for, nil where unbounded; refuses `--year` with `--from` or `--to`, a `--from` after `--to`,
        /// and `--undated` without a year (every mission is listed then).
        func years() throws(UsageError) -> (from: Int?, to: Int?) {
            guard !undated || year != nil || from != nil || to != nil else {
                throw UsageError(message: QueryWords.undatedWithoutYears, command: "missions")
            }
            if let year {
                guard from == nil, to == nil else {
                    throw UsageError(message: QueryWords.yearAndRange, command: "missions")
                }
                return (year.value, year.value)
            }
            if let from, let to, from.value > to.value {
                throw UsageError(message: QueryWords.fromAfterTo(from.value, to.value), command: "missions")
            }
            return (from?.value, to?.value)
        }
    }
}
