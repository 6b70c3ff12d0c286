/// A type an option's value or an argument is read as.
protocol ArgumentValue: Sendable {
    /// What a command keeps of it: itself, or what it checked (the number of a `PositiveCount`).
    associatedtype Value: Sendable = Self
    /// Reads `text`, or throws saying what was expected.
    init(argument text: String) throws(InvalidValue)
    var value: Value { get }
    /// `value` as written on the command line, as help shows a default.
    static func argument(_ value: Value) -> String
    static var choices: [String] { get }
    /// A few words on each of `choices` ("Most flights first") for shells that show them; empty if help says enough.
    static var choiceHelp: [String] { get }
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
