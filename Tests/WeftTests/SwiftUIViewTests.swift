import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// Views written as SwiftUI writes them: a `body` built by `@ViewBuilder` with `if`/`else`, `switch` and `if let`,
/// `Group`, `EmptyView` and `ForEach`, measured by where their views land and what colour they draw.
struct SwiftUIViewTests {
    /// The seeds' OrbitMark, as printed: three overlapping circles 18 points apart.
    struct OrbitMark: View {
        var body: some View {
            ZStack {
                Circle().fill(.blue).frame(width: 64, height: 64).offset(x: -18)
                Circle().fill(.pink).frame(width: 64, height: 64)
                Circle().fill(.orange).frame(width: 64, height: 64).offset(x: 18)
            }
        }
    }

    enum Phase { case idle, busy, done }

    /// One colour per phase through a `switch`, and a second square only when there is a count (`if let`).
    struct Badge: View {
        var phase: Phase
        var count: Int?
        var body: some View {
            HStack(spacing: 0) {
                switch phase {
                case .idle: Color.red.frame(width: 10, height: 10)
                case .busy: Color.green.frame(width: 10, height: 10)
                case .done: Color.blue.frame(width: 10, height: 10)
                }
                if let count { Color.black.frame(width: CGFloat(count), height: 10) }
            }
        }
    }

    /// A body of two views and no container: in a stack, two children.
    struct Pair: View {
        var wide: Bool
        var body: some View {
            if wide { Color.red.frame(width: 30, height: 5) } else { Color.red.frame(width: 10, height: 5) }
            Color.blue.frame(width: 4, height: 5)
        }
    }

    static func colour(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> SIMD4<Float> { pixels[x, y] }

    static func near(_ pixel: SIMD4<Float>, _ color: Color) -> Bool {
        let expected = color.premultiplied(in: .nonLinear)
        return ((pixel - expected) * (pixel - expected)).max().squareRoot() <= 1.0 / 255 + 1e-6
    }

    @Test(arguments: Backend.allCases)
    func aBodyDrawsWhatItsViewsDraw(backend: Backend) throws {
        let pixels = try backend.makeContext().render(OrbitMark(), size: Size(width: 120, height: 80)).pixels
        // The mark is 100 × 64, centred: circles of radius 32 centred at x 42, 60 and 78, y 40; later ones cover earlier.
        #expect(Self.near(pixels[20, 40], .blue), "\(pixels[20, 40])")
        #expect(Self.near(pixels[40, 40], .pink), "\(pixels[40, 40])")
        #expect(Self.near(pixels[60, 40], .orange), "\(pixels[60, 40])")
        #expect(Self.near(pixels[94, 40], .orange), "\(pixels[94, 40])")
        // 30 points above the middle circle's centre: inside it, outside the orange one (35 points from its centre).
        #expect(Self.near(pixels[60, 10], .pink), "\(pixels[60, 10])")
        #expect(pixels[5, 40] == .zero && pixels[115, 40] == .zero)
    }

    @Test(arguments: Backend.allCases)
    func switchAndIfLetChooseTheViewsOfTheBody(backend: Backend) throws {
        let context = try backend.makeContext()
        for (phase, color) in [(Phase.idle, Color.red), (.busy, .green), (.done, .blue)] {
            let alone = try context.render(Badge(phase: phase), size: Size(width: 10, height: 10)).pixels
            #expect(Self.near(alone[5, 5], color), "\(phase): \(alone[5, 5])")
        }
        let counted = try context.render(Badge(phase: .busy, count: 20), size: Size(width: 30, height: 10)).pixels
        #expect(Self.near(counted[5, 5], .green) && Self.near(counted[20, 5], .black), "\(counted[5, 5]) \(counted[20, 5])")
        let (size, origins) = StackLayoutTests.placements(Badge(phase: .idle, count: 20), SIMD2(100, 100))
        #expect(size == SIMD2(30, 10) && origins == [SIMD2(0, 0), SIMD2(10, 0)])
        #expect(StackLayoutTests.placements(Badge(phase: .idle), SIMD2(100, 100)).0 == SIMD2(10, 10))
    }

    /// A body of several views, a `Group` and a `ForEach` join the stack they are written in; `EmptyView` takes no room
    /// and no spacing.
    @Test func listsJoinTheirContainer() {
        let stack = HStack(spacing: 2) {
            Pair(wide: true)
            EmptyView()
            Group {
                Color.green.frame(width: 6, height: 5)
                Pair(wide: false)
            }
            ForEach(0..<3, id: \.self) { i in Color.black.frame(width: CGFloat(i + 1), height: 5) }
        }
        let (size, origins) = StackLayoutTests.placements(stack, SIMD2(400, 100))
        // 30, 4 | 6, 10, 4 | 1, 2, 3, spaced by 2: widths 60 and 7 gaps.
        #expect(size == SIMD2(74, 5))
        #expect(origins.map(\.x) == [0, 32, 38, 46, 58, 64, 67, 71])
    }

    struct Photo: Identifiable, Sendable {
        var id: Int
        var color: Color
    }

    @Test(arguments: Backend.allCases)
    func forEachOverIdentifiableElementsAndRangesByIdentity(backend: Backend) throws {
        let photos = [Photo(id: 7, color: .red), Photo(id: 3, color: .green), Photo(id: 9, color: .blue)]
        let row = VStack(spacing: 0) {
            HStack(spacing: 0) { ForEach(photos) { photo in photo.color.frame(width: 10, height: 10) } }
            HStack(spacing: 0) { ForEach(0..<3, id: \.self) { i in photos[2 - i].color.frame(width: 10, height: 10) } }
        }
        let pixels = try backend.makeContext().render(row, size: Size(width: 30, height: 20)).pixels
        for (i, photo) in photos.enumerated() {
            #expect(Self.near(pixels[10 * i + 5, 5], photo.color), "photo \(photo.id): \(pixels[10 * i + 5, 5])")
            #expect(Self.near(pixels[25 - 10 * i, 15], photo.color), "reversed \(photo.id): \(pixels[25 - 10 * i, 15])")
        }
    }

    /// The seeds' RadarSeal ring: 72 capsules from `ForEach(0..<72, id: \.self)`, each turned 5° more.
    @Test func aForEachOfSeventyTwoViewsIsSeventyTwoChildren() {
        let ring = ZStack {
            ForEach(0..<72, id: \.self) { index in
                Capsule().fill(.mint).frame(width: 2, height: 14).offset(y: -70).rotationEffect(.degrees(Double(index) * 5))
            }
        }
        guard case .stack(let children, _) = ring.node.kind else { Issue.record("a ZStack's node is a stack"); return }
        #expect(children.count == 72)
    }
}
