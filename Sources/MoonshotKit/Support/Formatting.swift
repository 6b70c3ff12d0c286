/// `value` in upper-case hexadecimal, zero-padded to `width` digits.
public func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
    zeroPadded(value, width: width, radix: 16)
}

/// `value` written in `radix` (upper-case digits), with zeros in front to make `width` digits.
func zeroPadded<T: BinaryInteger>(_ value: T, width: Int, radix: Int = 10) -> String {
    let digits = String(value, radix: radix, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// A duration as people write it: "10 seconds", "1 second", "0.5 seconds".
public func seconds(_ value: Double) -> String {
    let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    return "\(number) second\(value == 1 ? "" : "s")"
}

/// "1 mission", "12 missions".
public func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
