import WeftViews

// The numbers by which the engine kernels' GLSL switches on shapes and blend modes (Resources/EngineKernels).

extension ShapeGeometry {
    /// The shape's number in the engine kernels' `weftShapeDistance` switch.
    var kernelCode: Int32 {
        switch self {
        case .rectangle: 0
        case .roundedRectangle: 1
        case .circle: 2
        case .ellipse: 3
        case .capsule: 4
        case .path: preconditionFailure("a path is covered by exact area, not by the shape kernels' distances")
        }
    }
    /// The code for "no shape: everything is inside".
    static let noShapeKernelCode: Int32 = 5
}

extension BlendMode {
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
    /// The kernel code that keeps the destination where the source covers it (destination-in: masks and clips).
    static let destinationInKernelCode: Int32 = 22
}
