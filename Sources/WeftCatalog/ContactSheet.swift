import WeftImage
import WeftText
import Weft

/// A rectangle of whole pixels, origin top-left.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}

/// A grid of labelled thumbnails on one opaque RGBA8 (sRGB-encoded, premultiplied) sheet, for
/// looking at many renders at once. Transparent parts of each image show a checkerboard; labels
/// are real text (`LabelText`: the default face, shaped by HarfBuzz, FreeType's coverage). The caller writes the result with `PNGFile.write`.
public struct ContactSheet: Sendable {
    public struct Item: Sendable {
        public var name: String
        public var image: PixelBuffer
        /// The color mode of `image`'s values; linear images are encoded to sRGB for display.
        public var colorMode: ColorMode

        public init(name: String, image: PixelBuffer, colorMode: ColorMode = .nonLinear) {
            self.name = name
            self.image = image
            self.colorMode = colorMode
        }
    }

    /// The largest thumbnail; images are scaled to fit it, keeping their aspect ratio. Images
    /// smaller than half of it are enlarged by a whole factor (nearest neighbour, crisp pixels);
    /// larger ones are reduced with an area-weighted box filter on premultiplied values.
    public var thumbnailWidth: Int = 160
    public var thumbnailHeight: Int = 120
    /// Thumbnails per row; nil chooses ⌈√n⌉.
    public var columns: Int?
    /// Pixels around the grid and between cells.
    public var margin: Int = 12
    public var spacing: Int = 12
    /// Pixels between a thumbnail and its label.
    public var labelGap: Int = 4
    /// The labels' size, pixels per em.
    public var labelSize: Float = 12
    public var background = Color(white: 0.13)
    public var labelColor = Color(white: 0.92)
    public var checkerLight = Color(white: 0.8)
    public var checkerDark = Color(white: 0.55)
    /// Side of one checkerboard square, in sheet pixels.
    public var checkerSize: Int = 8

    public init() {}

    /// Where one item goes on the sheet.
    public struct Cell: Sendable, Hashable {
        /// The box the thumbnail is fitted into.
        public var thumbnailBox: PixelRect
        /// The scaled image inside the box (centered), with the checkerboard under it.
        public var imageFrame: PixelRect
        /// The label as drawn (shortened with "…" when it is wider than the box).
        public var label: String
        /// The label's line box: its advance width × the face's line height, the line's top-left corner at its origin.
        public var labelFrame: PixelRect
    }

