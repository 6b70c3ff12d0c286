// swift-tools-version:6.0
import PackageDescription

/// Settings for every Swift target: existential types spelled `any`, and every declaration
/// visible outside its file's module saying whether it is Sendable.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]),
]

let package = Package(
    name: "moonshot",
    products: [
        .executable(name: "moonshot", targets: ["moonshot"]),
    ],
    targets: [
        // The system SQLite library (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // What Swift's Glibc module lacks: renameat2, for replacing a site folder, and the seccomp
        // filter that keeps `moonshot shell` from writing files.
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

        // Threads, clocks and signals: what the operating system offers, as the layers above
        // use it.
        .target(name: "SystemSupport", swiftSettings: swiftSettings),

        // The SQLite wrapper: the only target that uses SQLite's C API.
        .target(name: "SQLite", dependencies: ["CSQLite3", "SystemSupport"], swiftSettings: swiftSettings),

        // The domain: JSON reader, records, validation, import, export, questions, checks and
        // the website.
        .target(
            name: "MoonshotKit",
            dependencies: ["SQLite", "SystemSupport", "CSystem"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]
        ),

        // The command line: parsing, commands, help, completions and output.
        .target(name: "MoonshotCLI", dependencies: ["MoonshotKit", "SQLite", "SystemSupport", "CSystem"], swiftSettings: swiftSettings),

        // The executable, a few lines that run MoonshotCLI. Release builds are fully static
        // executables: with nothing to load at start-up, a question is answered about as fast
        // as the sqlite3 shell does (see benchmarks/). Debug builds, `swift run` and
        // `swift test` link as usual.
        .executableTarget(
            name: "moonshot",
            dependencies: ["MoonshotCLI"],
            swiftSettings: swiftSettings,
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]
        ),

        .testTarget(
            name: "MoonshotKitTests",
            dependencies: ["MoonshotKit", "SQLite", "SystemSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["moonshot", "MoonshotKit", "SQLite"],
            swiftSettings: swiftSettings
        ),
    ]
)
