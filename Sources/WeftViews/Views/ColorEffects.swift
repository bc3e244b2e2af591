import WeftImage
import WeftShaders

/// SwiftUI's built-in color effects, as the stock library's stitchable functions (`Shaders/`, embedded through Resources/ColorEffects):
/// color effects like any other, so fusion stitches them with their neighbours.
package enum ColorEffects {
    /// One library of every built-in color effect, parsed once per process.
    package static let library: ShaderLibrary = {
        let files: [(String, [UInt8])] = [
            ("brightness", PackageResources.brightness_glsl), ("contrast", PackageResources.contrast_glsl),
            ("saturation", PackageResources.saturation_glsl), ("grayscale", PackageResources.grayscale_glsl),
            ("hueRotation", PackageResources.hueRotation_glsl), ("colorMultiply", PackageResources.colorMultiply_glsl),
            ("colorInvert", PackageResources.colorInvert_glsl), ("luminanceToAlpha", PackageResources.luminanceToAlpha_glsl),
        ]
        let source = files.map { String(decoding: $0.1, as: UTF8.self) }.joined(separator: "\n")
        do {
            return try ShaderLibrary(source: source, name: "ColorEffects.glsl")
        } catch {
            preconditionFailure("the built-in color effects do not parse: \(error)")
        }
    }()

    /// `name` bound to `arguments`, animatable between values of the same names.
    package static func effect(_ name: String, _ arguments: [String: ArgumentValue] = [:]) -> EffectShader {
        do {
            return try EffectShader.animatable(arguments: arguments) { values in
                try library.shader(try library.function(named: name), arguments: values).effect
            }
        } catch {
            preconditionFailure("the built-in color effect '\(name)' does not bind: \(error)")
        }
    }
}

extension View {
    /// Adds `amount` to every color channel.
    public func brightness(_ amount: Float) -> ModifiedView { colorEffect(ColorEffects.effect("brightness", ["amount": .number(amount)])) }
    /// Scales each channel's distance from mid-grey: 1 keeps the colors, 0 is flat grey.
    public func contrast(_ amount: Float) -> ModifiedView { colorEffect(ColorEffects.effect("contrast", ["amount": .number(amount)])) }
    /// Moves each color from its luma: 1 keeps the colors, 0 is grey.
    public func saturation(_ amount: Float) -> ModifiedView { colorEffect(ColorEffects.effect("saturation", ["amount": .number(amount)])) }
    /// Moves each color toward its luma: 0 keeps the colors, 1 is grey.
    public func grayscale(_ amount: Float) -> ModifiedView { colorEffect(ColorEffects.effect("grayscale", ["amount": .number(amount)])) }
    /// Turns colors about the grey axis, keeping their luma.
    public func hueRotation(_ angle: Angle) -> ModifiedView { colorEffect(ColorEffects.effect("hueRotation", ["degrees": .number(angle.degrees)])) }
    /// Multiplies every channel by `color`'s.
    public func colorMultiply(_ color: Color) -> ModifiedView { colorEffect(ColorEffects.effect("colorMultiply", ["tint": .color(color)])) }
    /// Inverts each color channel.
    public func colorInvert() -> ModifiedView { colorEffect(ColorEffects.effect("colorInvert")) }
    /// Black whose alpha is the color's luminance.
    public func luminanceToAlpha() -> ModifiedView { colorEffect(ColorEffects.effect("luminanceToAlpha")) }
}
