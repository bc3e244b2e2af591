import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// `PreferenceKey`: values that views give, combined by `reduce` in order and read by an ancestor's
/// `onPreferenceChange` after layout, measured as the widths of the bars the read values draw.
struct SwiftUIPreferenceTests {
    /// The Spanish article's key, as printed but for `static let` (a `static var` is shared mutable state, which Swift
    /// 6 does not compile).
    struct WidthPreferenceKey: PreferenceKey {
        static let defaultValue: CGFloat = 0
        static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
            value = nextValue()
        }
    }

    /// The widths given, in order.
    struct WidthsKey: PreferenceKey {
        static let defaultValue: [CGFloat] = [-1]
        static func reduce(value: inout [CGFloat], nextValue: () -> [CGFloat]) { value += nextValue() }
    }

    /// The opaque red run along row `row`, in pixels.
    static func redRun(_ pixels: PixelBuffer, row: Int) -> Int {
        (0..<pixels.width).filter { pixels[$0, row].x > 0.99 && pixels[$0, row].w > 0.99 }.count
    }

    /// The article's pattern without a `GeometryReader` (Weft has none): a blue bar measures its width with
    /// `onGeometryChange` and gives it as a preference; the root reads it and draws a red bar as wide.
    struct Measured: View {
        @State var measured: CGFloat = 0
        @State var read: CGFloat = 0
        @State var wide = false
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Color.blue.frame(width: wide ? 80 : 40, height: 10)
                    .onGeometryChange(for: CGFloat.self) { $0.size.width } action: { measured = $0 }
                    .preference(key: WidthPreferenceKey.self, value: measured)
                Color.red.frame(width: read, height: 10)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .onPreferenceChange(WidthPreferenceKey.self) { read = $0 }
            .onTapGesture { withAnimation(.linear(duration: 1)) { wide.toggle() } }
        }
    }

    /// Before the first frame the red bar has the measured 40 points; the tap that widens the blue bar to 80 widens
    /// the red one in the same change, under the tap's animation: 60 half way, 80 at the end.
    @Test(arguments: Backend.allCases)
    func aPreferenceReadAfterLayoutAnimatesWithTheChangeThatMadeIt(backend: Backend) throws {
        let size = Size(width: 100, height: 20)
        let timeline = try Timeline(Measured(), size: size, script: [.tap(at: CGPoint(x: 1, y: 1), at: 1)])
        #expect(timeline.changes.count == 1 && timeline.changes[0].animation == .linear(duration: 1))
        let context = try backend.makeContext()
        for (time, width) in [(0.0, 40), (1.0, 40), (1.5, 60), (2.0, 80)] {
            let pixels = try context.render(timeline.view(at: time, size: size), size: size).pixels
            #expect(Self.redRun(pixels, row: 15) == width, "at \(time) s")
        }
    }

    /// Three bars give their widths: `reduce` gets them in drawing order (an overlay's after its view's), a
    /// `preference` around views gives its value in place of theirs, and where no view gives one the root reads
    /// `defaultValue`.
    struct Bars: View {
        var widths: [CGFloat]
        var hidden = false
        @State var read: [CGFloat] = []
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 0) {
                    ForEach(widths.indices, id: \.self) { i in
                        Color.blue.frame(width: widths[i], height: 10).preference(key: WidthsKey.self, value: [widths[i]])
                    }
                }
                .preference(key: WidthsKey.self, value: hidden ? [7] : [])
                .overlay { Color.clear.preference(key: WidthsKey.self, value: [3]) }
                ForEach(read.indices, id: \.self) { i in Color.red.frame(width: max(read[i], 0), height: 1) }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .onPreferenceChange(WidthsKey.self) { read = $0 }
        }
    }

    @Test func valuesAreReducedInOrderAndAnOuterPreferenceHidesTheInnerOnes() throws {
        let size = Size(width: 100, height: 20)
        let context = try Backend.cpu.makeContext()
        func readWidths(_ view: Bars) throws -> [Int] {
            let pixels = try context.render(Timeline(view, size: size).view(at: 0, size: size), size: size).pixels
            return (10..<20).map { Self.redRun(pixels, row: $0) }.filter { $0 > 0 }
        }
        // The stack's own preference is the empty list here, given in place of the bars': only the overlay's 3 is left.
        #expect(try readWidths(Bars(widths: [10, 20, 30])) == [3])
        #expect(try readWidths(Bars(widths: [10, 20, 30], hidden: true)) == [7, 3])
    }

    /// A root that reads a key no view gives: it reads `defaultValue`, 0, so its bar is 25 wide rather than 50.
    struct Unset: View {
        @State var read: CGFloat = -1
        var body: some View {
            Color.red.frame(width: read == 0 ? 25 : 50, height: 10)
                .frame(maxWidth: .infinity, alignment: .leading)
                .onPreferenceChange(WidthPreferenceKey.self) { read = $0 }
        }
    }

    @Test func whereNoViewGivesAValueTheDefaultIsRead() throws {
        let size = Size(width: 100, height: 10)
        let pixels = try Backend.cpu.makeContext().render(Timeline(Unset(), size: size).view(at: 0, size: size), size: size).pixels
        #expect(Self.redRun(pixels, row: 5) == 25)
    }

    /// The values inside a view, combined: in order, the outer value in place of the inner ones, the default where
    /// none is given.
    @Test func theCombinedValueOfATree() {
        let bars = HStack { ForEach([5, 1, 4] as [CGFloat], id: \.self) { Color.blue.frame(width: $0, height: 1).preference(key: WidthsKey.self, value: [$0]) } }
        #expect(bars.node.preference(WidthsKey.self) == [5, 1, 4])
        #expect(bars.preference(key: WidthsKey.self, value: [9]).node.preference(WidthsKey.self) == [9])
        #expect(Color.blue.node.preference(WidthsKey.self) == nil)
        #expect(bars.node.preference(WidthPreferenceKey.self) == nil)
    }
}
