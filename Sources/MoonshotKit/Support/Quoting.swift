/// `text` as a JSON string literal: quotes, backslashes and control characters escaped. Used
/// for JSON output, and to show names and keys in messages and paths unambiguously.
public func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u" + hex(scalar.value, width: 4)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
