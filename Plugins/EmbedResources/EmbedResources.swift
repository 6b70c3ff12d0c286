import PackagePlugin

/// Generates `EmbeddedResources.swift` for the target it is applied to, so that the
/// binary carries `schema.sql` and the Apollo dataset and works wherever it is copied.
@main
struct EmbedResources: BuildToolPlugin {
    /// Files embedded into the binary, each under the Swift name it gets.
    static let files: [(name: String, path: String)] = [
        ("schemaSQL", "schema.sql"),
        ("missionsJSON", "Resources/missions.json"),
        ("astronautsJSON", "Resources/astronauts.json"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let inputs = Self.files.map { root.appending(path: $0.path) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments = [output.path] + zip(Self.files, inputs).map { "\($0.name)=\($1.path)" }
        return [
            .buildCommand(
                displayName: "Embedding schema.sql and the Apollo dataset into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
