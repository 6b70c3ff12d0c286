import Dataset

/// How an option is written and described, whatever it sets: what help, error messages
/// and completion scripts show.
struct OptionInfo: Sendable {
    /// The long name without dashes: "db" for `--db`.
    let name: String
    /// A one-letter short name without the dash, if any: "h" for `-h`.
    var short: Character? = nil
    /// The value's placeholder in help ("path" shows as `<path>`); nil for a flag.
    var valueName: String? = nil
    /// One line of help.
    let help: String
    /// The values a value may take, when it is one of a few words.
    var choices: [String] = []
    /// A few words on each of `choices`, in their order, for shells that show them; or none.
    var choiceHelp: [String] = []
    /// What the value is when the option is not given, as help shows it: "20".
    var defaultValue: String? = nil
    /// What a shell offers for the value.
    var completion = Completion.none

    var isFlag: Bool { valueName == nil }

    /// `--db <path>` or `-h, --help`, as help shows it.
    var synopsis: String {
        (short.map { "-\($0), " } ?? "") + usage
    }

    /// `--db <path>` or `--check`, as usage lines show it.
    var usage: String {
        "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
    }
}

/// An option of a command whose parsed options are an `Options`: how it is written, and
/// what it sets there.
struct OptionSpec<Options>: Sendable {
    let info: OptionInfo
    /// Sets the option in the options; a flag gets "".
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// Reads the option written as `word` (with `inlineValue`, from `--name=value`) into
    /// `options`: a flag, or the value after `=` or in the next word, which it then skips.
    func read(
        into options: inout Options, inlineValue: String?, from words: [String], at index: inout Int,
        command: String?
    ) throws(UsageError) {
        let value: String
        if info.isFlag {
            guard inlineValue == nil else { throw UsageError(message: "The flag '--\(info.name)' does not take a value", command: command) }
            value = ""
        } else if let inlineValue {
            value = inlineValue
        } else if index < words.count {
            value = words[index]
            index += 1
        } else {
            throw UsageError(message: "Missing value for '\(info.usage)'", command: command)
        }
        do {
            try set(&options, value)
        } catch {
            throw UsageError(message: "The value '\(value)' is invalid for '\(info.usage)'; expected \(error.expected)", command: command)
        }
    }

    /// A flag such as `--check`.
    static func flag(_ name: String, help: String, _ set: @escaping @Sendable (inout Options) -> Void) -> Self {
        OptionSpec(info: OptionInfo(name: name, help: help)) { options, _ in set(&options) }
    }

    /// An option with a value of type `Value`, such as `--db <path>`; `default` is what help
    /// says it is when not given, for an option whose command works that out itself;
    /// `completion` is what a shell offers, when the type does not say (an astronaut).
    static func value<Value: ArgumentValue>(
        _ name: String, _ valueName: String, help: String, default: String? = nil, completion: Completion? = nil,
        _ set: @escaping @Sendable (inout Options, Value) -> Void
    ) -> Self {
        let info = OptionInfo(
            name: name, valueName: valueName, help: help, choices: Value.choices, choiceHelp: Value.choiceHelp, defaultValue: `default`,
            completion: completion ?? Value.completion)
        return OptionSpec(info: info) { options, text throws(InvalidValue) in
            set(&options, try Value(argument: text))
        }
    }
}

extension OptionSpec where Options: ParsedOptions {
    /// An option read as `Value` into `field`: its default is the field's value in `Options()`,
    /// which help shows, so that it is written once (`var limit = 20` shows "(default: 20)").
    static func value<Value: ArgumentValue>(
        _ name: String, _ valueName: String, help: String,
        _ field: any WritableKeyPath<Options, Value.Value> & Sendable, as _: Value.Type
    ) -> Self {
        let info = OptionInfo(
            name: name, valueName: valueName, help: help, choices: Value.choices, choiceHelp: Value.choiceHelp,
            defaultValue: Value.argument(Options()[keyPath: field]), completion: Value.completion)
        return OptionSpec(info: info) { options, text throws(InvalidValue) in
            options[keyPath: field] = try Value(argument: text).value
        }
    }
}

/// Options the command line reads words into, starting from `init()`, whose values are the
/// defaults.
protocol ParsedOptions: Sendable {
    init()
}

/// What a shell offers for an option's value or an argument.
enum Completion: Sendable, Equatable {
    case none
    case file, folder
    /// Names read from the database.
    case missions, astronauts
    /// One of a few words.
    case choices([String])
    /// The name of a subcommand.
    case subcommands
}

