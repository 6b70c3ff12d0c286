/// A positional argument of a command whose parsed options are an `Options`: how it is shown, and what it sets there.
struct ArgumentSpec<Options>: Sendable {
    let info: ArgumentInfo
    let set: @Sendable (inout Options, String) throws(InvalidValue) -> Void

    /// `completion` is what a shell offers when the type does not say (a mission, a folder).
    static func value<Value: ArgumentValue>(
        _ name: String, help: String, takesWords: Bool = false, isOptional: Bool = false,
        completion: Completion? = nil,
        _ set: @escaping @Sendable (inout Options, Value) -> Void
    ) -> Self {
        let info = ArgumentInfo(
            name: name, help: help, takesWords: takesWords, isOptional: isOptional, choices: Value.choices, completion: completion ?? Value.completion)
        return ArgumentSpec(info: info) { options, text throws(InvalidValue) in
            set(&options, try Value(argument: text))
        }
    }
}
