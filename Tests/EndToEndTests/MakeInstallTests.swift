import Foundation
import XCTest

/// `make install` and `make uninstall`, and man, bash, zsh and fish finding what was installed.
/// The tests install the binary they test (`BUILD=true BINARY=…`) rather than run the release
/// build first, which is the Makefile's build line (and the benchmarks').
final class MakeInstallTests: BinaryTestCase {
    static let installed = [
        "bin/moonshot", "share/bash-completion/completions/moonshot", "share/fish/vendor_completions.d/moonshot.fish",
        "share/man/man1/moonshot.1", "share/zsh/site-functions/_moonshot",
    ]

    private func make(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let make = try tool("make", install: "apt-get install make")
        return try run(
            make, ["--no-print-directory", "-C", Self.packageRoot.path] + arguments + ["BUILD=true", "BINARY=\(Self.binary.path)"],
            environment: environment)
    }

    /// The files under `root`, as paths relative to it, sorted.
    private func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    func testInstallPutsEachFileWhereItsProgramReadsItAndUninstallRemovesExactlyThose() throws {
        let prefix = folder.appendingPathComponent("prefix").path
        let install = try make(["install", "PREFIX=\(prefix)"])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(files(under: prefix), Self.installed)
        XCTAssertEqual(try run(URL(fileURLWithPath: prefix + "/bin/moonshot"), ["--version"]).status, 0)

        let man = try run(
            try tool("man", install: "apt-get install man-db"), ["-M", prefix + "/share/man", "moonshot"],
            environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
        XCTAssertEqual(man.status, 0, man.stderr)
        XCTAssertTrue(man.stdout.contains("moonshot import"), man.stdout)

        // bash-completion loads a command's script when it is first completed, from the
        // folders in XDG_DATA_DIRS.
        let bash = try run(
            URL(fileURLWithPath: "/bin/bash"),
            ["--norc", "--noprofile", "-c", "source /usr/share/bash-completion/bash_completion; _completion_loader moonshot; complete -p moonshot"],
            environment: ["XDG_DATA_DIRS": prefix + "/share", "HOME": folder.path])
        XCTAssertEqual(bash.stdout, "complete -F _moonshot moonshot\n", "is bash-completion installed? " + bash.stderr)

        let zsh = try tool("zsh", install: "apt-get install zsh")
        let zshFound = try run(
            zsh, ["-f", "-c", "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[moonshot]"])
        XCTAssertEqual(zshFound.stdout, "_moonshot\n", zshFound.stderr)
        XCTAssertTrue(try run(zsh, ["-f", "-c", "print -l $fpath"]).stdout.contains("/usr/local/share/zsh/site-functions\n"), "zsh's own fpath")

        // fish reads its vendor folders, from XDG_DATA_DIRS, as it starts (not with --no-config).
        let fish = try run(
            try tool("fish", install: "apt-get install fish"), ["-c", "complete -C 'moonshot cr'"],
            environment: ["XDG_DATA_DIRS": prefix + "/share", "HOME": folder.path, "PATH": prefix + "/bin:/usr/bin:/bin"])
        XCTAssertEqual(fish.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }, ["crew", "crewmates"], fish.stderr)

        let mine = folder.appendingPathComponent("prefix/share/man/man1/other.1")
        try Data("not moonshot's\n".utf8).write(to: mine)
        let uninstall = try make(["uninstall", "PREFIX=\(prefix)"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(files(under: prefix), ["share/man/man1/other.1"], "uninstall removes moonshot's files, no other")
    }

    /// `PREFIX=~/.local` installs for one user, however the shell passed the `~` on, where a
    /// login finds each file without settings: man through `~/.local/bin` on the PATH,
    /// bash-completion and fish in `~/.local/share`.
    func testInstallForOneUserIsFoundWithoutSettings() throws {
        let home = folder.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        let login = ["HOME": home, "PATH": home + "/.local/bin:/usr/bin:/bin"]
        let install = try make(["install", "PREFIX=~/.local"], environment: login)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(files(under: home + "/.local"), Self.installed)

        let man = try run(URL(fileURLWithPath: "/usr/bin/env"), ["-u", "MANPATH", "man", "moonshot"], environment: login.merging(["MANPAGER": "cat"]) { $1 })
        XCTAssertEqual(man.status, 0, man.stderr)
        let bash = try run(
            URL(fileURLWithPath: "/bin/bash"),
            ["--norc", "--noprofile", "-c", "source /usr/share/bash-completion/bash_completion; _completion_loader moonshot; complete -p moonshot"],
            environment: login)
        XCTAssertEqual(bash.stdout, "complete -F _moonshot moonshot\n", bash.stderr)
        let fish = try run(try tool("fish", install: "apt-get install fish"), ["-c", "complete -C 'moonshot manu'"], environment: login)
        XCTAssertEqual(fish.stdout.split(separator: "\t").first, "manual", fish.stderr)

        XCTAssertEqual(try make(["uninstall", "PREFIX=~/.local"], environment: login).status, 0)
        XCTAssertEqual(files(under: home), [])
    }

    /// DESTDIR goes before every path, for a package; a binary that cannot run installs nothing.
    func testDestdirAndAFailedInstall() throws {
        let stage = folder.appendingPathComponent("stage").path
        XCTAssertEqual(try make(["install", "DESTDIR=\(stage)"]).status, 0)
        XCTAssertEqual(files(under: stage), Self.installed.map { "usr/local/" + $0 })
        XCTAssertEqual(try make(["uninstall", "DESTDIR=\(stage)"]).status, 0)
        XCTAssertEqual(files(under: stage), [])

        let make = try tool("make", install: "apt-get install make")
        let failed = try run(
            make, ["--no-print-directory", "-C", Self.packageRoot.path, "install", "DESTDIR=\(stage)", "BUILD=true", "BINARY=/no/such/moonshot"])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertEqual(files(under: stage), [], "nothing installed")
    }

    /// install builds only when a source is newer than the binary, so that `sudo make install`
    /// after `make` builds nothing as root.
    func testInstallBuildsOnlyWhenASourceIsNewerThanTheBinary() throws {
        let make = try tool("make", install: "apt-get install make")
        let stage = folder.appendingPathComponent("stage").path
        let install = { (binary: String) in
            try self.run(
                make,
                ["-C", Self.packageRoot.path, "install", "DESTDIR=\(stage)", "BINARY=\(binary)", "BUILD=touch \(self.folder.path)/built"])
        }
        XCTAssertEqual(try install(Self.binary.path).status, 0)
        XCTAssertFalse(exists("built"), "the binary is newer than every source: nothing built")
        let old = folder.appendingPathComponent("old-moonshot")
        try FileManager.default.copyItem(at: Self.binary, to: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: old.path)
        XCTAssertEqual(try install(old.path).status, 0)
        XCTAssertTrue(exists("built"), "a source is newer than the binary: built")
    }

    /// A PREFIX that is no full path, or that the recipes' shell would read as more than a
    /// path, is refused before anything is written or removed.
    func testAPrefixThatIsNoPathIsRefused() throws {
        let stage = folder.appendingPathComponent("stage").path
        let refusals = [
            "": "PREFIX must be a full path, such as /usr/local or ~/.local (it is '')",
            "relative/x": "PREFIX must be a full path, such as /usr/local or ~/.local (it is 'relative/x')",
            "/x`touch ran`": "PREFIX and DESTDIR may not hold quotes, backslashes or backquotes",
            "/it's": "PREFIX and DESTDIR may not hold quotes, backslashes or backquotes",
            "/a b": "PREFIX and DESTDIR may not hold spaces",
        ]
        for (prefix, message) in refusals {
            for target in ["install", "uninstall"] {
                let result = try make([target, "PREFIX=\(prefix)", "DESTDIR=\(stage)"])
                XCTAssertEqual(result.status, 2, "\(target) PREFIX=\(prefix)")
                XCTAssertTrue(result.stderr.contains("*** \(message).  Stop."), "\(prefix): \(result.stderr)")
            }
        }
        let make = try tool("make", install: "apt-get install make")
        let homeless = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["-u", "HOME", make.path, "-C", Self.packageRoot.path, "install", "PREFIX=~/.local", "BUILD=true"])
        XCTAssertTrue(homeless.stderr.contains("PREFIX starts with ~ but HOME is not set"), homeless.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: stage) || FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent("ran").path))
    }
}