/// A positional argument of a command whose parsed options are an `Options`.
struct ArgumentSpec<Options>: Sendable {
    /// The placeholder shown in help: "mission" shows as `<mission>`.
    let name: String
    /// One line of help.
    let help: String
    /// Takes all remaining words, joined by spaces (only for the last argument), so that
    /// `moonshot flights Neil Armstrong` needs no quotes.
    var takesWords = false
    /// May be left out (only for the last argument): `[<subcommand>]`.
    var isOptional = false
    /// The values it may take, when it is one of a few words.
    var choices: [String] = []
    /// What a shell offers for it.
    var completion = Completion.none
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// `<text> ...` or `<mission>`, as help and error messages show it.
    var synopsis: String { "<\(name)>" + (takesWords ? " ..." : "") }

    /// An argument of type `Value`; `takesWords` joins the remaining words into it; `completion`
    /// is what a shell offers, when the type does not say (a mission, a folder).
    static func value<Value: ArgumentValue>(
        _ name: String, help: String, takesWords: Bool = false, isOptional: Bool = false,
        completion: Completion? = nil,
        _ set: @escaping @Sendable (inout Options, Value) -> Void
    ) -> Self {
        ArgumentSpec(
            name: name, help: help, takesWords: takesWords, isOptional: isOptional, choices: Value.choices,
            completion: completion ?? Value.completion
        ) { options, text throws(InvalidValue) in
            set(&options, try Value(argument: text))
        }
    }
}

/// A type an option's value or an argument is read as.
protocol ArgumentValue: Sendable {
    /// What a command keeps of it: itself, or what it checked (the number of a `PositiveCount`).
    associatedtype Value: Sendable = Self
    /// Reads `text`, or throws saying what was expected.
    init(argument text: String) throws(InvalidValue)
    var value: Value { get }
    /// `value` as written on the command line, as help shows a default.
    static func argument(_ value: Value) -> String
    /// The words it may be, when it is one of a few.
    static var choices: [String] { get }
    /// A few words on each of `choices`, in their order ("Most flights first"), for the shells
    /// that show them beside the words; empty when the option's help says enough.
    static var choiceHelp: [String] { get }
    /// What a shell offers for it.
    static var completion: Completion { get }
}

extension ArgumentValue {
    static var choices: [String] { [] }
    static var choiceHelp: [String] { [] }
    static var completion: Completion { choices.isEmpty ? .none : .choices(choices) }
}

extension ArgumentValue where Value == Self {
    var value: Self { self }
}

/// Why a value on the command line is not what an option or argument takes: "a whole number above 0".
struct InvalidValue: Error {
    let expected: String
}

extension String: ArgumentValue {
    init(argument text: String) throws(InvalidValue) { self = text }
    static func argument(_ value: String) -> String { value }
}

/// A path to a file, which may not be empty.
struct FilePath: ArgumentValue, Equatable {
    let path: String

    init(argument text: String) throws(InvalidValue) {
        guard !text.isEmpty else { throw InvalidValue(expected: "a file path") }
        path = text
    }

    static func argument(_ value: FilePath) -> String { value.path }
    static var completion: Completion { .file }
}

/// A whole number above 0, such as a number of results.
struct PositiveCount: ArgumentValue {
    let value: Int

    init(argument text: String) throws(InvalidValue) {
        guard let number = Int(text), number > 0 else { throw InvalidValue(expected: "a whole number above 0") }
        value = number
    }

    static func argument(_ value: Int) -> String { String(value) }
}

/// A year, such as 1969: one to four digits and nothing else (no sign, no spaces), 0 to 9999,
/// the years a launch date (YYYY-MM-DD) can have.
struct Year: ArgumentValue {
    let value: Int

    init(argument text: String) throws(InvalidValue) {
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let year = Int(text) else {
            throw InvalidValue(expected: "a year from 0 to 9999 in digits, such as 1969")
        }
        value = year
    }

    static func argument(_ value: Int) -> String { String(value) }
}

/// A duration in seconds, above 0 and below a million.
struct Seconds: ArgumentValue {
    let value: Duration

    init(argument text: String) throws(InvalidValue) {
        guard let seconds = Double(text), seconds > 0, seconds < 1_000_000 else {
            throw InvalidValue(expected: "a number of seconds above 0 and below 1000000")
        }
        value = .seconds(seconds)
    }

    /// "60", or "2.5".
    static func argument(_ value: Duration) -> String { secondsNumber(value) }
}

/// One of a fixed set of words, as a Swift enum.
protocol ChoiceValue: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceValue {
    init(argument text: String) throws(InvalidValue) {
        guard let value = Self(rawValue: text) else {
            throw InvalidValue(expected: "one of: " + Self.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = value
    }

    static func argument(_ value: Self) -> String { value.rawValue }
    static var choices: [String] { allCases.map(\.rawValue) }
}
