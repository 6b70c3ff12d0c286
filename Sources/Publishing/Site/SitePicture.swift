/// The `<img>` of a badge or portrait, or, when the dataset has no such picture, a monogram drawn in SVG in its place.
enum SitePicture {
    /// Mission `name`'s badge `badge`, from `pictures`; `root` leads from the page to the site's top ("" or "../").
    static func badge(_ badge: String, of name: String, from pictures: SitePictures, root: String, class className: String) -> HTML {
        guard let file = pictures.badgeFile(badge) else {
            return placeholder(monogram(name), label: "No badge for \(name)", class: className)
        }
        return "<img class=\"\(className)\" src=\"\(root)images/\(file)\" alt=\"\(name) mission badge\">"
    }

    static func portrait(id: String, name: String, from pictures: SitePictures, root: String, class className: String) -> HTML {
        guard let file = pictures.portraitFile(id) else {
            return placeholder(monogram(name), label: "No portrait of \(name)", class: className)
        }
        return "<img class=\"\(className)\" src=\"\(root)images/\(file)\" alt=\"Portrait of \(name)\">"
    }

    /// A panel with `letters` in the middle, drawn in SVG, that says what is missing.
    static func placeholder(_ letters: String, label: String, class className: String) -> HTML {
        """
        <svg class="\(className) placeholder" viewBox="0 0 120 120" role="img" aria-label="\(label)">\
        <rect width="120" height="120" rx="14"/>\
        <text x="60" y="62" text-anchor="middle" dominant-baseline="middle">\(letters)</text></svg>
        """
    }

    /// Up to three letters for `name`: the first letters of its first and last words, or the last word whole if a short
    /// number ("A11" for "Apollo 11", "NA" for "Neil A. Armstrong").
    static func monogram(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace })
        guard let first = words.first?.first else { return "?" }
        guard words.count > 1, let last = words.last else { return String(first).uppercased() }
        if last.count <= 2, last.allSatisfy(\.isNumber) { return String(first).uppercased() + last }
        return (String(first) + String(last.first!)).uppercased()
    }
}
