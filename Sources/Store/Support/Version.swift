/// moonshot's version, recorded with every import and shown by `moonshot --version`.
package enum MoonshotVersion {
    package static let current = "0.4.0"
}
