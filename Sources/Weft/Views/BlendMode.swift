/// How a view's colors combine with what lies beneath it: SwiftUI's set, with the W3C
/// Compositing and Blending formulas on premultiplied colors (docs/compositing.md).
public enum BlendMode: String, Sendable, Hashable, CaseIterable, Codable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// The mode's number in the engine kernels' `weftBlend` switch: fixed per mode, whatever the order of the cases.
    var kernelCode: Int32 {
        switch self {
        case .normal: 0
        case .multiply: 1
        case .screen: 2
        case .overlay: 3
        case .darken: 4
        case .lighten: 5
        case .colorDodge: 6
        case .colorBurn: 7
        case .softLight: 8
        case .hardLight: 9
        case .difference: 10
        case .exclusion: 11
        case .hue: 12
        case .saturation: 13
        case .color: 14
        case .luminosity: 15
        case .sourceAtop: 16
        case .destinationOver: 17
        case .destinationOut: 18
        case .plusDarker: 19
        case .plusLighter: 20
        }
    }

    /// The kernel code that replaces the destination with the source (no blending).
    static let copyKernelCode: Int32 = 21
}
