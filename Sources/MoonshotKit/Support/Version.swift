/// moonshot's version, recorded with every import and shown by `moonshot --version`.
public enum MoonshotVersion {
    public static let current = "0.1.0"
}
