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

    /// A flag such as `--check`.
    static func flag(_ name: String, help: String, _ set: @escaping @Sendable (inout Options) -> Void) -> Self {
        OptionSpec(info: OptionInfo(name: name, help: help)) { options, _ in set(&options) }
    }

    /// An option with a value of type `Value`, such as `--db <path>`.
    static func value<Value: ArgumentValue>(_ name: String, _ valueName: String, help: String,
                                            _ set: @escaping @Sendable (inout Options, Value) -> Void) -> Self {
        OptionSpec(info: OptionInfo(name: name, valueName: valueName, help: help, choices: Value.choices)) { options, text throws(InvalidValue) in
            set(&options, try Value(argument: text))
        }
    }
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
    /// The values it may take, when it is one of a few words.
    var choices: [String] = []
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// `<text> ...` or `<mission>`, as usage shows it.
    var synopsis: String { "<\(name)>" + (takesWords ? " ..." : "") }

    /// An argument of type `Value`; `takesWords` joins the remaining words into it.
    static func value<Value: ArgumentValue>(_ name: String, help: String, takesWords: Bool = false,
                                            _ set: @escaping @Sendable (inout Options, Value) -> Void) -> Self {
        ArgumentSpec(name: name, help: help, takesWords: takesWords, choices: Value.choices) { options, text throws(InvalidValue) in
            set(&options, try Value(argument: text))
        }
    }
}

/// A type an option's value or an argument is read as.
protocol ArgumentValue: Sendable {
    /// Reads `text`, or throws saying what was expected.
    init(argument text: String) throws(InvalidValue)
    /// The words it may be, when it is one of a few.
    static var choices: [String] { get }
}

extension ArgumentValue {
    static var choices: [String] { [] }
}

/// Why a value on the command line is not what an option or argument takes: "a whole number above 0".
struct InvalidValue: Error {
    let expected: String
}

extension String: ArgumentValue {
    init(argument text: String) throws(InvalidValue) { self = text }
}

/// A path to a file, which may not be empty.
struct FilePath: ArgumentValue, Equatable {
    let path: String

    init(argument text: String) throws(InvalidValue) {
        guard !text.isEmpty else { throw InvalidValue(expected: "a file path") }
        path = text
    }
}

/// A whole number above 0, such as a number of results.
struct PositiveCount: ArgumentValue {
    let value: Int

    init(argument text: String) throws(InvalidValue) {
        guard let number = Int(text), number > 0 else { throw InvalidValue(expected: "a whole number above 0") }
        value = number
    }
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

    static var choices: [String] { allCases.map(\.rawValue) }
}
