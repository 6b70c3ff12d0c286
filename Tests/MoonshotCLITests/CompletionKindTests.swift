import XCTest

@testable import MoonshotCLI

/// What shells complete, as each option and argument declares it, and the scripts written
/// from those declarations (not guessed from placeholder names).
final class CompletionKindTests: XCTestCase {
    private func argumentCompletion(_ name: String) -> Completion? {
        Moonshot.commands.first { $0.name == name }?.arguments.first?.completion
    }

    private func optionCompletion(_ command: String, _ option: String) -> Completion? {
        Moonshot.commands.first { $0.name == command }?.options.first { $0.name == option }?.completion
    }

    func testCommandsDeclareWhatTheirArgumentsAreCompletedWith() {
        for name in ["mission", "crew", "commander"] { XCTAssertEqual(argumentCompletion(name), .missions, name) }
        for name in ["astronaut", "flights"] { XCTAssertEqual(argumentCompletion(name), .astronauts, name) }
        XCTAssertEqual(argumentCompletion("site"), .folder)
        XCTAssertEqual(argumentCompletion("completions"), .choices(["bash", "zsh", "fish"]))
        XCTAssertEqual(argumentCompletion("help"), .subcommands)
        XCTAssertEqual(argumentCompletion("search"), Completion.none)
        XCTAssertEqual(argumentCompletion("sql"), Completion.none)
    }

    func testOptionsDeclareWhatTheirValuesAreCompletedWith() {
        XCTAssertEqual(optionCompletion("import", "db"), .file)
        XCTAssertEqual(optionCompletion("import", "missions"), .file)
        XCTAssertEqual(optionCompletion("export", "astronauts"), .file)
        XCTAssertEqual(optionCompletion("missions", "format"), .choices(["table", "json", "csv"]))
        XCTAssertEqual(optionCompletion("search", "limit"), Completion.none)
        XCTAssertEqual(optionCompletion("crewmates", "with"), .astronauts)
        XCTAssertEqual(optionCompletion("astronauts", "sort"), .choices(["name", "flights", "first-flight"]))
        XCTAssertEqual(optionCompletion("missions", "year"), Completion.none)
        XCTAssertEqual(optionCompletion("sql", "timeout"), Completion.none)
    }

    /// Two commands whose arguments are named as moonshot's are but declared otherwise, and
    /// the reverse: the scripts follow the declarations.
    func testScriptsFollowTheDeclarationsNotTheNames() {
        let declared = Command<MissionCommands.MissionOptions>(
            name: "first", abstract: "A mission.",
            arguments: [.value("thing", help: "Anything.", completion: .missions) { $0.mission = $1 }]
        ) { _, _ in .success }
        let named = Command<MissionCommands.MissionOptions>(
            name: "second", abstract: "Named so.",
            arguments: [.value("mission", help: "Not completed.") { $0.mission = $1 }],
            options: [.value("out", "path", help: "Not a file.") { $0.mission = $1 }]
        ) { _, _ in .success }
        let script = CompletionScript(commands: [declared.erased, named.erased])
        XCTAssertTrue(script.bash.contains("first) options=\"--db --help\"; names=missions ;;\n"), script.bash)
        XCTAssertTrue(script.bash.contains("second) options=\"--out --db --help\" ;;\n"), script.bash)
        XCTAssertTrue(script.zsh.contains("first) options=(--db --help); kind=missions ;;\n"), script.zsh)
        XCTAssertTrue(script.fish.contains("complete -c moonshot -n '__moonshot_command_is first' -a '(__moonshot_names missions)'\n"), script.fish)
        XCTAssertFalse(script.fish.contains("__moonshot_command_is second' -a"), script.fish)
        XCTAssertTrue(script.fish.contains("__moonshot_command_is second' -l out -x -d 'Not a file.'\n"), script.fish)
    }

    func testHelpCompletesSubcommandNamesAsAnyCommandsArgument() {
        let script = CompletionScript(commands: Moonshot.commands.filter { !$0.isHidden })
        let names = Moonshot.commands.filter { !$0.isHidden }.map(\.name).joined(separator: " ")
        XCTAssertTrue(names.hasSuffix(" help"))
        XCTAssertTrue(script.bash.contains("help) options=\"--help\"; choices=\"\(names)\" ;;\n"), script.bash)
        XCTAssertTrue(script.fish.contains("complete -c moonshot -n '__moonshot_command_is help' -a '\(names)'\n"), script.fish)
    }
}
