/// The built-in dataset's source and licences, for all that shows its text or pictures (Datasette, the site, README).
package enum Credits {
    package static let source = "The Moonshot app's dataset, Hacking with Swift (twostraws/HackingWithSwift)"
    /// The folder the two JSON files were copied from, at the commit they were copied at.
    package static let sourceURL =
        "https://github.com/twostraws/HackingWithSwift/tree/036e214182ef11ed77fb3e51a84cebf8e6f12440/SwiftUI/project8-files"

    /// The dataset's licence: public domain.
    package static let dataLicense = "Unlicense"
    package static let dataLicenseURL = "https://unlicense.org/"

    /// The licence of the mission and astronaut descriptions, which are Wikipedia's text.
    package static let descriptionLicense = "CC BY-SA 3.0"
    package static let descriptionLicenseURL = "https://creativecommons.org/licenses/by-sa/3.0/"
    package static let descriptionSourceURL = "https://en.wikipedia.org/"
    package static let picturesCredit = "The badges and portraits are NASA's, in the public domain."
    /// The credit the descriptions need wherever they are shown.
    package static let descriptionCredit = "The descriptions are text from Wikipedia, by its authors, under CC BY-SA 3.0."
}
