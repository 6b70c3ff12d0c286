/// The Apollo dataset's pictures, embedded in the binary (from `Resources/images/`): a badge
/// per mission named after its badge (`apollo11.png`) and a portrait per astronaut named after
/// their id (`armstrong.jpg`). A dataset imported from other files may have none.
enum SitePictures {
    /// The embedded files by name, still in base64.
    private static let byName: [String: StaticString] = Dictionary(
        EmbeddedResources.images.map { ($0.name, $0.base64) }, uniquingKeysWith: { first, _ in first })

    /// The file name of mission `badge`'s picture, if there is one.
    static func badgeFile(_ badge: String) -> String? {
        let name = badge + ".png"
        return byName[name] == nil ? nil : name
    }

    /// The file name of astronaut `id`'s portrait, if there is one.
    static func portraitFile(_ id: String) -> String? {
        let name = id + ".jpg"
        return byName[name] == nil ? nil : name
    }

    /// The bytes of the embedded picture `name`.
    static func contents(of name: String) -> [UInt8]? {
        byName[name].map(Base64.decode)
    }
}
