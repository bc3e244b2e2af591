import WeftText

/// SwiftUI's `Font`: a text style (`.headline`), a system font of a size, weight and design, or a named family or
/// font file. Resolved through fontconfig (`FontLibrary`): the system sans is Inter, with DejaVu as the fallback;
/// designs map to installed families (`FontRequest.Design.family`).
public struct Font: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The CSS weight (100 … 900).
        public var value: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    public typealias Design = FontRequest.Design

    /// SwiftUI's text styles with Apple's default sizes and weights (the Large content size).
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        public var size: Float {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        public var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// The em size in points.
    public var size: Float
    public var weight: Weight
    public var design: Design
    /// An installed family; nil: the design's.
    public var family: String?
    /// A font file's path, which wins over `family`.
    public var file: String?

    public init(size: Float, weight: Weight = .regular, design: Design = .default, family: String? = nil, file: String? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.family = family
        self.file = file
    }

    public init(_ style: TextStyle, design: Design = .default) {
        self.init(size: style.size, weight: style.weight, design: design)
    }

    public static func system(size: Float, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    public static func system(_ style: TextStyle, design: Design = .default) -> Font { Font(style, design: design) }

    /// An installed family by name.
    public static func custom(_ family: String, size: Float) -> Font { Font(size: size, family: family) }

    /// A font file.
    public static func file(_ path: String, size: Float) -> Font { Font(size: size, file: path) }

    public static let largeTitle = Font(.largeTitle)
    public static let title = Font(.title)
    public static let title2 = Font(.title2)
    public static let title3 = Font(.title3)
    public static let headline = Font(.headline)
    public static let subheadline = Font(.subheadline)
    public static let body = Font(.body)
    public static let callout = Font(.callout)
    public static let footnote = Font(.footnote)
    public static let caption = Font(.caption)
    public static let caption2 = Font(.caption2)

    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    public func bold() -> Font { weight(.bold) }

    public var request: FontRequest {
        FontRequest(family: family, file: file, weight: weight.value, design: design)
    }
}
