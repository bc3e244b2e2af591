import Foundation
import Synchronization
import Weft
import WeftImage

/// A view's frame compared with a reference PNG kept beside the test: `__Snapshots__/<test file>/<name>.png`.
public struct Snapshot: Sendable {
    /// What a comparison found.
    public enum Outcome: Sendable, Equatable {
        /// There was no reference: the frame was written as one.
        case recorded(path: String)
        /// The frame matches the reference within the tolerance.
        case matched(ImageDifference)
        /// The frame differs: it and a difference picture are written beside the reference.
        case differs(ImageDifference, actual: String, difference: String)
        /// The frame's size is not the reference's.
        case sizeChanged(reference: ImageSize, actual: ImageSize, actualPath: String)
    }

    /// The largest difference of any channel allowed, in 1/255 steps.
    public var tolerance: Float
    public var reference: String

    public init(reference: String, tolerance: Float = 0) {
        self.reference = reference
        self.tolerance = tolerance
    }

    /// The reference of snapshot `name` of the test in `filePath`.
    public init(named name: String, testFile filePath: String, tolerance: Float = 0) {
        let file = URL(fileURLWithPath: filePath)
        let folder = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        self.init(reference: folder.appendingPathComponent(name + ".png").path, tolerance: tolerance)
    }

    /// Compares `pixels` with the reference, writing it as the reference when there is none (or when
    /// `WEFT_RECORD_SNAPSHOTS=1`).
    public func compare(_ pixels: PixelBuffer) throws -> Outcome {
        let files = FileManager.default
        let actualPath = String(reference.dropLast(4)) + ".actual.png"
        let differencePath = String(reference.dropLast(4)) + ".difference.png"
        if !files.fileExists(atPath: reference) || ProcessInfo.processInfo.environment["WEFT_RECORD_SNAPSHOTS"] == "1" {
            try files.createDirectory(atPath: URL(fileURLWithPath: reference).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try PNGFile.write(pixels, to: reference)
            return .recorded(path: reference)
        }
        // The reference as stored: 8-bit sRGB, so the frame is compared as it would be stored.
        let stored = try PNGFile.load(path: reference)
        let actual = try Self.stored(pixels)
        guard let difference = ImageDifference(stored, actual) else {
            try PNGFile.write(pixels, to: actualPath)
            return .sizeChanged(reference: ImageSize(width: stored.width, height: stored.height),
                                actual: ImageSize(width: actual.width, height: actual.height), actualPath: actualPath)
        }
        guard difference.maximum * 255 > tolerance + 1e-3 else {
            try? files.removeItem(atPath: actualPath)
            try? files.removeItem(atPath: differencePath)
            return .matched(difference)
        }
        try PNGFile.write(pixels, to: actualPath)
        try PNGFile.write(DifferenceHeatMap.make(stored, actual, maximum: difference.maximum, tolerance: tolerance), to: differencePath)
        return .differs(difference, actual: actualPath, difference: differencePath)
    }

    /// `pixels` encoded as the reference would be and decoded again: what a reference made from them holds.
    static func stored(_ pixels: PixelBuffer) throws -> PixelBuffer {
        try PNGFile.load(PNGFile.encode(pixels))
    }
}

extension Snapshot.Outcome {
    /// What a failed assertion says; nil when the outcome is no failure.
    public var failure: String? {
        switch self {
        case .recorded, .matched: nil
        case .differs(let d, let actual, let difference):
            "the frame differs from its reference by up to \(d.maximum * 255)/255 (at pixel \(d.worstPixel.x), \(d.worstPixel.y)); "
                + "the frame is at \(actual), the difference (red beyond the tolerance) at \(difference); delete the reference or set WEFT_RECORD_SNAPSHOTS=1 to record it again"
        case .sizeChanged(let reference, let actual, let path):
            "the frame is \(actual.width)×\(actual.height) but its reference \(reference.width)×\(reference.height); the frame is at \(path)"
        }
    }
}
