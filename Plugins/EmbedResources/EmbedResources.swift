import Foundation
import PackagePlugin

/// Generates `EmbeddedResources.swift` for the target it is applied to, holding what that
/// target carries in the binary, so that moonshot works wherever it is copied: the Apollo
/// dataset (Dataset); schema.sql and the objects it makes, as SQLite records them, to compare a
/// database's schema with (Store); the website's style sheet, script and the dataset's
/// pictures (Publishing).
@main
struct EmbedResources: BuildToolPlugin {
    /// Text files embedded into each target, each under the Swift name it gets.
    static let files: [String: [(name: String, path: String)]] = [
        "Dataset": [("missionsJSON", "Resources/missions.json"), ("astronautsJSON", "Resources/astronauts.json")],
        "Store": [("schemaSQL", "schema.sql")],
        "Publishing": [("siteCSS", "Resources/site/style.css"), ("siteScript", "Resources/site/site.js")],
    ]

    /// The folder whose PNG and JPEG files are embedded into Publishing as the table `images`.
    static let imageFolder = "Resources/images"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let files = Self.files[target.name] ?? []
        let texts = files.map { root.appending(path: $0.path) }
        let folder = root.appending(path: Self.imageFolder)
        let images =
            target.name != "Publishing"
            ? []
            : try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
                .sorted()
                .map { folder.appending(path: $0) }
        let schema = root.appending(path: "schema.sql")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments =
            [output.path]
            + zip(files, texts).map { "\($0.name)=\($1.path)" }
            + images.map { "images[]=\($0.path)" }
            + (target.name == "Store" ? ["--schema-objects=\(schema.path)"] : [])
        return [
            .buildCommand(
                displayName: "Embedding resources into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: arguments,
                inputFiles: texts + images + (target.name == "Store" ? [schema] : []),
                outputFiles: [output]
            )
        ]
    }
}
