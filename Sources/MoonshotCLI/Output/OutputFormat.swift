/// How a command prints its answer.
enum OutputFormat: String, ChoiceValue {
    /// Aligned columns for people.
    case table
    /// Pretty-printed JSON with stable field names.
    case json
    /// RFC 4180 CSV with one header row.
    case csv
}
