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

    @Test func aTapOnTheStylesPaddingRunsTheAction() throws {
        // The plate's corner, inside the padding and outside the text: the styled body is the tap target.
        let text = Text("OK").naturalSize
        let corner = CGPoint(x: 60 - text.width / 2 - 8, y: 45 - text.height / 2 - 8)
        let timeline = try Timeline(Counter(), size: Self.size, script: [.tap(at: corner, at: 1), .tap(label: "OK", at: 2)])
        #expect(timeline.changes.count == 2)
        let context = try Backend.cpu.makeContext()
        let end = try context.render(timeline.view(at: 3, size: Self.size), size: Self.size).pixels
        // The bar sits on the plate, the two centred: its middle row is 15 points above the plate's top.
        let row = Int(30 - text.height / 2)
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
}
