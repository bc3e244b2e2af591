import Foundation
import Glibc
import Testing
@testable import Weft

/// `SplicingPipe`: frames handed to a pipe by reference arrive as they were written although the writer lets go of
/// them and its memory goes to the next frames, because each is kept until the reader has read it.
@Suite struct SplicingPipeTests {
    @Test func framesHandedByReferenceArriveIntactAndAreKeptUntilRead() throws {
        var ends: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(fcntl(ends[1], PipeCapacity.setSize, Int32(1 << 20)) >= 0)
        var pipe = SplicingPipe(fd: ends[1], splicing: true)
        let frames = 8, frameBytes = 16 << 10
        // Each frame a fresh array, let go of once written: the allocator hands its memory to the next one, which
        // fills it with other bytes while the pipe still refers to it.
        for frame in 0..<frames {
            let bytes = [UInt8](repeating: UInt8(frame + 1), count: frameBytes)
            #expect(pipe.write(bytes[...]) == nil)
        }
        #expect(pipe.framesKept == frames, "nothing was read yet, so every frame is kept")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while received.count < frames * frameBytes {
            let n = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            received += buffer[..<n]
        }
        pipe.letGoOfRead()
        #expect(pipe.framesKept == 0, "every frame was read")
        close(ends[1])
        let expected = (0..<frames).flatMap { [UInt8](repeating: UInt8($0 + 1), count: frameBytes) }
        #expect(received.count == expected.count)
        let firstWrong = received.indices.first { received[$0] != expected[$0] }
        #expect(firstWrong == nil, "byte \(firstWrong ?? 0) (frame \((firstWrong ?? 0) / frameBytes)) is not what was written")
    }

    /// Not splicing (the default), a pipe copies each frame in as it is written, and keeps none.
    @Test func aPipeNotSplicingKeepsNoFrame() throws {
        var ends: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(fcntl(ends[1], PipeCapacity.setSize, Int32(1 << 20)) >= 0)
        var pipe = SplicingPipe(fd: ends[1], splicing: false)
        for frame in 0..<4 { #expect(pipe.write([UInt8](repeating: UInt8(frame), count: 16 << 10)[...]) == nil) }
        #expect(pipe.framesKept == 0)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let n = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(n == 64 << 10 && buffer[0] == 0 && buffer[(48 << 10)] == 3)
    }
}
