import Foundation
import PackagePlugin

/// Fails the build of the target it is applied to when one of its Swift files imports a module
/// that only a lower layer may use: today CSQLite3, SQLite's C API, which only the SQLite target
/// imports. SwiftPM lets every target see the C modules of the targets below it, so this rule
/// is kept here, when the target is built, with the file and line of the import.
@main
struct LayerRules: BuildToolPlugin {
    /// Modules that no target given this plugin may import.
    static let forbiddenModules = ["CSQLite3"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        // A file that says the check passed, compiled into the target: SwiftPM runs the check
        // whenever one of the target's files changes.
        let output = context.pluginWorkDirectoryURL.appending(path: "LayerRulesChecked.swift")
        return [
            .buildCommand(
                displayName: "Checking \(target.name) imports only what its layer may",
                executable: try context.tool(named: "check-imports").url,
                arguments: [output.path] + Self.forbiddenModules.map { "--forbid=\($0)" } + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [output]
            )
        ]
    }
}
