/// The dataset and schema compiled into the binary by the EmbedResources build plugin.
package enum EmbeddedDataset {
    /// schema.sql, exactly as in the repository.
    package static var schemaSQL: String { EmbeddedResources.schemaSQL }

    /// The embedded file called `name` ("missions.json" or "astronauts.json").
    package static func text(named name: String) -> String? {
        switch name {
        case "missions.json": EmbeddedResources.missionsJSON
        case "astronauts.json": EmbeddedResources.astronautsJSON
        default: nil
        }
    }
}
