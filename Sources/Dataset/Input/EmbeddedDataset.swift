/// The dataset compiled into the binary by the EmbedResources build plugin.
package enum EmbeddedDataset {
    /// The embedded file called `name` ("missions.json" or "astronauts.json").
    package static func text(named name: String) -> String? {
        switch name {
        case "missions.json": EmbeddedResources.missionsJSON
        case "astronauts.json": EmbeddedResources.astronautsJSON
        default: nil
        }
    }
}
