/// How a view's colors combine with what lies beneath it: SwiftUI's set, with the W3C
/// Compositing and Blending formulas on premultiplied colors (docs/compositing.md).
public enum BlendMode: String, Sendable, Hashable, CaseIterable, Codable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// The mode's number in the engine kernels' `weftBlend` switch.
    var kernelCode: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }

    /// The kernel code that replaces the destination with the source (no blending).
    static let copyKernelCode: Int32 = 21
}
