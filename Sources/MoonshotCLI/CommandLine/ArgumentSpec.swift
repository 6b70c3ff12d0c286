/// A positional argument of a command whose parsed options are an `Options`.
struct ArgumentSpec<Options>: Sendable {
    /// The placeholder shown in help: "mission" shows as `<mission>`.
    let name: String
    let help: String
    /// Joins all remaining words with spaces (last argument only): `moonshot flights Neil Armstrong` needs no quotes.
    var takesWords = false
    /// May be left out (only for the last argument): `[<subcommand>]`.
    var isOptional = false
    var choices: [String] = []
    var completion = Completion.none
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// `<text> ...` or `<mission>`, as help and error messages show it.
    var synopsis: String { "<\(name)>" + (takesWords ? " ..." : "") }

    /// `completion` is what a shell offers when the type does not say (a mission, a folder).
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
