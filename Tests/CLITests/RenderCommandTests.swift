import Foundation
import Testing
import WeftImage

/// `weft render` end to end: the built binary on the test pattern, on the default device (lavapipe here; the CPU
/// evaluator where there is no Vulkan).
@Suite
struct RenderCommandTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func render(_ arguments: [String]) throws -> CLI.Run { try CLI.weft(["render"] + arguments) }

    @Test func grayscaleOfThePatternMatchesLumaComputedFromTheInput() throws {
        let out = path("gray.png")
        let run = try render([CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "-o", out])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("\(out): 512x384, "), "\(run)")
        #expect(run.stdout.contains("llvmpipe") || !run.stdout.isEmpty)
        #expect(run.stdout.hasSuffix(" ms\n"))

        let input = try PNGFile.load(path: CLI.pattern)
        let output = try PNGFile.load(path: out)
        #expect(output.width == input.width && output.height == input.height)
        // The hue sweep (opaque and half transparent), a red swatch, a ring, the gray ramp.
        for (x, y) in [(100, 2), (300, 64), (10, 360), (40, 375), (290, 192), (200, 290)] {
            let p = CLI.pixel(input, x, y)
            let luma = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
            let q = CLI.pixel(output, x, y)
            for c in 0..<3 { #expect(abs(q[c] - luma) <= 1.5, "(\(x), \(y)) channel \(c): \(q[c]) vs luma \(luma) of \(p)") }
            #expect(abs(q.w - p.w) <= 0.5, "(\(x), \(y)) alpha")
        }
        // Colored input really changed.
        let hue = CLI.pixel(input, 100, 2), gray = CLI.pixel(output, 100, 2)
        #expect(abs(hue.x - gray.x) > 20 || abs(hue.y - gray.y) > 20)
    }

    @Test func effectsApplyInOrderEachWrappingTheOneBefore() throws {
        // On the opaque gray ramp at (64, 300): a full red tint there, gray elsewhere.
        let tint = ["--effect", "radialTint", "--arg", "center=64.5,300.5", "--arg", "radius=40", "--arg", "tint=#ff0000"]
        let gray = ["--effect", "grayscale", "--arg", "amount=1"]
        let grayThenTint = path("gray-tint.png"), tintThenGray = path("tint-gray.png")
        let first = try render([CLI.pattern] + gray + tint + ["-o", grayThenTint])
        let second = try render([CLI.pattern] + tint + gray + ["-o", tintThenGray])
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")

        let a = try PNGFile.load(path: grayThenTint), b = try PNGFile.load(path: tintThenGray)
        let red = CLI.pixel(a, 64, 300)
        #expect(red.x > 250 && red.y < 5 && red.z < 5 && red.w == 255, "gray, then a red tint: \(red)")
        let grayRed = CLI.pixel(b, 64, 300)
        #expect(abs(grayRed.x - grayRed.y) < 1.5 && abs(grayRed.y - grayRed.z) < 1.5, "a red tint, then gray: \(grayRed)")
        #expect(abs(grayRed.x - 0.2126 * 255) < 2, "the luma of pure red")
        // Far from the tint both are the grayscale of the input.
        let far = CLI.pixel(a, 400, 300)
        #expect(far == CLI.pixel(b, 400, 300) && far.x == far.y)
    }

    @Test func layerEffectKeepsItsPaddingWhenAskedTo() throws {
        let blur = ["--effect", "boxBlur", "--arg", "radius=4", "--max-sample-offset", "4"]
        let clipped = path("blur.png"), padded = path("blur-padded.png")
        let run = try render([CLI.pattern] + blur + ["-o", clipped])
        let keep = try render([CLI.pattern] + blur + ["--keep-overflow", "-o", padded])
        #expect(run.status == 0 && keep.status == 0, "\(run)\n\(keep)")
        let image = try PNGFile.load(path: clipped), overflow = try PNGFile.load(path: padded)
        #expect(image.width == 512 && image.height == 384)
        #expect(overflow.width == 520 && overflow.height == 392)
        #expect(keep.stdout.contains("520x392"))
        // The blur spreads the opaque gray ramp's left column into the padding.
        #expect(CLI.pixel(overflow, 2, 4 + 290).w > 0)
        #expect(CLI.pixel(overflow, 0, 4 + 290).w < CLI.pixel(overflow, 4, 4 + 290).w)
    }

    @Test func fillRendersAtTheGivenSize() throws {
        let out = path("checker.png")
        let run = try render(["--size", "64x48", "--effect", "checkerboard", "--arg", "size=8",
                              "--arg", "first=#ff0000", "--arg", "second=0,0,1,1", "-o", out])
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: out)
        #expect(image.width == 64 && image.height == 48)
        #expect(CLI.pixel(image, 1, 1) == SIMD4(255, 0, 0, 255))
        #expect(CLI.pixel(image, 9, 1) == SIMD4(0, 0, 255, 255))
        #expect(CLI.pixel(image, 9, 9) == SIMD4(255, 0, 0, 255))
    }

    @Test func presetSuppliesArgumentsNotGiven() throws {
        let out = path("preset.png")
        let run = try render([CLI.pattern, "--effect", "pixellate", "--preset", "-o", out])
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: out)
        // 16-point cells: every pixel of a cell has its centre's color.
        #expect(CLI.pixel(image, 16 * 20, 16 * 9) == CLI.pixel(image, 16 * 20 + 15, 16 * 9 + 15))
    }

    @Test func sceneFileRendersAtItsSizeAndScale() throws {
        let out = path("scene.png")
        let scene = CLI.packageRoot.appendingPathComponent("examples/badge-tint.json")
        let run = try render([scene.path, "--time", "0.5", "--scale", "2", "-o", out])
        #expect(run.status == 0, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scene)) as? [String: Any])
        let size = try #require(json["size"] as? [Double])
        let scale = (json["scale"] as? Double ?? 1) * 2
        let image = try PNGFile.load(path: out)
        #expect(image.width == Int(size[0] * scale) && image.height == Int(size[1] * scale), "the scene's size × its scale × --scale")
        #expect(CLI.pixel(image, 2, 2).w == 255, "the scene's opaque background")
    }

    /// A geometry/state cycle is printed as a warning naming the observer and the sizes it saw; the render goes on.
    @Test func aGeometryCycleIsPrinted() throws {
        let scene = CLI.packageRoot.appendingPathComponent("examples/geometry-cycle.json").path
        let run = try render([scene, "--device", "cpu", "-o", path("cycle.png")])
        #expect(run.status == 0, "\(run)")
        // The label's height is its font's line height.
        #expect(run.stderr.contains("weft render: warning: onGeometryChange 'label' at 190x60: a geometry/state cycle (tight → roomy → tight); its view measured 190x"), "\(run)")
        #expect(run.stderr.contains(", 220x") && run.stderr.contains("; staying in 'tight'"), "\(run)")
    }

    /// A sequence prints a scene's cycle once, after its frames.
    @Test func aSequencePrintsAGeometryCycleOnce() throws {
        let scene = CLI.packageRoot.appendingPathComponent("examples/geometry-cycle.json").path
        let run = try render([scene, "--device", "cpu", "--frames", "0..2", "--fps", "10", "-o", path("cycle/f%02d.png")])
        #expect(run.status == 0, "\(run)")
        let line = "weft render: warning: onGeometryChange 'label' at 190x60: a geometry/state cycle"
        #expect(run.stderr.components(separatedBy: line).count == 2, "\(run)")
    }

    /// `--size` renders a scene at another size; the card grid's onGeometryChange switches it to a column below 240 points.
    @Test func sceneSizeDrivesItsSizeClass() throws {
        let scene = CLI.packageRoot.appendingPathComponent("examples/card-grid.json").path
        let orange = SIMD4<Float>(255, 159, 10, 255), green = SIMD4<Float>(48, 209, 88, 255)
        let narrow = path("narrow.png"), wide = path("wide.png")
        #expect(try render([scene, "--size", "160x240", "-o", narrow]).status == 0)
        #expect(try render([scene, "--size", "320x120", "-o", wide]).status == 0)
        let column = try PNGFile.load(path: narrow), row = try PNGFile.load(path: wide)
        #expect(column.width == 160 && column.height == 240 && row.width == 320 && row.height == 120)
        #expect(CLI.pixel(column, 30, 20).rounded(.toNearestOrEven) == orange && CLI.pixel(column, 30, 215).rounded(.toNearestOrEven) == green, "the first card above the last")
        #expect(CLI.pixel(row, 20, 30).rounded(.toNearestOrEven) == orange && CLI.pixel(row, 300, 30).rounded(.toNearestOrEven) == green, "the first card left of the last")
    }

    /// An input image at `--scale 2` is a 2× image: 256×192 points, its own pixels, with point-space arguments twice as
    /// many pixels long.
    @Test func scaleTakesTheInputAsAnImageOfThatScale() throws {
        let out = path("double.png"), once = path("once.png")
        let run = try render([CLI.pattern, "--effect", "grayscale", "--arg", "amount=0", "--scale", "2", "-o", out])
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: out), input = try PNGFile.load(path: CLI.pattern)
        #expect(image.width == 512 && image.height == 384)
        #expect(image == input, "pixel for pixel, not resampled")
        let cells = try render([CLI.pattern, "--effect", "pixellate", "--arg", "size=8", "--scale", "2", "-o", out])
        let plain = try render([CLI.pattern, "--effect", "pixellate", "--arg", "size=16", "-o", once])
        #expect(cells.status == 0 && plain.status == 0, "\(cells)\n\(plain)")
        #expect(try PNGFile.load(path: out) == PNGFile.load(path: once), "8-point cells at 2× are 16 pixels wide")
    }

    @Test func sixteenBitOutput() throws {
        let out = path("wide.png")
        let run = try render([CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--16bit", "-o", out])
        #expect(run.status == 0, "\(run)")
        #expect(try PNGFile.read(path: out).header.bitDepth == 16)
    }

    @Test func blendEffectBlendsOverTheBackdrop() throws {
        // Difference with opaque black beneath leaves the source, composed over black.
        let out = path("difference.png")
        let run = try render([CLI.pattern, "--effect", "differenceBlend", "--backdrop", "#000000", "-o", out])
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: out), input = try PNGFile.load(path: CLI.pattern)
        for (x, y) in [(10, 360), (100, 64), (40, 375), (200, 330)] {
            let p = CLI.pixel(input, x, y), q = CLI.pixel(image, x, y)
            #expect(q.w == 255, "(\(x), \(y)) is opaque over the backdrop")
            for c in 0..<3 { #expect(abs(q[c] - p[c]) <= 1.5, "(\(x), \(y)) channel \(c): \(q) vs the premultiplied input \(p)") }
        }
    }

    @Test func argumentValuesAreReadByTheParameterType() throws {
        // A ColorArray as hex colors, names, or numeric colors separated by ';'.
        func gradient(_ stops: String) throws -> PixelBuffer {
            let out = path("gradient-\(UUID().uuidString).png")
            let run = try render(["--size", "64x4", "--effect", "linearGradient", "--arg", "start=0,0", "--arg", "end=64,0",
                                  "--arg", "stops=\(stops)", "-o", out])
            #expect(run.status == 0, "\(stops): \(run)")
            return try PNGFile.load(path: out)
        }
        let hex = try gradient("#ff0000,#0000ff")
        #expect(try gradient("1,0,0;0,0,1,1") == hex)
        #expect(CLI.pixel(hex, 0, 1).x > 245 && CLI.pixel(hex, 0, 1).z < 10 && CLI.pixel(hex, 63, 1).x < 10 && CLI.pixel(hex, 63, 1).z > 245)
        let named = try gradient("red,blue"), spelled = try gradient("#ff3b30,#007aff")
        #expect(zip(named.bytes, spelled.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "the named colors are Color.red and Color.blue")

        // A vec4 of four numbers that are not a color is passed as it is: the pattern's bounds.
        let bound = path("vignette-binding.png"), numbers = path("vignette-numbers.png")
        let a = try render([CLI.pattern, "--effect", "vignette", "--arg", "bounds=$boundingRect", "--arg", "strength=1", "-o", bound])
        let b = try render([CLI.pattern, "--effect", "vignette", "--arg", "bounds=0,0,512,384", "--arg", "strength=1", "-o", numbers])
        #expect(a.status == 0 && b.status == 0, "\(a)\n\(b)")
        #expect(try PNGFile.load(path: bound) == PNGFile.load(path: numbers))
    }
}
