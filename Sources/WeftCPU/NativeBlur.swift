import Foundation
import WeftImage
import WeftRuntime

/// `NativeKernel.separableBlur` as native code: the engine's blur (Sources/WeftPlanner/Resources/EngineKernels/blur.glsl)
/// and its folded composite (`FusionComposite.main`), evaluated as the SPIR-V does — the same taps summed in the same
/// order, the same rounding of the producer's result — but over decoded rows instead of one interpreted invocation per
/// pixel. A tinted pass (the shadow's second) keeps only the layer's alpha, and so does a pass whose output only tinted
/// blurs read (`alphaOnly`: its color channels are left zero). Declines (nil) steps other than one texel along x or y and
/// blend modes other than normal and copy; the executor then interprets the SPIR-V.
struct NativeBlur {
    private let horizontal: Bool
    private let radius: Int
    private let weights: [Float]
    private let tint: SIMD4<Float>?
    /// Only the alpha of the sums is needed: the pass is tinted, or only tinted blurs read its output.
    private let alphaOnly: Bool
    /// The user-space point at the top-left corner of the blur's pixel (0, 0).
    private let producerOrigin: SIMD2<Float>
    private let layerOrigin: SIMD2<Float>
    private let layerSize: SIMD2<Int>
    private let scale: Float
    private let composite: Composite?
    private let dispatch: PixelRegion

    /// The folded composite's member of the argument block.
    private struct Composite {
        /// Canvas pixel of the blur's pixel (0, 0), and the blur's grid size.
        var gridOrigin: SIMD2<Int>
        var gridSize: SIMD2<Int>
        /// Blend mode code 21 (copy) instead of 0 (normal).
        var copies: Bool
        var clamps: Bool
        var opacity: Float
        /// The destination's one color (over a solid); nil in place.
        var solid: SIMD4<Float>?
    }

    /// `alphaOnly`: nothing reads the output's color channels (only tinted blurs read it), so they need not be computed.
    init?(_ pass: KernelPass, output: CPUTexture, alphaOnly: Bool = false) {
        let a = pass.arguments
        guard a.count >= 48, pass.arrayData.count >= 1 else { return nil }
        func float(_ offset: Int) -> Float {
            Float(bitPattern: UInt32(a[offset]) | UInt32(a[offset + 1]) << 8 | UInt32(a[offset + 2]) << 16 | UInt32(a[offset + 3]) << 24)
        }
        func int(_ offset: Int) -> Int { Int(Int32(bitPattern: float(offset).bitPattern)) }
        func vec4(_ offset: Int) -> SIMD4<Float> { SIMD4(float(offset), float(offset + 4), float(offset + 8), float(offset + 12)) }
        let step = SIMD2(float(0), float(4))
        guard step == SIMD2(1, 0) || step == SIMD2(0, 1) else { return nil }
        let radius = float(12)
        guard radius >= 0, radius < 1_048_576, pass.arrayData.count >= 2 * Int(radius) + 1 else { return nil }
        horizontal = step.x == 1
        self.radius = Int(radius)
        weights = Array(pass.arrayData.prefix(2 * Int(radius) + 1))
        tint = int(32) != 0 ? vec4(16) : nil
        let f = pass.frame
        layerOrigin = f.layerOrigin
        layerSize = SIMD2(Int(max(0, f.layerSize.x)), Int(max(0, f.layerSize.y)))
        scale = f.scale
        // The pass's region, cut where the kernel returns (at `outputSize`).
        let region = pass.dispatchRegion(width: output.width, height: output.height)
        dispatch = PixelRegion(origin: region.origin, size: pointwiseMin(region.origin &+ region.size, f.outputSize) &- region.origin)
        switch pass.kernel.interface.argumentBlockSize {
        case 48:
            producerOrigin = f.outputOrigin
            composite = nil
            self.alphaOnly = alphaOnly || tint != nil
        case 48 + 64 where a.count >= 48 + 64:
            let mode = int(64)
            guard mode == 0 || mode == 21 else { return nil }
            let fade = vec4(80)
            producerOrigin = SIMD2(fade.y, fade.z)
            composite = Composite(gridOrigin: SIMD2(int(48), int(52)), gridSize: SIMD2(int(56), int(60)), copies: mode == 21,
                                  clamps: int(68) != 0, opacity: fade.x,
                                  solid: pass.kernel.interface.readsOutput ? nil : vec4(96))
            self.alphaOnly = tint != nil
        default:
            return nil
        }
        guard dispatch.origin.x >= 0, dispatch.origin.y >= 0, Int(dispatch.origin.x + dispatch.size.x) <= output.width,
              Int(dispatch.origin.y + dispatch.size.y) <= output.height else { return nil }
    }