    public struct Layout: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var columns: Int
        public var rows: Int
        public var cells: [Cell]
    }

    /// The settings as they are used: thumbnail sides, label size and checker squares of at least 1, margins, spacing and
    /// the label gap of at least 0, a label size that is finite.
    var clamped: ContactSheet {
        var sheet = self
        sheet.thumbnailWidth = max(thumbnailWidth, 1)
        sheet.thumbnailHeight = max(thumbnailHeight, 1)
        sheet.labelSize = labelSize.isFinite ? max(labelSize, 1) : 12
        sheet.checkerSize = max(checkerSize, 1)
        sheet.margin = max(margin, 0)
        sheet.spacing = max(spacing, 0)
        sheet.labelGap = max(labelGap, 0)
        return sheet
    }

    /// Where each item goes; `TextError.noFont` when no font can draw the labels. Settings out of range are clamped
    /// (`thumbnailWidth`, `thumbnailHeight`, `labelSize` and `checkerSize` to at least 1, the spacings to at least 0).
    public func layout(for items: [Item]) throws(TextError) -> Layout {
        let sheet = clamped
        return sheet.clampedLayout(for: items, text: try LabelText(pixelSize: sheet.labelSize))
    }

    private func clampedLayout(for items: [Item], text: LabelText) -> Layout {
        let labelHeight = text.lineHeight
        let cellHeight = thumbnailHeight + labelGap + labelHeight
        let columnCount = max(1, columns ?? Int((Double(items.count).squareRoot()).rounded(.up)))
        let rowCount = (items.count + columnCount - 1) / columnCount
        let width = 2 * margin + columnCount * thumbnailWidth + (columnCount - 1) * spacing
        let height = max(1, 2 * margin + rowCount * cellHeight + max(0, rowCount - 1) * spacing)
        let cells = items.enumerated().map { index, item in
            let box = PixelRect(x: margin + index % columnCount * (thumbnailWidth + spacing),
                                y: margin + index / columnCount * (cellHeight + spacing),
                                width: thumbnailWidth, height: thumbnailHeight)
            let size = fittedSize(width: item.image.width, height: item.image.height)
            let frame = PixelRect(x: box.x + (box.width - size.width) / 2, y: box.y + (box.height - size.height) / 2,
                                  width: size.width, height: size.height)
            let label = text.truncated(item.name, toWidth: thumbnailWidth)
            let labelWidth = text.width(of: label)
            let labelFrame = PixelRect(x: box.x + (box.width - labelWidth) / 2, y: box.y + thumbnailHeight + labelGap,
                                       width: labelWidth, height: labelHeight)
            return Cell(thumbnailBox: box, imageFrame: frame, label: label, labelFrame: labelFrame)
        }
        return Layout(width: width, height: height, columns: columnCount, rows: rowCount, cells: cells)
    }

    /// The size an image of `width × height` is shown at.
    func fittedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = min(Double(thumbnailWidth) / Double(width), Double(thumbnailHeight) / Double(height))
        if scale >= 2 {
            let factor = Int(scale)
            return (width * factor, height * factor)
        }
        if scale >= 1 { return (width, height) }
        return (max(1, min(thumbnailWidth, Int((Double(width) * scale).rounded()))),
                max(1, min(thumbnailHeight, Int((Double(height) * scale).rounded()))))
    }

    /// Draws the sheet; `TextError.noFont` when no font can draw the labels.
    public func render(_ items: [Item]) throws(TextError) -> PixelBuffer {
        let sheet = clamped
        let text = try LabelText(pixelSize: sheet.labelSize)
        return sheet.clampedRender(items, text: text)
    }

    private func clampedRender(_ items: [Item], text: LabelText) -> PixelBuffer {
        let layout = clampedLayout(for: items, text: text)
        var canvas = Canvas(width: layout.width, height: layout.height, fill: background.premultiplied(in: .nonLinear))
        let light = checkerLight.premultiplied(in: .nonLinear)
        let dark = checkerDark.premultiplied(in: .nonLinear)
        let ink = labelColor.premultiplied(in: .nonLinear)
        for (item, cell) in zip(items, layout.cells) {
            let frame = cell.imageFrame
            let thumbnail = Thumbnail.scale(item.image, colorMode: item.colorMode, toWidth: frame.width, height: frame.height)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let square = (x / checkerSize + y / checkerSize) % 2 == 0 ? light : dark
                    canvas.blend(thumbnail, pixel: y * frame.width + x, over: square, x: frame.x + x, y: frame.y + y)
                }
            }
            text.forEachInk(cell.label, at: SIMD2(cell.labelFrame.x, cell.labelFrame.y)) { x, y, coverage in
                canvas.blend(ink * (Float(coverage) / 255), x: x, y: y)
            }
        }
        return canvas.buffer()
    }
}

/// Premultiplied sRGB-encoded float pixels (4 floats each), drawn on with source-over.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [Float]

    init(width: Int, height: Int, fill: SIMD4<Float>) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 4)
        for i in 0..<width * height {
            pixels[4 * i] = fill.x
            pixels[4 * i + 1] = fill.y
            pixels[4 * i + 2] = fill.z
            pixels[4 * i + 3] = fill.w
        }
    }

    /// Pixel `i` of `source` over `under`, the result over the canvas (so a translucent backdrop shows through).
    mutating func blend(_ source: [Float], pixel i: Int, over under: SIMD4<Float>, x: Int, y: Int) {
        guard x >= 0 && x < width && y >= 0 && y < height else { return }
        let s = 4 * i
        let k = 1 - source[s + 3]
        let r = source[s] + k * under.x, g = source[s + 1] + k * under.y
        let b = source[s + 2] + k * under.z, a = source[s + 3] + k * under.w
        put(r, g, b, a, x: x, y: y)
    }

    mutating func blend(_ source: SIMD4<Float>, x: Int, y: Int) {
        guard x >= 0 && x < width && y >= 0 && y < height else { return }
        put(source.x, source.y, source.z, source.w, x: x, y: y)
    }

    private mutating func put(_ r: Float, _ g: Float, _ b: Float, _ a: Float, x: Int, y: Int) {
        let o = 4 * (y * width + x)
        let k = 1 - a
        pixels[o] = r + k * pixels[o]
        pixels[o + 1] = g + k * pixels[o + 1]
        pixels[o + 2] = b + k * pixels[o + 2]
        pixels[o + 3] = a + k * pixels[o + 3]
    }

    func buffer() -> PixelBuffer {
        PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: pixels.map { UInt8(unormFloat: $0) })
    }
}
