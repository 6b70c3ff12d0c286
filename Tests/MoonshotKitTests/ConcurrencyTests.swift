import Foundation
import XCTest
import CPlatform
@testable import MoonshotKit

/// The threads and queues the import runs on.
final class ConcurrencyTests: XCTestCase {
    func testBackgroundWorkReturnsItsResultOrItsError() throws {
        let work = try BackgroundWork { (1...1000).reduce(0, +) }
        XCTAssertEqual(try work.join(), 500_500)
        XCTAssertEqual(try work.join(), 500_500, "joining again gives the same result")
        struct Boom: Error {}
        let failing = try BackgroundWork { () throws -> Int in throw Boom() }
        XCTAssertThrowsError(try failing.join()) { XCTAssertTrue($0 is Boom) }
    }

    func testQueueDeliversEverythingInOrderThenEnds() throws {
        let queue = BoundedQueue<Int>(capacity: 4)
        let consumer = try BackgroundWork { () -> [Int] in
            var seen: [Int] = []
            while let item = queue.pop() { seen.append(item) }
            return seen
        }
        for item in 0..<1000 { XCTAssertTrue(queue.push(item)) }
        queue.close()
        XCTAssertEqual(try consumer.join(), Array(0..<1000))
        XCTAssertFalse(queue.wasCancelled)
    }

    func testCancelReleasesABlockedProducerAndConsumer() throws {
        let full = BoundedQueue<Int>(capacity: 1)
        XCTAssertTrue(full.push(1))
        let producer = try BackgroundWork { full.push(2) }  // blocks: the queue is full
        usleep(50_000)
        full.cancel()
        XCTAssertFalse(try producer.join(), "a cancelled queue refuses the item")
        XCTAssertNil(full.pop())
        XCTAssertTrue(full.wasCancelled)

        let empty = BoundedQueue<Int>(capacity: 1)
        let consumer = try BackgroundWork { empty.pop() }  // blocks: the queue is empty
        usleep(50_000)
        empty.cancel()
        XCTAssertNil(try consumer.join())
    }

    func testAWorkerStartedElsewhereMayThenRunWhereverItsCreatorMay() throws {
        let creatorsCPUs = moonshot_usable_cpu_count()
        XCTAssertEqual(try BackgroundWork { moonshot_usable_cpu_count() }.join(), creatorsCPUs)
    }

    func testManyWorkersStartedOnOtherCPUsAllRunAndReturn() throws {
        let workers = try (0..<16).map { number in try BackgroundWork { (0...number).reduce(0, +) } }
        XCTAssertEqual(try workers.map { try $0.join() }, (0..<16).map { $0 * ($0 + 1) / 2 })
    }

    func testRelayHandsOverOneValueWhetherTheReceiverSpinsOrSleeps() throws {
        for delay: useconds_t in [0, 20_000] {  // 20 ms is past the spinning: the receiver sleeps
            let relay = Relay<String>()
            let receiver = try BackgroundWork { relay.receive() }
            usleep(delay)
            relay.send("database")
            XCTAssertEqual(try receiver.join(), "database")
            XCTAssertEqual(relay.receive(), "database", "the value stays for later receivers")
        }
    }

    func testRelayFailureGivesNothingAndOnlyTheFirstOutcomeCounts() throws {
        let failed = Relay<Int>()
        let receiver = try BackgroundWork { failed.receive() }
        failed.fail()
        failed.send(1)
        XCTAssertNil(try receiver.join())

        let sent = Relay<Int>()
        sent.send(1)
        sent.fail()
        sent.send(2)
        XCTAssertEqual(sent.receive(), 1)
    }
}
