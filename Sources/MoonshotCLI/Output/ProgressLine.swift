import Glibc
import SystemSupport

/// A line on standard error that a long run updates in place ("Writing pages: 1200 of 60012"): only on a terminal, from
/// a quarter of a second after it was made, at most four times a second.
final class ProgressLine {
    private static let interval = Duration.milliseconds(250)
    private let isTerminal = Terminal.isTerminal(STDERR_FILENO)
    /// When the line may next be shown.
    private var due = MonotonicClock.time(interval, after: MonotonicClock.now())
    private var isShown = false

    /// Shows `text` unless the line was shown less than `interval` ago.
    func show(_ text: @autoclosure () -> String) {
        guard isTerminal else { return }
        let now = MonotonicClock.now()
        guard MonotonicClock.duration(from: now, to: due) <= .zero else { return }
        due = MonotonicClock.time(Self.interval, after: now)
        Terminal.showInPlace(text())
        isShown = true
    }

    /// Clears the line, if it was shown: before the command prints anything else.
    func clear() {
        if isShown { Terminal.showInPlace("") }
        isShown = false
    }
}
