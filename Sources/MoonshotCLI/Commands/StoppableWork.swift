import SystemSupport

/// The one way the commands that change files (import, export, check --repair, site) run work Ctrl-C, SIGTERM or SIGHUP
/// may stop: it ends cleanly, telling the user that nothing changed, or that the signal came too late.
enum StoppableWork {
    /// Runs `work`, catching signals; `what` is the work ("the import"), `unchanged` what a stop leaves as it was
    /// ("moonshot.db was not changed"). A stop returns the signal's exit status.
    static func run(_ what: String, unchanged: String, _ work: () throws -> ExitStatus) throws -> ExitStatus {
        do {
            let status = try Interruption.catchingSignals(work)
            if let late = Interruption.request {
                Terminal.writeError("Note: \(late.signalName) came too late to stop \(what); it was completed.\n")
            }
            return status
        } catch let interrupted as Interrupted {
            Terminal.writeError("Error: \(what) was stopped by \(interrupted.signalName); \(unchanged).\n")
            return ExitStatus(rawValue: interrupted.exitStatus) ?? .failure
        }
    }
}
