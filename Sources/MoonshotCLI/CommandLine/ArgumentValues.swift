import Dataset

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

/// A year such as 1969: one to four digits and nothing else, 0 to 9999, the years a launch date (YYYY-MM-DD) can have.
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

    static func argument(_ value: Duration) -> String { secondsNumber(value) }
}
