/// What can go wrong finding a font.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No installed font has this family name; `installed` lists some that are.
    case missingFamily(String, installed: [String])
    /// A font file that FreeType cannot open.
    case unreadableFontFile(String)
    /// The icon font symbols are drawn from is not installed: its family or codepoints file is missing.
    case missingIconFont(String)
    /// The installed icon font has no icon of this name.
    case missingIcon(String)
    /// Neither the family asked for nor the default design (`family`) is installed, so text cannot be drawn at all.
    case noFont(family: String)

    public var description: String {
        switch self {
        case let .missingFamily(name, installed):
            "no installed font family '\(name)' (installed: \(installed.joined(separator: ", ")))"
        case .unreadableFontFile(let path):
            "cannot read font file '\(path)'"
        case .missingIconFont(let missing):
            "the symbol font is not installed (no \(missing)): install Debian's \(IconFont.debianPackage) (`make deps` does)"
        case .missingIcon(let name):
            "the installed Material Icons has no icon '\(name)' (\(IconFont.debianPackage) 6.7 has it)"
        case .noFont(let family):
            "no installed font for '\(family)', the design text falls back to, so text cannot be drawn; "
                + "install fonts-inter and fonts-dejavu-core (make deps installs them)"
        }
    }
}

/// Something drawn otherwise than asked, but drawn.
public enum TextWarning: Hashable, Sendable, CustomStringConvertible {
    /// No installed font has a glyph for this character: it is drawn as the font's missing-glyph box.
    case missingGlyph(Unicode.Scalar, family: String)
    /// The family is not installed: the text is drawn in `fallback`.
    case missingFamily(String, fallback: String)
    /// Glyphs at this many pixels per em are larger than the glyph atlas holds: they are not drawn.
    case tooLargeToDraw(pixelSize: Float)

    public var description: String {
        switch self {
        case let .missingGlyph(scalar, family):
            "no installed font has a glyph for U+\(String(scalar.value, radix: 16, uppercase: true)) "
                + "(drawn as \(family)'s missing-glyph box)"
        case let .missingFamily(name, fallback):
            "no installed font family '\(name)': drawn in \(fallback)"
        case .tooLargeToDraw(let pixelSize):
            "glyphs at \(pixelSize) pixels per em are larger than the glyph atlas holds (720 at most): not drawn"
        }
    }
}