    /// The texel of the layer that the blur's pixel `p` centers on, along one axis: `floor((position − layerOrigin)·scale)`
    /// with `position = producerOrigin + (p + 0.5) / scale`, in the kernel's float arithmetic.
    private func center(_ p: Int, axis: Int) -> Int {
        let position = producerOrigin[axis] + (Float(p) + 0.5) / scale
        return Int(((position - layerOrigin[axis]) * scale).rounded(.down))
    }

    /// Runs the pass over its dispatch region of `output`, reading `layer`, on up to `threads` threads.
    func run(layer: CPUTexture, output: CPUTexture, threads: Int) {
        let x0 = Int(dispatch.origin.x), width = Int(dispatch.size.x)
        let y0 = Int(dispatch.origin.y), height = Int(dispatch.size.y)
        guard width > 0, height > 0 else { return }
        let source = Source(layer, size: layerSize, pad: horizontal ? radius : 0, alphaOnly: alphaOnly, threads: threads)
        // The blur's pixel of each canvas column and row (the same for a blur that writes its own texture).
        let gridX = composite?.gridOrigin.x ?? 0, gridY = composite?.gridOrigin.y ?? 0
        let centersX = (x0..<(x0 + width)).map { center($0 - gridX, axis: 0) }
        RowPartition(y0..<(y0 + height), workers: threads, minimumRows: 2).forEachConcurrently(workers: threads) { rows in
            let sums = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: alphaOnly ? 0 : width)
            let alphas = UnsafeMutableBufferPointer<Float>.allocate(capacity: alphaOnly ? width : 0)
            sums.initialize(repeating: .zero)
            alphas.initialize(repeating: 0)
            defer { sums.deallocate(); alphas.deallocate() }
            let out = output.view
            centersX.withUnsafeBufferPointer { centersX in
                for y in rows {
                    let py = y - gridY
                    let inside = composite.map { py >= 0 && py < $0.gridSize.y } ?? true
                    if inside {
                        let cy = center(py, axis: 1)
                        if horizontal { blurAlongRow(cy, centersX, source, sums, alphas) } else { blurDownColumns(cy, centersX, source, sums, alphas) }
                    }
                    store(row: y, x0: x0, gridX: gridX, inside: inside, sums: sums, alphas: alphas, into: out)
                }
            }
        }
        withExtendedLifetime((layer, source)) {}
    }

    /// Textures that a native blur writes and that nothing reads but tinted blurs, which keep only the alpha of what
    /// they read (blur.glsl: `tint * sum.a`): their producers need not compute color. Not read back, written once.
    static func alphaOnlyTextures(of plan: RenderPlan) -> Set<TextureID> {
        var candidates: Set<TextureID> = []
        for pass in plan.passes where pass.kernel.native == .separableBlur && pass.kernel.interface.argumentBlockSize == 48 {
            candidates.insert(pass.output)
        }
        candidates.subtract(plan.readbacks)
        for pass in plan.passes {
            let tintedBlur = pass.kernel.native == .separableBlur && isTinted(pass)
            for input in pass.inputs where !(tintedBlur && input == pass.layer && pass.destination != input && !pass.images.contains(input)) {
                candidates.remove(input)
            }
            if pass.kernel.interface.readsOutput { candidates.remove(pass.output) }
        }
        for texture in candidates where plan.passes.filter({ $0.output == texture }).count != 1 { candidates.remove(texture) }
        return candidates
    }

    /// Whether a blur pass tints its blurred alpha (its argument block's `flags.x`).
    static func isTinted(_ pass: KernelPass) -> Bool {
        let a = pass.arguments
        return a.count >= 36 && (a[32] | a[33] | a[34] | a[35]) != 0
    }

    /// Whether the centers from index `i` on are `count` consecutive texels.
    @inline(__always)
    private static func consecutive(_ centers: UnsafeBufferPointer<Int>, from i: Int, count: Int) -> Bool {
        i + count <= centers.count && centers[i + count - 1] - centers[i] == count - 1
    }

    /// A horizontal pass's sums for one row of the blur's pixels over layer row `cy`. Taps beyond the layer add
    /// transparent black (the source's zero padding, or skipped), which leaves the same sums.
    private func blurAlongRow(_ cy: Int, _ centers: UnsafeBufferPointer<Int>, _ source: Source,
                              _ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, _ alphas: UnsafeMutableBufferPointer<Float>) {
        let w = layerSize.x, r = radius, taps = 2 * r + 1
        guard cy >= 0 && cy < layerSize.y else {
            if alphaOnly { alphas.update(repeating: 0) } else { sums.update(repeating: .zero) }
            return
        }
        // Texel (x, cy) of the padded row is at rowBase + x; taps of a center in 0..<w never leave the padding.
        let rowBase = cy * source.stride + source.pad
        weights.withUnsafeBufferPointer { weight in
            var i = 0
            while i < centers.count {
                let cx = centers[i]
                if alphaOnly, cx >= 0, Self.consecutive(centers, from: i, count: 8), cx + 7 < w {
                    // Eight neighbouring pixels at once, each still summing its own taps from −radius up.
                    let p = source.alpha.baseAddress! + rowBase + cx - r
                    var acc = SIMD8<Float>()
                    for k in 0..<taps { acc += weight[k] * UnsafeRawPointer(p + k).loadUnaligned(as: SIMD8<Float>.self) }
                    for j in 0..<8 { alphas[i + j] = acc[j] }
                    i += 8
                    continue
                }
                let lo = max(-r, -cx), hi = min(r, w - 1 - cx)
                if alphaOnly {
                    var s: Float = 0
                    if lo <= hi { for k in lo...hi { s += weight[k + r] * source.alpha[rowBase + cx + k] } }
                    alphas[i] = s
                } else {
                    var s = SIMD4<Float>.zero
                    if lo <= hi { for k in lo...hi { s += weight[k + r] * source.color[rowBase + cx + k] } }
                    sums[i] = s
                }
                i += 1
            }
        }
    }

    /// A vertical pass's sums for one row of the blur's pixels centered on layer row `cy`: row by row of the taps, every
    /// column at once, so each pixel's sum still adds its taps from −radius up.
    private func blurDownColumns(_ cy: Int, _ centers: UnsafeBufferPointer<Int>, _ source: Source,
                                 _ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, _ alphas: UnsafeMutableBufferPointer<Float>) {
        let w = layerSize.x, h = layerSize.y, r = radius
        if alphaOnly { alphas.update(repeating: 0) } else { sums.update(repeating: .zero) }
        let lo = max(-r, -cy), hi = min(r, h - 1 - cy)
        guard lo <= hi, !centers.isEmpty else { return }
        // The columns whose centers fall in the layer; with consecutive centers, one contiguous run of them.
        let first = centers.firstIndex { $0 >= 0 && $0 < w } ?? centers.count
        let last = centers.lastIndex { $0 >= 0 && $0 < w } ?? -1
        let contiguous = first <= last && Self.consecutive(centers, from: first, count: last - first + 1)
        weights.withUnsafeBufferPointer { weight in
            for k in lo...hi {
                let row = (cy + k) * source.stride + source.pad, wk = weight[k + r]
                if alphaOnly, contiguous {
                    let from = source.alpha.baseAddress! + row + centers[first] - first
                    let into = alphas.baseAddress!
                    for i in first...last { into[i] += wk * from[i] }
                } else if alphaOnly {
                    for i in centers.indices where centers[i] >= 0 && centers[i] < w { alphas[i] += wk * source.alpha[row + centers[i]] }
                } else {
                    for i in centers.indices where centers[i] >= 0 && centers[i] < w { sums[i] += wk * source.color[row + centers[i]] }
                }
            }
        }
    }

    /// Stores row `y` of the dispatch: the blurred row (tinted), or with a folded composite, it rounded as its texture
    /// would have stored it, faded and blended over the destination.
    private func store(row y: Int, x0: Int, gridX: Int, inside: Bool, sums: UnsafeMutableBufferPointer<SIMD4<Float>>,
                       alphas: UnsafeMutableBufferPointer<Float>, into out: TextureView) {
        let count = alphaOnly ? alphas.count : sums.count
        func storePixel(_ i: Int) {
            let x = x0 + i
            var value = SIMD4<Float>.zero
            if let composite {
                let px = x - gridX
                if inside && px >= 0 && px < composite.gridSize.x {
                    value = Self.stored(blurred(i, sums, alphas), out.format) * composite.opacity
                }
                if !composite.copies {
                    let destination = composite.solid ?? out.texel(y * out.width + x)
                    value = value + destination * (1 - value.w)
                }
                if composite.clamps { value = value.clamped(lowerBound: .zero, upperBound: .one) }
            } else {
                value = blurred(i, sums, alphas)
            }
            Self.write(value, at: y * out.width + x, into: out)
        }
        guard let composite, composite.solid != nil else {
            for i in 0..<count { storePixel(i) }
            return
        }
        // Over a solid, every pixel beyond the blur's grid stores the same: the first of each run beyond it is computed,
        // the rest copy it.
        let gridStart = inside ? min(max(gridX - x0, 0), count) : count
        let gridEnd = inside ? min(max(gridX + composite.gridSize.x - x0, gridStart), count) : count
        for run in [0..<gridStart, gridEnd..<count] where !run.isEmpty {
            storePixel(run.lowerBound)
            Self.repeatTexel(at: y * out.width + x0 + run.lowerBound, count: run.count - 1, into: out)
        }
        for i in gridStart..<gridEnd { storePixel(i) }
    }

    /// Copies texel `index` of `out` into the `count` texels after it.
    private static func repeatTexel(at index: Int, count: Int, into out: TextureView) {
        if let words = out.words {
            (words + index + 1).update(repeating: words[index], count: count)
        } else if let texels = out.texels {
            (texels + index + 1).update(repeating: texels[index], count: count)
        }
    }

    @inline(__always)
    private func blurred(_ i: Int, _ sums: UnsafeMutableBufferPointer<SIMD4<Float>>, _ alphas: UnsafeMutableBufferPointer<Float>) -> SIMD4<Float> {
        if let tint { return tint * alphas[i] }
        if alphaOnly { return SIMD4(0, 0, 0, alphas[i]) }
        return sums[i]
    }

    /// `c` as a texture of `format` stores it and reads it back (`weftStored`).
    @inline(__always)
    private static func stored(_ c: SIMD4<Float>, _ format: PixelFormat) -> SIMD4<Float> {
        switch format {
        case .rgba8Unorm:
            SIMD4(CPUTexture.unorm8Value(CPUTexture.unorm8Byte(c.x)), CPUTexture.unorm8Value(CPUTexture.unorm8Byte(c.y)),
                  CPUTexture.unorm8Value(CPUTexture.unorm8Byte(c.z)), CPUTexture.unorm8Value(CPUTexture.unorm8Byte(c.w)))
        case .rgba16Float:
            SIMD4(CPUTexture.half(c.x), CPUTexture.half(c.y), CPUTexture.half(c.z), CPUTexture.half(c.w))
        }
    }

    @inline(__always)
    static func write(_ c: SIMD4<Float>, at index: Int, into out: TextureView) {
        if let words = out.words {
            words[index] = CPUTexture.unorm8Byte(c.x) | CPUTexture.unorm8Byte(c.y) << 8 | CPUTexture.unorm8Byte(c.z) << 16
                | CPUTexture.unorm8Byte(c.w) << 24
        } else if let texels = out.texels {
            texels[index] = SIMD4(CPUTexture.half(c.x), CPUTexture.half(c.y), CPUTexture.half(c.z), CPUTexture.half(c.w))
        }
    }

    /// The layer's texels within `layerSize`, decoded once, each row with `pad` zero texels on both sides (so horizontal
    /// taps need no bounds tests): all four channels, or only alpha.
    private final class Source: @unchecked Sendable {
        let color: UnsafeMutableBufferPointer<SIMD4<Float>>
        let alpha: UnsafeMutableBufferPointer<Float>
        let stride: Int
        let pad: Int

        /// Decodes on up to `threads` threads, rows apart.
        init(_ texture: CPUTexture, size: SIMD2<Int>, pad: Int, alphaOnly: Bool, threads: Int) {
            let w = min(size.x, texture.width), h = min(size.y, texture.height)
            self.pad = pad
            stride = size.x + 2 * pad
            let count = stride * size.y
            color = .allocate(capacity: alphaOnly ? 0 : count)
            alpha = .allocate(capacity: alphaOnly ? count : 0)
            if alphaOnly { alpha.initialize(repeating: 0) } else { color.initialize(repeating: .zero) }
            // Workers write disjoint rows.
            nonisolated(unsafe) let (color, alpha) = (color, alpha)
            let stride = stride
            RowPartition(0..<max(0, h), workers: threads, minimumRows: 8).forEachConcurrently(workers: threads) { rows in
                let view = texture.view
                for y in rows {
                    let row = y * stride + pad
                    if alphaOnly {
                        for x in 0..<w { alpha[row + x] = view.texel(y * texture.width + x).w }
                    } else {
                        for x in 0..<w { color[row + x] = view.texel(y * texture.width + x) }
                    }
                }
            }
        }

        deinit {
            color.deallocate()
            alpha.deallocate()
        }
    }
}
