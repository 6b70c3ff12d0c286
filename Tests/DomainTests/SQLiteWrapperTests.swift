import Synchronization
import XCTest

@testable import Dataset
@testable import Publishing
@testable import Questions
@testable import SQLite
@testable import Store

final class SQLiteWrapperTests: XCTestCase {
    private func memory() throws -> Database {
        try Database(path: ":memory:", mode: .readWriteCreate)
    }

    /// Named parameters are bound by name; a parameter without a value, or a value without a
    /// parameter, is refused naming the SQL.
    func testNamedParametersAreBoundByNameAndEachMustMatch() throws {
        let db = try memory()
        let statement = try db.prepare("SELECT :b, :a")
        try statement.bind(named: ["a": .integer(1), "b": .text("two")])
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.currentRow.values, [.text("two"), .integer(1)])
        XCTAssertThrowsError(try statement.bind(named: ["a": .integer(1)])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "parameter :b has no value")
            XCTAssertEqual((error as? SQLiteError)?.sql, "SELECT :b, :a")
        }
        XCTAssertThrowsError(try statement.bind(named: ["a": .integer(1), "b": .null, "c": .null])) { error in
            XCTAssertEqual((error as? SQLiteError)?.message, "the statement has no parameter :c")
        }
    }

    func testPrepareBindStepAndReuse() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)")
        let insert = try db.prepare("INSERT INTO t (id, name, score, data) VALUES (?, ?, ?, ?)")
        for id in 1...3 {
            try insert.execute([.integer(Int64(id)), .text("n\(id)"), .real(Double(id) / 2), .blob([UInt8(id), 0, 255])])
        }
        try insert.execute([.integer(4), .null, .null, .null])
        let rows = try db.rows("SELECT id, name, score, data FROM t WHERE id >= ? ORDER BY id", [.integer(3)])
        XCTAssertEqual(
            rows,
            [
                Row(values: [.integer(3), .text("n3"), .real(1.5), .blob([3, 0, 255])]),
                Row(values: [.integer(4), .null, .null, .null]),
            ])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(4))
    }

    func testTextKeepsNULAndNonASCIIByteForByte() throws {
        let db = try memory()
        let tricky = "a\u{0}b \"q\" ; DROP TABLE t; -- שלום 🚀 é"
        XCTAssertEqual(try db.scalar("SELECT ?", [.text(tricky)]), .text(tricky))
        XCTAssertEqual(try db.scalar("SELECT length(CAST(? AS BLOB))", [.text(tricky)]), .integer(Int64(tricky.utf8.count)))
        let statement = try db.prepare("SELECT ?")
        try statement.bind([.text(tricky)])
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.text(0), tricky)
        XCTAssertFalse(try statement.step())
    }

    func testErrorsCarryExtendedCodeMessageAndSQL() throws {
        let db = try memory()
        XCTAssertThrowsError(try db.prepare("SELEC 1")) { error in
            let error = error as! SQLiteError
            XCTAssertEqual(error.code.primary, .error)
            XCTAssertTrue(error.message.contains("syntax error"), error.message)
            XCTAssertEqual(error.sql, "SELEC 1")
            XCTAssertTrue(error.description.contains("SELEC 1"))
        }
        try db.execute("CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id))")
        XCTAssertThrowsError(try db.prepare("INSERT INTO c VALUES (?)").execute([.integer(9)])) { error in
            let error = error as! SQLiteError
            XCTAssertEqual(error.code, .foreignKeyConstraint, "foreign keys are enforced, with the extended code")
            XCTAssertEqual(error.code.primary, .constraint)
            XCTAssertTrue(error.message.contains("FOREIGN KEY"), error.message)
            XCTAssertEqual(error.sql, "INSERT INTO c VALUES (?)")
        }
    }

    func testAResultCodeCatchesTheErrorsOfItsOwnCodeAndOfTheCodesThatRefineIt() throws {
        let db = try memory()
        try db.execute("CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id))")
        let insert = try db.prepare("INSERT INTO c VALUES (?)")
        func caught(_ run: () throws -> Void) -> String {
            do {
                try run()
                return "nothing"
            } catch ResultCode.busy {
                return "busy"
            } catch ResultCode.foreignKeyConstraint {
                return "foreign key"
            } catch ResultCode.constraint {
                return "constraint"
            } catch {
                return "other"
            }
        }
        XCTAssertEqual(caught { try insert.execute([.integer(9)]) }, "foreign key", "an extended code catches itself")
        XCTAssertEqual(
            caught { try db.execute("INSERT INTO p VALUES (1); INSERT INTO p VALUES (1)") }, "constraint",
            "a primary code catches its other extended codes (here SQLITE_CONSTRAINT_PRIMARYKEY)")
        XCTAssertEqual(caught { try db.execute("SELEC 1") }, "other", "nor another code")
        XCTAssertEqual(caught { throw NotSQLitesError() }, "other", "nor an error that is not SQLite's")
        XCTAssertTrue(ResultCode.readOnly ~= ResultCode.readOnlyRollback)
        XCTAssertFalse(ResultCode.readOnlyRollback ~= ResultCode.readOnly, "an extended code does not match its primary")
    }

    func testPrepareRefusesSeveralStatements() throws {
        let db = try memory()
        XCTAssertThrowsError(try db.prepare("SELECT 1; SELECT 2"))
        // A long tail once read freed memory; it must be refused cleanly, whatever its length.
        for tail in ["delete from t", String(repeating: "x", count: 5000), "abcdefghijklmnopq"] {
            XCTAssertThrowsError(try db.prepare("SELECT 1;  " + tail)) { error in
                XCTAssertTrue((error as! SQLiteError).message.contains("only one statement"), "\(error)")
                XCTAssertTrue((error as! SQLiteError).isSeveralStatements, "\(error)")
            }
        }
        XCTAssertNoThrow(try db.prepare("SELECT 1;  \n"))
        XCTAssertNoThrow(try db.prepare("SELECT 1; -- a comment\n /* and another */ ;"))
        XCTAssertThrowsError(try db.prepare("   ")) { error in
            XCTAssertTrue((error as! SQLiteError).message.contains("no SQL statement"), "\(error)")
        }
    }

    func testTransactionCommitsOrRollsBack() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t (x INTEGER)")
        struct Boom: Error {}
        XCTAssertThrowsError(
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        ) { XCTAssertTrue($0 is Boom) }
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        let value = try db.transaction {
            try db.execute("INSERT INTO t VALUES (2)")
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(try db.scalar("SELECT sum(x) FROM t"), .integer(2))
    }

    func testTransactionReportsTheFirstErrorEvenWhenSQLiteHasAlreadyRolledBack() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        // The body ends the transaction itself, then fails: there is nothing left to roll back,
        // and the error reported is the body's.
        XCTAssertThrowsError(
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1); ROLLBACK")
                try db.execute("INSERT INTO nowhere VALUES (1)")
            }
        ) { error in
            XCTAssertTrue((error as? SQLiteError)?.message.contains("no such table: nowhere") == true, "\(error)")
        }
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        // A failing statement in the middle rolls back what came before it.
        XCTAssertThrowsError(
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (5)")
                try db.execute("INSERT INTO t VALUES (5)")
            }
        ) { error in
            XCTAssertEqual((error as? SQLiteError)?.code.primary, .constraint, "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }

    func testBindingTheWrongNumberOfValuesIsAnErrorNamingTheSQL() throws {
        let db = try memory()
        let statement = try db.prepare("SELECT ?, ?")
        for values: [SQLValue] in [[], [.integer(1)], [.integer(1), .integer(2), .integer(3)]] {
            XCTAssertThrowsError(try statement.rows(values)) { error in
                let error = error as? SQLiteError
                XCTAssertEqual(error?.code, .range)
                XCTAssertEqual(error?.sql, "SELECT ?, ?")
                XCTAssertTrue(error?.message.contains("takes 2 values, but \(values.count)") == true, "\(String(describing: error))")
            }
        }
        XCTAssertEqual(try statement.rows([.integer(1), .text("b")]), [Row(values: [.integer(1), .text("b")])])
        XCTAssertThrowsError(try db.execute("SELECT 1", [.integer(1)]))
        // A script of statements takes no values: a parameter in it is an error, not a NULL.
        try db.execute("CREATE TABLE t (x)")
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (1); INSERT INTO t VALUES (?)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .range)
            XCTAssertEqual((error as? SQLiteError)?.sql, "INSERT INTO t VALUES (?)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t WHERE x IS NULL"), .integer(0))
    }

    func testResetClearsTheBindings() throws {
        let db = try memory()
        let statement = try db.prepare("SELECT ?")
        try statement.bind([.text("secret")])
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.text(0), "secret")
        statement.reset()
        XCTAssertTrue(try statement.step(), "a run after reset sees no value of the one before")
        XCTAssertNil(statement.text(0))
    }

    func testNullReadsAsNilNeverAsZeroOrEmpty() throws {
        let db = try memory()
        let statement = try db.prepare("SELECT NULL, 0, '', NULL")
        XCTAssertTrue(try statement.step())
        XCTAssertNil(statement.int64(0))
        XCTAssertNil(statement.text(0))
        XCTAssertEqual(statement.int64(1), 0)
        XCTAssertEqual(statement.text(2), "")
        XCTAssertTrue(statement.isNull(3))
        XCTAssertEqual(statement.value(3), .null)
        XCTAssertEqual(try db.rows("SELECT NULL").first?.text(0), nil)
    }

    func testAuthorizerRefusesWhatItIsToldTo() throws {
        let folder = try makeTemporaryFolder(self)
        let db = try memory()
        try db.execute("CREATE TABLE t (x)")
        var asked: [AuthorizerRequest] = []
        db.setAuthorizer { request in
            asked.append(request)
            switch request {
            case .attach, .detach: return false
            case .function(let name): return name != "load_extension"
            case .write: return false
            case .other: return true
            }
        }
        for sql in [
            "INSERT INTO t VALUES (1)", "UPDATE t SET x = 2", "DELETE FROM t", "CREATE TABLE u (y)",
            "DROP TABLE t", "ALTER TABLE t ADD COLUMN y", "CREATE INDEX i ON t (x)",
        ] {
            asked = []
            XCTAssertThrowsError(try db.prepare(sql), sql)
            XCTAssertTrue(asked.contains(.write), "\(sql): \(asked)")
        }
        for sql in [
            "ATTACH DATABASE '\(folder.path)/x.db' AS x", "DETACH DATABASE main", "SELECT load_extension('x')",
            "VACUUM INTO '\(folder.path)/copy.db'",
        ] {
            // Refused when prepared, or for VACUUM INTO (whose ATTACH is made as it runs) when run.
            XCTAssertThrowsError(try db.prepare(sql).step(), sql) { error in
                XCTAssertEqual((error as? SQLiteError)?.code, .notAuthorized, "\(sql): \(error)")
            }
        }
        XCTAssertEqual(try db.scalar("SELECT upper('ok')"), .text("OK"))
        XCTAssertTrue(asked.contains(.function("upper")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing was attached or written")
        db.setAuthorizer(nil)
        XCTAssertNoThrow(try db.prepare("ATTACH DATABASE ':memory:' AS x"))
    }

    /// A connection that opens first starts SQLite without its memory count, so that a heap
    /// limit, which needs the count, is refused rather than set and not kept.
    func testSQLiteCountsNoMemoryUnlessStartedSoAndAHeapLimitThenIsRefused() throws {
        let db = try memory()
        Database.startSQLite(countingMemory: true)  // too late: changes nothing
        XCTAssertFalse(Database.countsMemory)
        var limits = UntrustedSQLLimits()
        limits.memory = 64 << 20
        XCTAssertThrowsError(try db.distrustSQL(limits)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .misuse, "\(error)")
        }
    }

    func testDistrustedConnectionIsDefensiveAndLimited() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t (x)")
        var limits = UntrustedSQLLimits()
        limits.memory = nil  // the process's heap limit is left alone here
        limits.statementLength = 50
        try db.distrustSQL(limits)
        XCTAssertEqual(try db.scalar("PRAGMA trusted_schema"), .integer(0))
        // Defensive mode: the schema cannot be written as a table, even with writable_schema.
        try db.execute("PRAGMA writable_schema = ON")
        XCTAssertThrowsError(try db.execute("UPDATE sqlite_schema SET sql = 'x' WHERE name = 't'"))
        XCTAssertThrowsError(try db.execute("ATTACH DATABASE ':memory:' AS other")) { error in
            XCTAssertTrue("\(error)".contains("too many attached databases"), "\(error)")
        }
        XCTAssertThrowsError(try db.prepare("SELECT '" + String(repeating: "x", count: 50) + "'")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .tooBig, "\(error)")
        }
        XCTAssertThrowsError(try db.scalar("SELECT zeroblob(40000000)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .tooBig, "\(error)")
        }
    }

    func testPrintfOfADistrustedConnectionReportsATooLongResultAndOtherwiseAgreesWithSQLite() throws {
        let plain = try memory()
        let checked = try memory()
        var limits = UntrustedSQLLimits()
        limits.memory = nil
        limits.valueLength = 1_000
        try checked.distrustSQL(limits)
        for function in ["printf", "format"] {
            XCTAssertThrowsError(try checked.scalar("SELECT \(function)('%.*c', 1001, 'x')")) { error in
                XCTAssertEqual((error as? SQLiteError)?.code, .tooBig, "\(error)")
            }
            XCTAssertEqual(try checked.scalar("SELECT length(\(function)('%.*c', 1000, 'x'))"), .integer(1_000), "up to the limit exactly")
        }
        // 2,000,000,000 bytes, over SQLite's default limit of 1e9, as a width: SQLite 3.40 makes a
        // precision that large one character at a time (15 s), a width at once.
        XCTAssertEqual(try plain.scalar("SELECT printf('%*c', 2000000000, 'x')"), .null, "what SQLite's own does")
        XCTAssertThrowsError(try checked.scalar("SELECT printf('%*c', 2000000000, 'x')")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .tooBig, "\(error)")
        }
        XCTAssertEqual(try checked.scalar("SELECT printf('')"), .text(""), "an empty result is empty text")
        XCTAssertEqual(try checked.scalar("SELECT printf(NULL, 1)"), .null)
        XCTAssertEqual(try checked.scalar("SELECT printf()"), .null)

        // Random formats and arguments: the same results as SQLite's own (but empty for NULL).
        var random = SystemRandomNumberGenerator()
        let pieces = ["%d", "%s", "%5.2f", "%q", "%Q", "%w", "%c", "%.*c", "%-8s", "%x", "%%", "%!.3g", "%,d", "%*d", "abc", " ", "é", "%", "%z", "%lld"]
        let arguments = ["1", "-42", "3.5", "'text'", "'it''s'", "NULL", "x'00ff'", "''", "12", "'日本'"]
        for _ in 0..<500 {
            let format = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in ", " + arguments.randomElement(using: &random)! }.joined()
            let sql = "SELECT printf('\(format)'\(values))"
            let expected = try plain.scalar(sql)
            XCTAssertEqual(try checked.scalar(sql), expected == .null ? .text("") : expected, sql)
        }
    }

    func testUntrustedSQLMayNotCallFunctionsThatReachOutside() {
        for name in ["fts3_tokenizer", "load_extension", "readfile", "writefile", "edit", "fsdir", "shell_escape_crnl"] {
            XCTAssertFalse(MoonshotDatabase.allowsFunction(name), name)
        }
        for name in ["lower", "group_concat", "bm25", "snippet", "json_extract", "printf"] {
            XCTAssertTrue(MoonshotDatabase.allowsFunction(name), name)
        }
    }

    func testTimeLimitInterruptsALongQueryAndThenLetsQueriesRun() throws {
        let db = try memory()
        let endless = try db.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        let start = DispatchTime.now()
        XCTAssertThrowsError(try db.withTimeLimit(.milliseconds(200)) { try endless.step() }) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupted, "\(error)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertLessThan(seconds, 5, "stopped near its limit")
        XCTAssertEqual(try db.scalar("SELECT 1"), .integer(1), "no limit outside withTimeLimit")
    }

    func testTimeLimitCallsWhenStuckWhileOneCallOfSQLiteDoesNotReturn() throws {
        let db = try memory()
        // One instruction of SQLite that takes about 2.5 seconds on this machine (its time grows
        // with the length of the text searched): neither the progress handler nor an interrupt
        // can stop it.
        let sample = 200_000
        let started = DispatchTime.now()
        _ = try db.scalar("SELECT instr(printf('%.*c', \(sample), 'a'), printf('%.*c', 100000, 'a') || 'b')")
        let sampleSeconds = max(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9, 0.001)
        let length = min(Int(Double(sample) * 2.5 / sampleSeconds), 30_000_000)
        let slow = try db.prepare("SELECT instr(printf('%.*c', \(length), 'a'), printf('%.*c', 100000, 'a') || 'b')")
        let stuck = StuckFlag()
        let start = DispatchTime.now()
        _ = try? db.withTimeLimit(.milliseconds(200), whenStuck: { stuck.record(DispatchTime.now()) }, { try slow.step() })
        slow.reset()
        let calledAfter = try XCTUnwrap(stuck.time, "whenStuck is called while the call runs on").uptimeNanoseconds - start.uptimeNanoseconds
        XCTAssertEqual(Double(calledAfter) / 1e9, 0.2 + TimeLimit.stuckAfter / .seconds(1), accuracy: 0.5)

        let quick = StuckFlag()
        XCTAssertEqual(try db.withTimeLimit(.milliseconds(200), whenStuck: { quick.record(DispatchTime.now()) }) { try db.scalar("SELECT 1") }, .integer(1))
        usleep(1_500_000)
        XCTAssertNil(quick.time, "nothing is called once the body has returned")
    }

    func testOneTimeLimitIsSharedByItsRunsAndLeavesWhatRunsOutsideAlone() throws {
        let db = try memory()
        let limit = TimeLimit(.milliseconds(300), on: db)
        XCTAssertEqual(try limit.run { try db.scalar("SELECT 1") }, .integer(1))
        // Outside a run, a statement in progress at the limit is not interrupted.
        let outside = try db.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT i FROM n")
        XCTAssertTrue(try outside.step())
        usleep(500_000)
        XCTAssertTrue(try outside.step(), "the alarm acts only inside a run")
        outside.reset()
        // The limit is the same for later runs: once spent, they stop.
        let endless = try db.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        XCTAssertThrowsError(try limit.run { try endless.step() }) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupted, "\(error)")
        }
        endless.reset()
        usleep(1_000_000)
        XCTAssertThrowsError(try limit.run { try db.scalar("SELECT 1") }, "past the limit and its grace: at once") { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupted, "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT 2"), .integer(2), "no limit outside")
    }

    func testADatabaseNamedLikeAURIIsAFileOfThatName() throws {
        let folder = try makeTemporaryFolder(self)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try Database(path: "file:a.db?mode=memory", mode: .readWriteCreate).execute("CREATE TABLE t (x)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("file:a.db?mode=memory").path))
        XCTAssertEqual(try Database(path: "file:a.db?mode=memory", mode: .readOnly).scalar("SELECT count(*) FROM sqlite_schema"), .integer(1))
    }

    func testReadOnlyOpenNeitherCreatesNorWrites() throws {
        let folder = try makeTemporaryFolder(self)
        let path = folder.appendingPathComponent("absent.db").path
        XCTAssertThrowsError(try Database(path: path, mode: .readOnly)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code.primary, .cannotOpen)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        try Database(path: path, mode: .readWriteCreate).execute("CREATE TABLE t (x)")
        let readOnly = try Database(path: path, mode: .readOnly)
        XCTAssertThrowsError(try readOnly.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code.primary, .readOnly)
        }
        XCTAssertTrue(try readOnly.prepare("SELECT * FROM t").isReadOnly)
        XCTAssertFalse(try readOnly.prepare("DELETE FROM t").isReadOnly)
    }

    func testBusyDatabaseIsReportedAsBusyAfterTheTimeout() throws {
        let folder = try makeTemporaryFolder(self)
        let path = folder.appendingPathComponent("busy.db").path
        let holder = try Database(path: path, mode: .readWriteCreate)
        try holder.execute("CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
        let other = try Database(path: path, mode: .readWriteCreate, busyTimeout: .milliseconds(50))
        XCTAssertThrowsError(try other.execute("BEGIN IMMEDIATE")) { error in
            XCTAssertTrue(ResultCode.busy ~= error, "\(error)")
        }
        try holder.execute("COMMIT")
        XCTAssertNoThrow(try other.transaction { try other.execute("INSERT INTO t VALUES (2)") })
    }

    func testBusyWaitLastsTheTimeoutAndEndsAtOnceWhenInterrupted() throws {
        let folder = try makeTemporaryFolder(self)
        let path = folder.appendingPathComponent("busy.db").path
        let holder = try Database(path: path, mode: .readWriteCreate)
        try holder.execute("CREATE TABLE t (x); BEGIN IMMEDIATE")
        let waiting = try Database(path: path, mode: .readWrite, busyTimeout: .milliseconds(400))
        var started = Date()
        XCTAssertThrowsError(try waiting.execute("BEGIN IMMEDIATE"))
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.35, "waits as long as its timeout")

        let interrupted = try Database(path: path, mode: .readWrite, busyTimeout: .seconds(60))
        nonisolated(unsafe) let target = interrupted  // interrupt() may be called from any thread
        let interrupter = Thread {
            usleep(200_000)
            target.interrupt()
        }
        started = Date()
        interrupter.start()
        XCTAssertThrowsError(try interrupted.execute("BEGIN IMMEDIATE"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "an interrupt ends a wait for a lock at once")
        XCTAssertTrue(interrupted.isInterrupted)
        try holder.execute("COMMIT")
    }

    func testAnInterruptStopsEveryLaterStatementButLetsARollbackRun() throws {
        let db = try memory()
        try db.execute("CREATE TABLE t (x)")
        XCTAssertThrowsError(
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (?)", [.integer(1)])
                db.interrupt()
                try db.execute("INSERT INTO t VALUES (?)", [.integer(2)])
            }
        ) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupted, "\(error)")
        }
        XCTAssertFalse(db.isInTransaction, "rolled back")
        XCTAssertThrowsError(try db.rows("SELECT count(*) FROM t"), "later statements are interrupted too")
        XCTAssertThrowsError(try db.execute("CREATE TABLE u (x)"), "scripts too") { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupted, "\(error)")
        }
    }

    func testStatementsOutliveTheirDatabaseReference() throws {
        // A statement keeps its connection open, so dropping the Database first is safe.
        var db: Database? = try memory()
        let statement = try db!.prepare("SELECT 7")
        db = nil
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.int64(0), 7)
    }
}

/// When an alarm's action ran, set from its thread.
private struct NotSQLitesError: Error {}

/// When `whenStuck` was called, if it was: an atomic, since it is called in a signal handler.
private final class StuckFlag: Sendable {
    private let recorded = Atomic<UInt64>(0)

    func record(_ time: DispatchTime) { recorded.store(time.uptimeNanoseconds, ordering: .relaxed) }
    var time: DispatchTime? {
        let nanoseconds = recorded.load(ordering: .relaxed)
        return nanoseconds == 0 ? nil : DispatchTime(uptimeNanoseconds: nanoseconds)
    }
}

extension Database {
    /// Stops the work of this connection as soon as possible (see `InterruptHandle.interrupt`).
    func interrupt() { interruptHandle.interrupt() }
}
