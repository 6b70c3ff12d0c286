import Dataset
import Questions
import Store

/// The Apollo dataset's pictures, embedded from `Resources/images/` (`apollo11.png`, `armstrong.jpg`). Shown only when the latest import read the
/// embedded JSON files (equal SHA-256 digests), as one's own dataset may reuse Apollo's ids for others; edits after that import keep them.
struct SitePictures {
    /// Whether the pictures go with the database's content.
    let apply: Bool

    /// The pictures for the content that `source`, the database's latest import, made.
    init(for source: ImportRecord?) {
        apply = source.map { InputHashes(missions: $0.missionsSHA256, astronauts: $0.astronautsSHA256) == Self.builtInHashes } ?? false
    }

    /// The digests of the embedded dataset, as an import of it records them.
    private static let builtInHashes = InputHashes(
        missions: SHA256.hexDigest(of: EmbeddedDataset.text(named: "missions.json") ?? ""),
        astronauts: SHA256.hexDigest(of: EmbeddedDataset.text(named: "astronauts.json") ?? ""))

    /// The embedded files by name (compared byte for byte, as the database compares ids), still in base64.
    private static let byName: [ExactString: StaticString] = Dictionary(
        EmbeddedResources.images.map { (ExactString($0.name), $0.base64) }, uniquingKeysWith: { first, _ in first })

    /// The file name of mission `badge`'s picture, if there is one.
    func badgeFile(_ badge: String) -> String? {
        file(badge + ".png")
    }

    /// The file name of astronaut `id`'s portrait, if there is one.
    func portraitFile(_ id: String) -> String? {
        file(id + ".jpg")
    }

    private func file(_ name: String) -> String? {
        apply && Self.byName[ExactString(name)] != nil ? name : nil
    }

    /// The bytes of the embedded picture `name`.
    static func contents(of name: String) -> [UInt8]? {
        byName[ExactString(name)].map(Base64.decode)
    }
}
