import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// SwiftUI's rule for a modifier on a `Group` (or a `ForEach`): it acts on each of the group's views, which join the
/// container the group is written in. Measured as where each view lands and what colour overlapping views make.
struct SwiftUIGroupModifierTests {
    static func square(_ color: Color) -> some View { color.frame(width: 10, height: 10) }

    /// A red square above a group of a green and a blue square, padded by 8: the group's two views are two padded
    /// views of the column, 26 points tall each, so the green square's centre is 10 + 8 + 5 below the top and the
    /// blue's 26 further, both in the middle of the 26-point-wide column (a padding of the group as one view would
    /// put the two squares on each other).
    @Test(arguments: Backend.allCases)
    func aPaddedGroupIsTwoPaddedViewsInTheStack(backend: Backend) throws {
        let column = VStack(spacing: 0) {
            Self.square(ResolvedGeometryTests.red)
            Group {
                Self.square(ResolvedGeometryTests.green)
                Self.square(ResolvedGeometryTests.blue)
            }
            .padding(8)
        }
        let size = Size(width: 26, height: 62)
        let pixels = try backend.makeContext().render(column, size: size).pixels
        for (channel, centre) in [(0, Float(5)), (1, 23), (2, 49)] {
            let measured = ResolvedGeometryTests.centre(pixels, channel: channel, column: 13) ?? -1
            #expect(abs(measured - centre) < 0.01, "channel \(channel): centre at \(measured), not \(centre)")
            let across = ResolvedGeometryTests.centre(pixels, channel: channel, row: Int(centre)) ?? -1
            #expect(abs(across - 13) < 0.01, "channel \(channel): centred at \(across) across")
        }
        #expect(pixels[13, 13].w == 0 && pixels[13, 36].w == 0, "the padding is empty: \(pixels[13, 13]) \(pixels[13, 36])")
    }

    /// Two overlapping circles, red then blue, under a group's `.opacity(0.5)`: each circle is faded on its own, so
    /// where they overlap half a blue lies over half a red — red 0.5 × 0.5, blue 0.5, alpha 0.75 (premultiplied) —
    /// where a group opacity would show the blue alone at half alpha. Outside the overlap each is half its colour.
    @Test(arguments: Backend.allCases)
    func aGroupsOpacityFadesEachView(backend: Backend) throws {
        let circles = Group {
            Circle().fill(ResolvedGeometryTests.red).frame(width: 20, height: 20).offset(x: -5)
            Circle().fill(ResolvedGeometryTests.blue).frame(width: 20, height: 20).offset(x: 5)
        }
        .opacity(0.5)
        let pixels = try backend.makeContext().render(circles, size: Size(width: 30, height: 20)).pixels
        let overlap = pixels[15, 10], red = pixels[5, 10], blue = pixels[25, 10]
        #expect(abs(overlap.x - 0.25) < 0.01 && overlap.y == 0 && abs(overlap.z - 0.5) < 0.01 && abs(overlap.w - 0.75) < 0.01,
                "overlap \(overlap)")
        #expect(abs(red.x - 0.5) < 0.01 && red.z == 0 && abs(red.w - 0.5) < 0.01, "red alone \(red)")
        #expect(abs(blue.z - 0.5) < 0.01 && blue.x == 0 && abs(blue.w - 0.5) < 0.01, "blue alone \(blue)")
    }

    /// A `ForEach`'s modifier acts on each element's view too: three squares framed 20 points wide make a row 60 wide,
    /// each square in the middle of its frame.
    @Test(arguments: Backend.allCases)
    func aForEachsModifierActsOnEachElement(backend: Backend) throws {
        let row = HStack(spacing: 0) {
            ForEach(0..<3, id: \.self) { _ in Self.square(ResolvedGeometryTests.green) }
                .frame(width: 20)
        }
        let pixels = try backend.makeContext().render(row, size: Size(width: 60, height: 10)).pixels
        for (index, x) in [10, 30, 50].enumerated() {
            #expect(abs(pixels[x, 5].y - 1) < 0.01, "square \(index) at \(x): \(pixels[x, 5])")
            #expect(pixels[x - 8, 5].w == 0, "square \(index) is 10 wide, framed to 20: \(pixels[x - 8, 5])")
        }
    }

    /// A modified group's views keep their structural identity: the `if`'s square, padded through the group, fades
    /// in where it appears (half its green at the middle of the change), while the square after it slides down.
    struct Toggled: View {
        @State var shown = false
        var body: some View {
            VStack(spacing: 0) {
                Group {
                    if shown { SwiftUIGroupModifierTests.square(ResolvedGeometryTests.green) }
                    SwiftUIGroupModifierTests.square(ResolvedGeometryTests.blue)
                }
                .padding(5)
                Spacer()
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { shown.toggle() } }
        }
    }

    @Test(arguments: Backend.allCases)
    func aModifiedGroupsViewsKeepTheirIdentity(backend: Backend) throws {
        let size = Size(width: 20, height: 60)
        let timeline = try SwiftUIIdentityTests.tapped(Toggled(), size: size)
        let pixels = try backend.makeContext().render(timeline.view(at: 0.5, size: size), size: size).pixels
        // The green square enters at 5…15, faded half; the blue one slides from 5…15 to 25…35, its centre at 20.
        #expect(abs(pixels[10, 7].y - 0.5) < 0.01 && abs(pixels[10, 7].w - 0.5) < 0.01, "the entering green \(pixels[10, 7])")
        let blue = ResolvedGeometryTests.centre(pixels, channel: 2, column: 10) ?? -1
        #expect(abs(blue - 20) < 0.01, "blue at \(blue)")
    }
}
