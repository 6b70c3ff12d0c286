import XCTest

@testable import MoonshotCLI

// Assertions in the manner of swift-argument-parser's `assertParse`: words in, through the real
// parser, and the typed options, the usage error or what the command line asked for out.

/// Parses `words` (what follows the command's name) as `command` does and hands `check` the options.
func assertParse<Options: CommandOptions>(
    _ command: Command<Options>, _ words: [String], file: StaticString = #filePath, line: UInt = #line,
    _ check: (Options) throws -> Void
) {
    let options: Options
    do {
        options = try command.parse(words)
    } catch {
        return XCTFail("\(words) was refused: \(error.message)", file: file, line: line)
    }
    XCTAssertNoThrow(try check(options), "\(words)", file: file, line: line)
}

/// Parses `words` as `command` does and checks that they are refused with `message`, as a
/// mistake of `command` (the usage lines that follow are its own).
func assertParseError<Options: CommandOptions>(
    _ command: Command<Options>, _ words: [String], _ message: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try command.parse(words)
        XCTFail("\(words) was accepted", file: file, line: line)
    } catch {
        XCTAssertEqual(error.message, message, "\(words)", file: file, line: line)
        XCTAssertEqual(error.command, command.name, "\(words)", file: file, line: line)
    }
}

/// What a whole command line asked for, in a form to compare: "run crew", "help import",
/// "help", "version".
func parsedRequest(_ words: [String], parser: ArgumentParser = Moonshot.parser) throws(UsageError) -> String {
    switch try parser.parse(words) {
    case .run(let name, _): "run \(name)"
    case .help(let name?): "help \(name)"
    case .help(nil): "help"
    case .version: "version"
    }
}

/// Checks that the whole command line `words` is refused with `message`, and says which
/// command's usage lines follow (nil: moonshot's own).
func assertCommandLineError(
    _ words: [String], _ message: String, command: String?, parser: ArgumentParser = Moonshot.parser,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let request = try parsedRequest(words, parser: parser)
        XCTFail("\(words) was accepted: \(request)", file: file, line: line)
    } catch {
        XCTAssertEqual(error.message, message, "\(words)", file: file, line: line)
        XCTAssertEqual(error.command, command, "\(words)", file: file, line: line)
    }
}

/// The options a command of `Options` got from the whole command line `words`: the command
/// is `probe`, taking `arguments` and the global options `globals`, and the parser knows it alone.
func probedOptions<Options: CommandOptions>(
    _ words: [String], arguments: [ArgumentSpec<Options>] = [], options: [OptionSpec<Options>] = [],
    globals: [GlobalOption] = GlobalOption.question
) throws -> Options {
    let probe = Command<Options>(name: "probe", abstract: "Parses.", arguments: arguments, options: options, globals: globals) { options, _ in
        throw ProbeRan(options: options)
    }
    guard case .run(_, let run) = try ArgumentParser(commands: [probe.erased]).parse(words) else {
        throw UsageError(message: "\(words) did not run the command")
    }
    do {
        _ = try run([:])
    } catch let parsed as ProbeRan<Options> {
        return parsed.options
    }
    throw UsageError(message: "the command did not run")
}

/// Thrown by the probe command with the options it was given.
private struct ProbeRan<Options: CommandOptions>: Error {
    let options: Options
}
