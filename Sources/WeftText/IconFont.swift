import Foundation

/// Google's Material Icons as Debian installs them (`fonts-material-design-icons-iconfont`, Apache 2.0): the font,
/// and its codepoints file mapping each icon's name (`"star"`) to the private-use character that draws it. An icon
/// is a glyph like any other, shaped and rasterised through the text pipeline; its design grid of 24 fills the em
/// square from the baseline up (ascender 1 em, descender 0), so an icon at `n` points is an `n`-point square.
public struct IconFont: Sendable {
    /// The family fontconfig finds the font under.
    public static let family = "Material Icons"
    /// Where the Debian package puts the codepoints (a Sass map: `"name": hex,` per line).
    public static let codepointsPath = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"
    /// The Debian package that installs both.
    public static let debianPackage = "fonts-material-design-icons-iconfont"

    /// The font file, for a `FontRequest`.
    public let path: String
    /// Icon name → the character that draws it.
    public let codepoints: [String: Unicode.Scalar]

    /// The installed icon font, read once per process.
    public static var installed: Result<IconFont, TextError> { loaded }
    private static let loaded: Result<IconFont, TextError> = Result { () throws(TextError) in try IconFont(library: .shared) }

    init(library: FontLibrary) throws(TextError) {
        let face: FontFace
        do {
            face = try library.face(for: FontRequest(family: Self.family))
        } catch {
            throw .missingIconFont(Self.family)
        }
        guard let text = try? String(contentsOfFile: Self.codepointsPath, encoding: .utf8) else {
            throw .missingIconFont(Self.codepointsPath)
        }
        let codepoints = Self.parseCodepoints(text)
        guard !codepoints.isEmpty else { throw .missingIconFont(Self.codepointsPath) }
        self.path = face.path
        self.codepoints = codepoints
    }

    /// The entries of a codepoints map, `"name": e838,` per line; other lines are skipped.
    package static func parseCodepoints(_ text: String) -> [String: Unicode.Scalar] {
        var map: [String: Unicode.Scalar] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,"))
            guard name.count > 2, name.first == "\"", name.last == "\"", let value = UInt32(hex, radix: 16),
                  let scalar = Unicode.Scalar(value) else { continue }
            map[String(name.dropFirst().dropLast())] = scalar
        }
        return map
    }
}
