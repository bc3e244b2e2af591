import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// `ButtonStyle` as SwiftUI's protocol: a style's `makeBody(configuration:)` is what the button draws and what a tap
/// hits, built from `configuration.label`; the stock looks are styles of the same protocol.
struct SwiftUIButtonStyleTests {
    /// A style the tests write, as an app would: the label green on a black plate padded by 10 points, red if pressed.
    struct Plate: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .foregroundStyle(configuration.isPressed ? .red : .green)
                .padding(10)
                .background(Color.black)
        }
    }

    /// A counter whose button wears `Plate`; a tap adds one, which shows as the width of a bar above.
    struct Counter: View {
        @State var taps = 0
        var body: some View {
            VStack(spacing: 0) {
                Color.red.frame(width: CGFloat(taps * 10), height: 10)
                Button("OK") { taps += 1 }.buttonStyle(Plate())
            }
        }
    }

    static let size = Size(width: 120, height: 80)

    static func pixels(_ view: some View, on backend: Backend = .cpu) throws -> PixelBuffer {
        try backend.makeContext().render(ZStack { Color.white; view }, size: size).pixels
    }

    @Test(arguments: Backend.allCases)
    func aStylesBodyIsWhatTheButtonDraws(backend: Backend) throws {
        let styled = try Self.pixels(Button("OK").buttonStyle(Plate()), on: backend)
        #expect(styled == (try Self.pixels(Text("OK").foregroundStyle(.green).padding(10).background(Color.black), on: backend)))
        // The plate is the text's size plus 10 points a side, centred; the label is unpressed, so green.
        let text = Text("OK").naturalSize
        let left = Int((60 - text.width / 2 - 10).rounded(.up)), top = Int((40 - text.height / 2 - 10).rounded(.up))
        #expect(styled[left, top] == SIMD4(0, 0, 0, 1))
        #expect(styled[left - 2, top] == SIMD4(1, 1, 1, 1))
        let green = Color.green.premultiplied(in: .nonLinear)
        let inked = (0..<120).flatMap { x in (0..<80).map { styled[x, $0] } }
        #expect(inked.contains { ((($0 - green) * ($0 - green)).max()).squareRoot() <= 1.0 / 255 }, "fully covered glyph pixels are green")
        #expect(!inked.contains { $0.x > 0.5 && $0.y < 0.4 }, "nothing is drawn pressed (red)")
    }

    /// `view` tapped at the plate's corner (inside the padding, outside the text) at 1 s and by its label at 2 s, as it
    /// is at 3 s.
    static func tappedTwice<Root: View>(_ view: Root) throws -> PixelBuffer {
        let text = Text("OK").naturalSize
        let corner = CGPoint(x: 60 - text.width / 2 - 8, y: 45 - text.height / 2 - 8)
        let timeline = try Timeline(view, size: size, script: [.tap(at: corner, at: 1), .tap(label: "OK", at: 2)])
        #expect(timeline.changes.count == 2, "both taps hit")
        return try Backend.cpu.makeContext().render(timeline.view(at: 3, size: size), size: size).pixels
    }

    @Test func aTapOnTheStylesPaddingRunsTheAction() throws {
        // The styled body is the tap target: its padding is hit.
        let end = try Self.tappedTwice(Counter())
        // The bar sits on the plate, the two centred: its middle row is 15 points above the plate's top.
        let row = Int(30 - Text("OK").naturalSize.height / 2)
        let bar = (0..<120).filter { end[$0, row].x > 0.9 && end[$0, row].y < 0.5 }
        #expect(bar.count == 20, "two taps, a 20-point bar")
    }

    @Test(arguments: Backend.allCases)
    func theStockLooksAreStylesOfTheProtocol(backend: Backend) throws {
        func look(_ style: some ButtonStyle) throws -> PixelBuffer { try Self.pixels(Button("OK").buttonStyle(style), on: backend) }
        // automatic and borderless tint the label with the accent colour; plain leaves it as written (black).
        #expect(try look(.automatic) == Self.pixels(Text("OK").foregroundStyle(Button.accent), on: backend))
        #expect(try look(.borderless) == look(.automatic))
        #expect(try Self.pixels(Button("OK"), on: backend) == look(.automatic))
        #expect(try look(.plain) == Self.pixels(Text("OK"), on: backend))
        #expect(try look(.borderedProminent) == Self.pixels(Text("OK").foregroundStyle(.white)
            .padding(EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)).background(Button.accent, in: RoundedRectangle(cornerRadius: 6)), on: backend))
        // A label's own colour stays under any style.
        #expect(try Self.pixels(Button(action: {}) { Text("OK", color: .red) }.buttonStyle(.borderless), on: backend)
            == Self.pixels(Text("OK", color: .red), on: backend))
    }

    /// The label in one colour: which style drew a button shows as the colour of its text.
    struct Tint: ButtonStyle {
        let color: Color
        func makeBody(configuration: Configuration) -> some View { configuration.label.foregroundStyle(color) }
    }

    /// The colours among `palette` that fully covered pixels of the region are (within 1/255).
    static func inks(_ pixels: PixelBuffer, columns: Range<Int>, rows: Range<Int>, palette: [Color]) -> [Color] {
        palette.filter { color in
            let ink = color.premultiplied(in: .nonLinear)
            return rows.contains { y in columns.contains { x in
                let d = pixels[x, y] - ink
                return (d * d).max().squareRoot() <= 1.0 / 255 + 1e-6
            } }
        }
    }

    /// A container's `buttonStyle` reaches every button inside that sets none; the button's own, or the innermost
    /// container's, wins; a button outside keeps `.automatic` (the accent colour), `.plain` the label's black.
    @Test(arguments: Backend.allCases)
    func aContainersStyleReachesTheButtonsInsideTheInnermostWinning(backend: Backend) throws {
        let palette: [Color] = [.green, .red, .orange, Button.accent, .black]
        let view = HStack(spacing: 0) {
            VStack(spacing: 0) {
                Button("A") {}.frame(width: 60, height: 30)
                Button("B") {}.buttonStyle(Tint(color: .red)).frame(width: 60, height: 30)
                VStack(spacing: 0) {
                    Button("C") {}.frame(width: 60, height: 30)
                    VStack { Button("D") {} }.buttonStyle(.plain).frame(width: 60, height: 30)
                }
                .buttonStyle(Tint(color: .orange))
            }
            .buttonStyle(Tint(color: .green))
            Button("E") {}.frame(width: 60, height: 30)
        }
        let pixels = try backend.makeContext().render(ZStack { Color.white; view }.frame(width: 120, height: 120),
                                                      size: Size(width: 120, height: 120)).pixels
        func left(_ rows: Range<Int>) -> [Color] { Self.inks(pixels, columns: 0..<60, rows: rows, palette: palette) }
        #expect(left(0..<30) == [.green], "A: its container's")
        #expect(left(30..<60) == [.red], "B: its own")
        #expect(left(60..<90) == [.orange], "C: the inner container's")
        #expect(left(90..<120) == [.black], "D: the innermost container's, plain")
        #expect(Self.inks(pixels, columns: 60..<120, rows: 0..<120, palette: palette) == [Button.accent], "E: outside, automatic")
        // A TimelineView's content, built at each frame's time, is inside its containers too.
        let clocked = TimelineView(.animation) { _ in Button("T") {} }.buttonStyle(Tint(color: .green))
        let frame = try backend.makeContext().render(ZStack { Color.white; clocked }, size: Size(width: 60, height: 30),
                                                     options: RenderOptions(frame: FrameContext(time: 1))).pixels
        #expect(Self.inks(frame, columns: 0..<60, rows: 0..<30, palette: palette) == [.green], "T: built at 1 s, its container's")
    }

    /// A button drawn by its container's style is tapped where that style draws it.
    struct PlatedCounter: View {
        @State var taps = 0
        var body: some View {
            VStack(spacing: 0) {
                Color.red.frame(width: CGFloat(taps * 10), height: 10)
                Button("OK") { taps += 1 }
            }
            .buttonStyle(Plate())
        }
    }

    @Test func aContainersStyleIsWhatATapHits() throws {
        #expect(try Self.tappedTwice(PlatedCounter()) == Self.tappedTwice(Counter()), "drawn and hit as the button's own Plate")
    }
}
