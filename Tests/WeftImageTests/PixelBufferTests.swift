import Testing
import WeftImage

/// A pixel buffer handed a size or bytes it cannot hold is a named error, never a trap.
struct PixelBufferTests {
    @Test func sizesBelowOneAndUncountableSizesAreErrors() {
        for (width, height) in [(0, 4), (4, 0), (-1, 4), (Int.min, 1), (Int.max, 2), (1 << 40, 1 << 40)] {
            #expect(throws: PixelBufferError.invalidSize(width: width, height: height)) {
                try PixelBuffer(width: width, height: height, format: .rgba8Unorm)
            }
            #expect(throws: PixelBufferError.invalidSize(width: width, height: height)) {
                try PixelBuffer(width: width, height: height, format: .rgba16Float, bytes: [])
            }
        }
    }

    @Test func bytesMustHoldEveryTexel() throws {
        #expect(throws: PixelBufferError.byteCount(15, expected: 16)) {
            try PixelBuffer(width: 2, height: 2, format: .rgba8Unorm, bytes: [UInt8](repeating: 0, count: 15))
        }
        #expect(throws: PixelBufferError.byteCount(16, expected: 32)) {
            try PixelBuffer(width: 2, height: 2, format: .rgba16Float, bytes: [UInt8](repeating: 0, count: 16))
        }
        let made = try PixelBuffer(width: 1, height: 2, format: .rgba8Unorm, bytes: [255, 0, 0, 255, 0, 0, 255, 255])
        #expect(made[0, 1] == SIMD4(0, 0, 1, 1))
        #expect(try PixelBuffer(width: 3, height: 1, format: .rgba16Float).bytes.count == 24)
    }
}
