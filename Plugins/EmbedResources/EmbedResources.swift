import Foundation
import PackagePlugin

/// Generates `EmbeddedResources.swift` for the target it is applied to, so that the binary
/// carries `schema.sql`, the Apollo dataset, the website's style sheet and script, and the
/// dataset's pictures, and works wherever it is copied; and the objects schema.sql makes, as
/// SQLite records them, to compare a database's schema with.
@main
struct EmbedResources: BuildToolPlugin {
    /// Text files embedded into the binary, each under the Swift name it gets.
    static let files: [(name: String, path: String)] = [
        ("schemaSQL", "schema.sql"),
        ("missionsJSON", "Resources/missions.json"),
        ("astronautsJSON", "Resources/astronauts.json"),
        ("siteCSS", "Resources/site/style.css"),
        ("siteScript", "Resources/site/site.js"),
    ]

    /// The folder whose PNG and JPEG files are embedded as the table `images`.
    static let imageFolder = "Resources/images"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let texts = Self.files.map { root.appending(path: $0.path) }
        let folder = root.appending(path: Self.imageFolder)
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
            .sorted()
            .map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments =
            [output.path]
            + zip(Self.files, texts).map { "\($0.name)=\($1.path)" }
            + images.map { "images[]=\($0.path)" }
            + ["--schema-objects=\(root.appending(path: "schema.sql").path)"]
        return [
            .buildCommand(
                displayName: "Embedding schema.sql, the Apollo dataset, its pictures and the site's files into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: arguments,
                inputFiles: texts + images,
                outputFiles: [output]
            )
        ]
    }
}
