import Foundation
import XCTest

/// Runs the command examples of README.md and of each docs/*.md as written, and compares their output with the one shown.
///
/// The convention the docs are written to:
/// - A fenced block with the info string `console` is a session transcript. A line starting with `$ ` is a command. It goes
///   on to the next line when it ends with a backslash, and when it opens a heredoc (`<<'EOF'`, `<<"EOF"` or `<<EOF`, any
///   word) through the line that is exactly the delimiter. The other lines up to the next command are its expected output,
///   standard output and standard error together, compared line by line; a line `...` matches any number of lines, and blank
///   lines at the end of an output are ignored, and `[...]` in a line stands for any text
///   in it (a time, say).
/// - All `console` blocks of a file run in order in one `bash` session, so `cd`, variables and `$?` carry over. It starts in
///   a fresh empty folder, which is also `HOME`, with the built `moonshot` first on the PATH, `COLUMNS=100`, `TZ=UTC` and
///   `LC_ALL=C.UTF-8`, and is killed after 120 seconds: an example must not block.
/// - Every fenced block has an info string: `console`, `sh`, `text`, `sql`, `python`, `json` or `csv`. Only `console` blocks
///   run; each command of an `sh` block (its `# comment` aside) must be a key of `runElsewhere`, naming the test that runs it.
/// - `MOONSHOT_DOCS_UPDATE=1 swift test --skip-build --filter DocumentationExamplesTests` writes the actual output in place
///   of each output that does not match (and still fails): that is how a writer fills in outputs.
final class DocumentationExamplesTests: BinaryTestCase {
    /// The commands of `sh` blocks, each with the file that runs it and the words there that do (which a test checks).
    /// `make install` is run with the debug binary the tests test (`BUILD=true BINARY=…`), not after a release build.
    static let runElsewhere: [String: (file: String, words: String)] = [
        "make install PREFIX=~/.local": ("Tests/EndToEndTests/MakeInstallTests.swift", #"make(["install", "PREFIX=~/.local"]"#),
        "make uninstall PREFIX=~/.local": ("Tests/EndToEndTests/MakeInstallTests.swift", #"make(["uninstall", "PREFIX=~/.local"]"#),
        "sudo apt-get install libsqlite3-dev sqlite3": (".ci/run", "apt-get install -y -qq libsqlite3-dev sqlite3 "),
        "swift build --build-tests": (".ci/run", "\nswift build --build-tests "),
        "swift test": (".ci/run", "\nswift test "),
        "swift format lint --strict --recursive Package.swift Plugins Sources Tests": (
            ".ci/run", "\nswift format lint --strict --recursive Package.swift Plugins Sources Tests\n"
        ),
    ]

    /// The programs the examples run besides moonshot and bash, each with how to install it.
    static let programs = [
        "sqlite3": "apt-get install sqlite3", "sqlite-utils": "pip install -r .ci/requirements.txt",
        "datasette": "pip install -r .ci/requirements.txt", "python3": "apt-get install python3", "man": "apt-get install man-db",
    ]

    /// How long one file's session may run before it is killed.
    static let sessionSeconds = 120

    /// README.md, then the Markdown files directly in docs/, by name.
    static func documentationFiles() throws -> [String] {
        let docs = packageRoot.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    func testEveryCommandExampleRunsAsWritten() throws {
        let updating = ProcessInfo.processInfo.environment["MOONSHOT_DOCS_UPDATE"] == "1"
        for (number, name) in try Self.documentationFiles().enumerated() {
            let url = Self.packageRoot.appendingPathComponent(name)
            let document = MarkdownExamples(name: name, text: try String(contentsOf: url, encoding: .utf8))
            for problem in document.problems { XCTFail(problem) }
            for (index, command) in document.shellCommands {
                guard let place = Self.runElsewhere[command] else {
                    XCTFail(
                        "\(name):\(index + 1): `\(command)` in an sh block is run by no test: run it in a console block, "
                            + "or add it to runElsewhere with the test that runs it")
                    continue
                }
                let runner = try String(contentsOf: Self.packageRoot.appendingPathComponent(place.file), encoding: .utf8)
                XCTAssertTrue(runner.contains(place.words), "\(name):\(index + 1): \(place.file) no longer runs `\(command)`")
            }
            for (program, install) in Self.programs.sorted(by: { $0.key < $1.key })
            where document.examples.contains(where: { $0.command.joined(separator: " ").contains(program + " ") }) {
                _ = try tool(program, install: install)
            }
            if name == "README.md" && document.examples.isEmpty {
                XCTFail("README.md has no console block with a command: this test would check none of its examples")
            }
            guard !document.examples.isEmpty else { continue }

            let (outputs, timedOut) = try runSession(of: document, in: folder.appendingPathComponent("session-\(number)"))
            var rewrites: [(MarkdownExamples.Example, [String])] = []
            // A command's output is complete once the next command's marker (or the end's) is out.
            for (example, output) in zip(document.examples, outputs.dropLast()) {
                let actual = MarkdownExamples.lines(output)
                guard !MarkdownExamples.matches(example.expected[...], actual[...]) else { continue }
                if updating {
                    rewrites.append((example, actual))
                } else {
                    XCTFail(document.mismatch(example, actual: actual))
                }
            }
            if outputs.count <= document.examples.count {
                let stopped = document.examples[max(outputs.count - 1, 0)]
                let what =
                    timedOut
                    ? "the session ran longer than \(Self.sessionSeconds) s and was killed in this command (an example must not block)"
                    : "the session ended in this command, so the commands after it did not run"
                XCTFail(document.mismatch(stopped, actual: MarkdownExamples.lines(outputs.last ?? ""), problem: what))
            }
            if !rewrites.isEmpty {
                try Data(document.text(replacingOutputs: rewrites).utf8).write(to: url)
                let lines = rewrites.map { "\($0.0.index + 1)" }.joined(separator: ", ")
                let commands = rewrites.count == 1 ? "the command at line" : "the commands at lines"
                XCTFail("\(name): wrote the actual output in place of the one shown, for \(commands) \(lines); check the diff")
            }
        }
    }

    /// Every relative link of README.md and docs/ leads to a file, and an `#anchor` to a heading of it, as GitHub names them.
    func testEveryLinkLeadsToAFileAndItsHeading() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var checked = 0
        for name in try Self.documentationFiles() {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(name), encoding: .utf8)
            let prose = MarkdownExamples(name: name, text: text).proseLines.joined(separator: "\n")
            for match in link.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                let target = String(prose[Range(match.range(at: 1), in: prose)!])
                guard !target.hasPrefix("https://"), !target.hasPrefix("http://") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let folder = Self.packageRoot.appendingPathComponent(name).deletingLastPathComponent()
                let file = parts[0].isEmpty ? Self.packageRoot.appendingPathComponent(name) : folder.appendingPathComponent(parts[0])
                checked += 1
                guard FileManager.default.fileExists(atPath: file.path) else {
                    XCTFail("\(name): the link \(target) leads to no file")
                    continue
                }
                if parts.count == 2 {
                    let headings = MarkdownExamples(name: parts[0], text: try String(contentsOf: file, encoding: .utf8)).proseLines
                        .filter { $0.hasPrefix("#") }.map(MarkdownExamples.anchor)
                    XCTAssertTrue(headings.contains(parts[1]), "\(name): the link \(target) leads to no heading of \(parts[0]): \(headings)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 10, "the links were found")
    }

    /// Runs `document`'s script in bash, in a fresh folder `home` under `base`, and returns its commands' outputs (see
    /// `MarkdownExamples.commandOutputs`) and whether it was killed for running too long.
    private func runSession(of document: MarkdownExamples, in base: URL) throws -> (outputs: [String], timedOut: Bool) {
        let home = base.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let script = base.appendingPathComponent("session.sh")
        let outputURL = base.appendingPathComponent("output")
        try Data(document.script.utf8).write(to: script)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)

        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "MOONSHOT_DB")
        environment.removeValue(forKey: "BASH_ENV")
        environment["PATH"] = Self.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment.merge(["HOME": home.path, "COLUMNS": "100", "TZ": "UTC", "LC_ALL": "C.UTF-8"]) { $1 }

        // timeout leads a process group, which it kills when the time is up; when the session ends first, the bash around
        // it kills the group, so that nothing the session left in the background outlives it (Process would wait for it).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        let session = #"bash --noprofile --norc "$0"; kill -KILL -- "-$PPID""#
        process.arguments = ["-s", "KILL", "\(Self.sessionSeconds)", "bash", "--noprofile", "--norc", "-c", session, script.path]
        process.currentDirectoryURL = home
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let start = Date()
        try process.run()
        process.waitUntilExit()
        try output.close()
        let timedOut = Date().timeIntervalSince(start) >= Double(Self.sessionSeconds)
        let sessionOutput = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
        return (MarkdownExamples.commandOutputs(sessionOutput), timedOut)
    }

    func testTheParserFindsCommandsAndTheMatcherTheirOutputs() {
        let text = """
            Some text.

            ```console
            $ cat <<'EOF' | wc -l
            $ echo not a command
            EOF
            1
            $ echo one \\
              two
            one two

            $ seq 5
            1
            ...
            5
            ```

            ```sh
            make install PREFIX=~/.local   # for you
            # a comment
            ```

            ```
            bare
            ```
            """
        let document = MarkdownExamples(name: "try.md", text: text)
        XCTAssertEqual(document.examples.map(\.index), [3, 7, 11])
        XCTAssertEqual(
            document.examples.map(\.command), [["cat <<'EOF' | wc -l", "$ echo not a command", "EOF"], ["echo one \\", "  two"], ["seq 5"]])
        XCTAssertEqual(document.examples.map(\.expected), [["1"], ["one two"], ["1", "...", "5"]])
        XCTAssertEqual(document.shellCommands.map(\.command), ["make install PREFIX=~/.local"])
        XCTAssertEqual(document.proseLines, ["Some text.", "", "", ""], "the lines outside the blocks, fences too")
        XCTAssertEqual(
            document.problems, ["try.md:23: a fenced block without an info string: give it one of console, csv, json, python, sh, sql, text"])

        let script = document.script
        XCTAssertTrue(script.hasPrefix("exec 2>&1\n__status=$?; printf '\\036%d\\036\\n' 0; (exit $__status)\ncat <<'EOF' | wc -l\n$ echo"))
        XCTAssertEqual(MarkdownExamples.commandOutputs("\u{1E}0\u{1E}\n1\n\u{1E}1\u{1E}\nno newline\u{1E}2\u{1E}\n"), ["1\n", "no newline", ""])

        func matches(_ expected: [String], _ actual: String) -> Bool {
            MarkdownExamples.matches(expected[...], MarkdownExamples.lines(actual)[...])
        }
        XCTAssertTrue(matches(["1", "...", "2"], "1\n2\n"), "... matches no line")
        XCTAssertTrue(matches(["1", "...", "5"], "1\n2\n3\n4\n5\n\n"), "... matches several lines; blank lines at the end are ignored")
        XCTAssertTrue(matches(["..."], ""))
        XCTAssertFalse(matches(["1", "...", "5"], "1\n2\n"))
        XCTAssertFalse(matches(["one two"], "one  two\n"))
        XCTAssertTrue(matches(["changed since [...] UTC."], "changed since 2026-12-07 05:38:13 UTC.\n"), "[...] stands for any text")
        XCTAssertTrue(matches(["a [...] b [...] c"], "a 1 b 2 c\n"))
        XCTAssertFalse(matches(["a [...] b [...] c"], "a 1 c 2 b\n"))
        XCTAssertFalse(matches(["since [...] UTC"], "since 2026 UTC.\n"))
        XCTAssertTrue(matches(["a,b", "1,2"], "a,b\r\n1,2\r\n"), "CSV's CRLF ends a line")

        let message = document.mismatch(document.examples[1], actual: ["one  two"])
        XCTAssertTrue(message.hasPrefix("try.md:8: "), message)
        XCTAssertTrue(message.contains("$ echo one \\\n  two\n--- expected:\none two\n--- actual:\none  two"), message)

        let updated = document.text(replacingOutputs: [(document.examples[2], ["1", "2"]), (document.examples[0], [])])
        XCTAssertEqual(updated, text.replacingOccurrences(of: "EOF\n1\n", with: "EOF\n").replacingOccurrences(of: "1\n...\n5", with: "1\n2"))
    }
}

/// A Markdown file's fenced blocks: the commands of its `console` blocks with the output shown for each, and the commands of
/// its `sh` blocks.
private struct MarkdownExamples {
    /// A command of a `console` block, and the output shown after it.
    struct Example {
        /// The index of the command's first line in the file (its line number less one).
        let index: Int
        /// The command's lines as written, the first without its `$ `.
        let command: [String]
        /// The output shown, blank lines at its end aside.
        let expected: [String]
        /// The lines of the file that show `expected`, and the block's indentation, for rewriting them.
        let expectedLines: Range<Int>
        let indent: String
    }

    static let infoStrings: Set<String> = ["console", "sh", "text", "sql", "python", "json", "csv"]

    let name: String
    let lines: [String]
    private(set) var examples: [Example] = []
    /// The commands of `sh` blocks, by the index of their line.
    private(set) var shellCommands: [(index: Int, command: String)] = []
    /// What breaks the convention, as failure messages.
    private(set) var problems: [String] = []
    /// The lines of each fenced block, its fences included.
    private(set) var blocks: [ClosedRange<Int>] = []

    init(name: String, text: String) {
        self.name = name
        lines = Self.splitLines(text)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = String(line.prefix { $0 == " " })
            let fence = line.dropFirst(indent.count).prefix { $0 == "`" }
            guard fence.count >= 3 else {
                index += 1
                continue
            }
            let info = line.dropFirst(indent.count + fence.count).trimmingCharacters(in: .whitespaces)
            let opening = index
            index += 1
            while index < lines.count, !Self.closes(lines[index], fence: fence) { index += 1 }
            if index == lines.count { problems.append("\(name):\(opening + 1): this fenced block is never closed") }
            // Content lines lose as much indentation as the fence has, as in CommonMark.
            let content = lines[opening + 1..<min(index, lines.count)].map { line in
                String(line.dropFirst(min(indent.count, line.prefix { $0 == " " }.count)))
            }
            blocks.append(opening...min(index, lines.count - 1))
            readBlock(info: info, content: content, fence: opening, indent: indent)
            index += 1
        }
    }

    /// Whether `line` closes a block that `fence` opened.
    static func closes(_ line: String, fence: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= fence.count && trimmed.allSatisfy { $0 == "`" }
    }

    /// Reads a block whose opening fence is the file's line at index `fence`.
    private mutating func readBlock(info: String, content: [String], fence: Int, indent: String) {
        let first = fence + 1
        let allowed = Self.infoStrings.sorted().joined(separator: ", ")
        switch info {
        case "console":
            readConsole(content, first: first, indent: indent)
        case "sh":
            for (offset, line) in content.enumerated() {
                let command = line.replacingOccurrences(of: #"(^|\s)#.*$"#, with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespaces)
                if !command.isEmpty { shellCommands.append((first + offset, command)) }
            }
        case "":
            problems.append("\(name):\(fence + 1): a fenced block without an info string: give it one of \(allowed)")
        case _ where !Self.infoStrings.contains(info):
            problems.append("\(name):\(fence + 1): the info string `\(info)` is none of \(allowed)")
        default:
            for (offset, line) in content.enumerated() where line.hasPrefix("$ ") {
                problems.append("\(name):\(first + offset + 1): a command in a `\(info)` block, which is never run: put it in a console block")
            }
        }
    }

    /// Reads the commands of a `console` block whose content lines are `content`, the first at index `first` in the file.
    private mutating func readConsole(_ content: [String], first: Int, indent: String) {
        var index = 0
        while index < content.count {
            guard content[index].hasPrefix("$ ") else {
                if !Self.isBlank(content[index]) {
                    problems.append("\(name):\(first + index + 1): output before the block's first command: \(content[index])")
                }
                index += 1
                continue
            }
            let start = index
            var command = [String(content[index].dropFirst(2))]
            var delimiters = Self.heredocDelimiters(in: command[0])
            index += 1
            while command.last!.hasSuffix("\\") && index < content.count {
                command.append(content[index])
                delimiters += Self.heredocDelimiters(in: content[index])
                index += 1
            }
            if command.last!.hasSuffix("\\") {
                problems.append("\(name):\(first + start + 1): this command ends its block with a backslash")
            }
            for delimiter in delimiters {
                guard let end = content[index...].firstIndex(of: delimiter) else {
                    problems.append("\(name):\(first + start + 1): no line \(delimiter) in the block ends this command's heredoc")
                    index = content.count
                    break
                }
                command += content[index...end]
                index = end + 1
            }
            let outputStart = index
            while index < content.count && !content[index].hasPrefix("$ ") { index += 1 }
            var expected = Array(content[outputStart..<index])
            while let last = expected.last, Self.isBlank(last) { expected.removeLast() }
            let expectedLines = first + outputStart..<first + outputStart + expected.count
            examples.append(Example(index: first + start, command: command, expected: expected, expectedLines: expectedLines, indent: indent))
        }
    }

    /// The delimiters of the heredocs `line` opens, in order (not those of `<<<` strings).
    static func heredocDelimiters(in line: String) -> [String] {
        let heredoc = try! NSRegularExpression(pattern: #"(?<!<)<<[ \t]*(['"]?)(\w+)\1"#)
        return heredoc.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { match in
            Range(match.range(at: 2), in: line).map { String(line[$0]) }
        }
    }

    static func isBlank(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces).isEmpty }

    /// The bash script that runs the examples: before each command, and at the end, it prints a marker line (the record
    /// separator, the command's number, the separator again), keeping `$?` for the command.
    var script: String {
        func marker(_ number: Int) -> String { "__status=$?; printf '\\036%d\\036\\n' \(number); (exit $__status)\n" }
        var script = "exec 2>&1\n"
        for (number, example) in examples.enumerated() {
            script += marker(number) + example.command.joined(separator: "\n") + "\n"
        }
        return script + marker(examples.count)
    }

    /// What follows each marker in a session's output, in order: one output more than the commands when the session ended
    /// after its last command.
    static func commandOutputs(_ sessionOutput: String) -> [String] {
        // Before the first marker, then for each its number, and its newline followed by what came after it.
        let parts = sessionOutput.components(separatedBy: "\u{1E}")
        return stride(from: 2, to: parts.count, by: 2).map { String(parts[$0].dropFirst()) }
    }

    /// The lines of `text`, split at each LF (by scalars: a Swift string's `Character` holds a CRLF whole).
    static func splitLines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    /// The lines of `output`, ended by LF or CRLF (as CSV's are), blank lines at its end aside.
    static func lines(_ output: String) -> [String] {
        var lines = splitLines(output).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        return lines
    }

    /// The file's lines outside its fenced blocks.
    var proseLines: [String] {
        lines.indices.filter { index in !blocks.contains { $0.contains(index) } }.map { lines[$0] }
    }

    /// The anchor GitHub gives a heading: its words in lower case, joined by hyphens, without punctuation.
    static func anchor(of heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(title.compactMap { $0 == " " ? "-" : $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : nil })
    }

    /// Whether `actual` is the output `expected` shows, in which a line `...` stands for any number of lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let line = expected.first else { return actual.isEmpty }
        if line == "..." {
            return (actual.startIndex...actual.endIndex).contains { matches(expected.dropFirst(), actual[$0...]) }
        }
        guard let first = actual.first, Self.line(first, matches: line) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    /// Whether `actual` is the line `expected`, in which each `[...]` stands for any text (a time, say).
    static func line(_ actual: String, matches expected: String) -> Bool {
        let pieces = expected.components(separatedBy: "[...]")
        guard pieces.count > 1 else { return actual == expected }
        guard actual.hasPrefix(pieces[0]), actual.dropFirst(pieces[0].count).hasSuffix(pieces[pieces.count - 1]) else { return false }
        var rest = actual.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The failure message of `example`, whose `actual` output is not the one shown (or which met another `problem`).
    func mismatch(_ example: Example, actual: [String], problem: String = "the output is not the one shown") -> String {
        func show(_ lines: [String]) -> String { lines.isEmpty ? "(no output)" : lines.joined(separator: "\n") }
        return """
            \(name):\(example.index + 1): \(problem).
            $ \(example.command.joined(separator: "\n"))
            --- expected:
            \(show(example.expected))
            --- actual:
            \(show(actual))
            ---
            """
    }

    /// The file's text with the expected output of each example replaced by the lines given with it.
    func text(replacingOutputs replacements: [(Example, [String])]) -> String {
        var lines = self.lines
        for (example, output) in replacements.sorted(by: { $0.0.index > $1.0.index }) {
            lines.replaceSubrange(example.expectedLines, with: output.map { $0.isEmpty ? $0 : example.indent + $0 })
        }
        return lines.joined(separator: "\n")
    }
}
