/// Where the built-in Apollo dataset comes from and under which licences, for everything that
/// shows its text or pictures (Datasette's metadata, the website, the README).
public enum Credits {
    /// The dataset's origin: the Moonshot app of Hacking with Swift.
    public static let source = "The Moonshot app's dataset, Hacking with Swift (twostraws/HackingWithSwift)"
    /// The folder the two JSON files were copied from, at the commit they were copied at.
    public static let sourceURL =
        "https://github.com/twostraws/HackingWithSwift/tree/036e214182ef11ed77fb3e51a84cebf8e6f12440/SwiftUI/project8-files"

    /// The dataset's licence: public domain.
    public static let dataLicense = "Unlicense"
    public static let dataLicenseURL = "https://unlicense.org/"

    /// The licence of the mission and astronaut descriptions, which are Wikipedia's text.
    public static let descriptionLicense = "CC BY-SA 3.0"
    public static let descriptionLicenseURL = "https://creativecommons.org/licenses/by-sa/3.0/"
    /// Where the descriptions come from.
    public static let descriptionSourceURL = "https://en.wikipedia.org/"
    /// The credit the descriptions need wherever they are shown.
    public static let descriptionCredit = "The descriptions are text from Wikipedia, by its authors, under CC BY-SA 3.0."
}
