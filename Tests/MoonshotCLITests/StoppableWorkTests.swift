import Glibc
import SystemSupport
import XCTest

@testable import MoonshotCLI

/// What the commands that change files say when a signal stops them, or comes too late to.
final class StoppableWorkTests: XCTestCase {
    /// The signal these tests raise stays noted for the process; catching signals again forgets it, for the tests after.
    override func tearDown() {
        _ = try? Interruption.catchingSignals {}
    }

    private func run(_ work: () throws -> ExitStatus) throws -> (status: ExitStatus, stderr: String) {
        let output = CapturedOutput()
        Terminal.captured = output
        defer { Terminal.captured = nil }
        let status = try StoppableWork.run("the export", unchanged: "nothing was written", work)
        return (status, String(decoding: output.standardError, as: UTF8.self))
    }

    func testASignalThatStopsTheWorkIsSaidWithWhatIsUnchangedAndItsExitStatus() throws {
        let stopped = try run {
            raise(SIGINT)
            throw CancellationError()
        }
        XCTAssertEqual(stopped.status.rawValue, 130)
        XCTAssertEqual(stopped.stderr, "Error: the export was stopped by SIGINT (Ctrl-C); nothing was written.\n")
    }

    func testASignalTooLateToStopTheWorkIsNoted() throws {
        let finished = try run {
            raise(SIGTERM)
            return .success
        }
        XCTAssertEqual(finished.status, .success)
        XCTAssertEqual(finished.stderr, "Note: SIGTERM came too late to stop the export; it was completed.\n")
    }
}
