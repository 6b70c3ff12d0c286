import Dataset

/// How an option is written and described, whatever it sets: what help, error messages and completion scripts show.
struct OptionInfo: Sendable {
    /// The long name without dashes: "db" for `--db`.
    let name: String
    /// A one-letter short name without the dash, if any: "h" for `-h`.
    var short: Character? = nil
    /// The value's placeholder in help ("path" shows as `<path>`); nil for a flag.
    var valueName: String? = nil
    let help: String
    var choices: [String] = []
    /// A few words on each of `choices`, in their order, for shells that show them; or none.
    var choiceHelp: [String] = []
    /// What the value is when the option is not given, as help shows it: "20".
    var defaultValue: String? = nil
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

/// An option of a command whose parsed options are an `Options`: how it is written, and what it sets there.
struct OptionSpec<Options>: Sendable {
    let info: OptionInfo
    /// Sets the option in the options; a flag gets "".
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// Reads the option written as `word` (with `inlineValue`, from `--name=value`) into `options`: a flag, or the
    /// value after `=` or in the next word, which it then skips.
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

    /// An option with a value of type `Value` (`--db <path>`); `default` is what help shows for an option whose command
    /// works it out itself, `completion` what a shell offers when the type does not say (an astronaut).
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
    /// An option read as `Value` into `field`, whose value in `Options()` help shows as the default, so it is written
    /// once (`var limit = 20` shows "(default: 20)").
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

/// Options the command line reads words into, starting from `init()`, whose values are the defaults.
protocol ParsedOptions: Sendable {
    init()
}

/// What a shell offers for an option's value or an argument.
enum Completion: Sendable, Equatable {
    case none
    case file, folder
    /// Names read from the database.
    case missions, astronauts
    case choices([String])
    case subcommands
}
