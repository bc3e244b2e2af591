/// How a view's colors combine with what lies beneath it: SwiftUI's set, with the W3C
/// Compositing and Blending formulas on premultiplied colors (docs/compositing.md).
public enum BlendMode: String, Sendable, Hashable, CaseIterable, Codable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}
