import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft bench --suite fusion`: every figure of the stitching tables in one run (docs/benchmarks.md, "Stitching"):
/// for each --size and --format, the copy ceiling; chains of 1, 2, 4 and 8 color effects, distortion → color and
/// layer → color, each fused and unfused; gaussianBlur and boxBlur at radius 6, 12 and 24; then each example scene
/// fused and unfused. Chains run over a generated image of the size and format (no conversion pass before them).
public enum BenchFusionSuite {
    public static let name = "fusion"

    /// The suite's workloads: the effects of the stock library in `folder`, and the example `scenes` (scene files).
    public static func workloads(stock folder: String, scenes: [String], sizes: [ImageSize], formats: [PixelFormat],
                                 settings: BenchRunner.Settings) throws -> [BenchWorkload] {
        let library = try ShaderLibrary(path: folder)
        var out: [BenchWorkload] = [.subject(.copyCeiling())]
        for size in sizes {
            for format in formats {
                let image = Image(pattern(width: size.width, height: size.height, format: format))
                let points = Size(width: Float(size.width), height: Float(size.height))
                let options = RenderOptions(frame: FrameContext(index: settings.frame ?? 0, reduceMotion: settings.reduceMotion), outputFormat: format,
                                            workingColorMode: format == .rgba8Unorm ? .nonLinear : .extendedLinear)
                func render(_ name: String, _ view: some View, fused: Bool = true) -> BenchWorkload {
                    var o = options
                    o.fusion = fused
                    return .render(name + (fused ? "" : " (unfused)"), view.node, size: points, options: o)
                }
                let colors = [try library.grayscale(.float(0.8)), try library.posterize(.float(6)),
                              try library.vignette(.boundingRect, .float(0.5)),
                              try library.radialTint(.float2(points.width / 2, points.height / 2), .float(points.width / 3), .color(.orange))]
                for count in [1, 2, 4, 8] {
                    var view: ViewNode = image.node
                    for i in 0..<count { view = view.colorEffect(colors[i % colors.count]).node }
                    for fused in [true, false] { out.append(render("color×\(count)", view, fused: fused)) }
                }
                let wave = image.distortionEffect(try library.wave(.float(8), .float(64), .float(0)), maxSampleOffset: Size(width: 0, height: 8))
                    .colorEffect(colors[0])
                let blur = image.layerEffect(try library.boxBlur(.float(6)), maxSampleOffset: Size(width: 6, height: 6)).colorEffect(colors[0])
                for fused in [true, false] {
                    out.append(render("distortion→color", wave, fused: fused))
                    out.append(render("layer→color", blur, fused: fused))
                }
                for radius: Float in [6, 12, 24] {
                    let padding = Size(width: radius, height: radius)
                    out.append(render("gaussianBlur r\(Int(radius))", image.layerEffect(try library.gaussianBlur(.float(radius)), maxSampleOffset: padding)))
                    out.append(render("boxBlur r\(Int(radius))", image.layerEffect(try library.boxBlur(.float(radius)), maxSampleOffset: padding)))
                }
            }
        }
        for scene in scenes {
            for fused in [true, false] { out.append(.scene(scene, settings: settings, fusion: fused)) }
        }
        return out
    }

    /// A `width × height` image of `format` with every channel varying and some translucency.
    public static func pattern(width: Int, height: Int, format: PixelFormat) -> PixelBuffer {
        var p = PixelBuffer.blank(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = (x / 64 + y / 64) % 4 == 3 ? 0.5 : 1
                p[x, y] = SIMD4(Float(x % 256) / 255 * a, Float(y % 256) / 255 * a, Float((x + y) % 256) / 255 * a, a)
            }
        }
        return p
    }
}
