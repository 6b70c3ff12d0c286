/// Crew role titles. The rule that folds differently written titles into one canonical title
/// lives in schema.sql (the view `derived_crew_roles`), so that every client's rows get it.
package enum CrewRole {
    /// The canonical title of every commander, whatever the source calls the role (Apollo 1's "Command Pilot" too).
    package static let commander = "Commander"
}
