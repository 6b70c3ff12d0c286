/// `value` in upper-case hexadecimal, zero-padded to `width` digits.
package func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
    zeroPadded(value, width: width, radix: 16)
}

/// `value` in `radix` (upper-case digits), zero-padded to `width` digits.
func zeroPadded<T: BinaryInteger>(_ value: T, width: Int, radix: Int = 10) -> String {
    let digits = String(value, radix: radix, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// A recorded timestamp, "2026-11-21T21:47:00Z", as people read it: "2026-11-21 21:47:00 UTC"; anything else unchanged.
package func readableTimestamp(_ timestamp: String) -> String {
    guard timestamp.count == 20, timestamp.hasSuffix("Z"), timestamp.dropFirst(10).first == "T" else { return timestamp }
    return String(timestamp.prefix(10)) + " " + String(timestamp.dropFirst(11).dropLast()) + " UTC"
}

/// A duration as people write it: "10 seconds", "1 second", "0.5 seconds".
package func seconds(_ duration: Duration) -> String {
    let number = secondsNumber(duration)
    return "\(number) second\(number == "1" ? "" : "s")"
}

/// A duration as a number of seconds, as people write one: "60", "2.5".
package func secondsNumber(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let value = Double(whole) + Double(attoseconds) / 1e18
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// "1 mission", "12 missions".
package func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
