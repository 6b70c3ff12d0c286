// swift-tools-version:6.0
import PackageDescription

/// Settings for every Swift target: existential types spelled `any`, and public types saying
/// whether they are Sendable. (The compiler checks only `public` ones, and access here is
/// `package`: the types that cross threads say so by hand, and Database and Statement say
/// they may not.)
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]),
    // Release builds reach the metadata of a generic type (an array of some element) by calling
    // its accessor, not by demangling its name at run time (5% of a question's instructions,
    // 2-3% of its time), and put each function in a section of its own, which the link can then
    // order (see the moonshot target; without it the order file moved whole source files, and a
    // question touched 59 stretches of the binary's code instead of 38).
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"],
        .when(configuration: .release)),
]

let package = Package(
    name: "moonshot",
    products: [
        .executable(name: "moonshot", targets: ["moonshot"])
    ],
    targets: [
        // The system SQLite library (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // What Swift's Glibc module lacks: renameat2, for swapping an exported file or a site
        // folder in one step, and gettid, for a timer that signals one thread.
        .target(name: "CSystem"),

        // Build-time helper that turns schema.sql, the dataset, the site's style sheet and script
        // into Swift string literals, and the pictures into base64 ones; it also runs schema.sql
        // in memory to record the objects it makes (SchemaComparison compares with those).
        .executableTarget(name: "embed-resources", dependencies: ["CSQLite3"], swiftSettings: swiftSettings),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),

        // Build-time check that fails the build of a target one of whose files imports
        // CSQLite3: only the SQLite target may use SQLite's C API.
        .executableTarget(name: "check-imports", swiftSettings: swiftSettings),
        .plugin(name: "LayerRules", capability: .buildTool(), dependencies: ["check-imports"]),

        // Threads, clocks and signals: what the operating system offers, as the layers above
        // use it.
        .target(name: "SystemSupport", dependencies: ["CSystem"], swiftSettings: swiftSettings, plugins: ["LayerRules"]),

        // The SQLite wrapper: the only target that uses SQLite's C API.
        .target(name: "SQLite", dependencies: ["CSQLite3", "SystemSupport"], swiftSettings: swiftSettings),

        // The domain, in four targets along the data's way; each uses only those before it.
        // 1. The dataset: the JSON reader, the records and the input files' validation (no
        //    database), and the Apollo dataset built into the binary.
        .target(name: "Dataset", dependencies: ["SystemSupport"], swiftSettings: swiftSettings, plugins: ["EmbedResources", "LayerRules"]),
        // 2. The store: schema.sql's layout, the import into SQLite, the repair, and the app's
        //    files as an import's content is compared by.
        .target(
            name: "Store", dependencies: ["Dataset", "SQLite", "SystemSupport"], swiftSettings: swiftSettings,
            plugins: ["EmbedResources", "LayerRules"]),
        // 3. The questions: the read-only database, lookups, canned queries, ad-hoc SQL, the
        //    answers they give, Datasette's metadata and the check's report.
        .target(
            name: "Questions", dependencies: ["Store", "Dataset", "SQLite", "SystemSupport"], swiftSettings: swiftSettings,
            plugins: ["LayerRules"]),
        // 4. Publishing: the export to the app's files and the offline website.
        .target(
            name: "Publishing", dependencies: ["Questions", "Store", "Dataset", "SQLite", "SystemSupport", "CSystem"],
            swiftSettings: swiftSettings, plugins: ["EmbedResources", "LayerRules"]),

        // The command line: parsing, commands, help, completions and output.
        .target(
            name: "MoonshotCLI",
            dependencies: ["Publishing", "Questions", "Store", "Dataset", "SQLite", "SystemSupport", "CSystem"],
            swiftSettings: swiftSettings,
            plugins: ["LayerRules"]
        ),

        // The executable, a few lines that run MoonshotCLI. Release builds are fully static
        // executables: with nothing to load at start-up, a question is answered faster than
        // the sqlite3 shell does (see benchmarks/). They are linked by lld with the functions a
        // question runs placed together (startup-order.txt, written by
        // benchmarks/startup_order.py), so that a question maps fewer pages of the binary.
        // Debug builds, `swift run` and `swift test` link as usual.
        .executableTarget(
            name: "moonshot",
            dependencies: ["MoonshotCLI"],
            exclude: ["startup-order.txt"],
            swiftSettings: swiftSettings,
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-use-ld=lld",
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/moonshot/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ], .when(platforms: [.linux], configuration: .release))
            ],
            plugins: ["LayerRules"]
        ),

        // What the test targets share: the seeded generator of their tests on random inputs.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        // The domain's targets in process: the JSON reader, import, questions, site pages.
        .testTarget(
            name: "DomainTests",
            dependencies: ["MoonshotCLI", "Publishing", "Questions", "Store", "Dataset", "SQLite", "SystemSupport", "TestSupport"],
            swiftSettings: swiftSettings,
            plugins: ["LayerRules"]
        ),
        // The command line's parser, in process: words in, typed options, errors and help out.
        .testTarget(
            name: "MoonshotCLITests",
            dependencies: ["MoonshotCLI", "Questions", "Store", "Dataset"],
            swiftSettings: swiftSettings,
            plugins: ["LayerRules"]
        ),
        // The commands, in process where they can be, and the built binary where the process is
        // the subject (signals, limits, locks), beside the real sqlite3 shell, sqlite-utils,
        // Datasette, shells and Chromium.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["moonshot", "MoonshotCLI", "Publishing", "Questions", "Store", "Dataset", "SQLite", "TestSupport"],
            swiftSettings: swiftSettings,
            plugins: ["LayerRules"]
        ),
    ]
)
