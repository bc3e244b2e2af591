import Foundation
import Glibc
import Testing
@testable import Weft
import WeftTestSupport

/// The encoder's process as a video stream starts, feeds and waits for it, and the pipe it reads from.
@Suite struct EncoderProcessTests {
    let folder = temporaryFolder("weft-encoder-process-tests")

    /// What is written to the input arrives whole; the exit status and the standard error come back once it ended.
    @Test func theInputArrivesAndTheEndingAndErrorsComeBack() throws {
        let copy = folder.appendingPathComponent("copy").path
        let process = try EncoderProcess(executable: "/bin/sh", arguments: ["-c", "cat > '\(copy)'; echo 'said so' >&2; exit 3"])
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(FrameStream.writeAll(bytes[1000...], to: process.input) == nil)
        #expect(process.closeInput() == nil)
        #expect(process.wait() == .exited(3))
        #expect(process.wait() == .exited(3), "asked again")
        #expect(process.errorText() == "said so\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(bytes[1000...]))
    }

    /// A process that writes far more to its standard error than a pipe holds before it reads its input stops neither
    /// itself nor the writer (the standard error is read while it runs); the end of what it wrote is kept, from a line's
    /// start, after a line saying that more came before.
    @Test(.timeLimit(.minutes(1))) func muchOnTheStandardErrorStopsNeitherSide() throws {
        let copy = folder.appendingPathComponent("copy-after-errors").path
        // About 1 MiB of numbered lines, then the input, then a last word.
        let process = try EncoderProcess(executable: "/bin/sh", arguments: ["-c", "seq 1 150000 >&2; cat > '\(copy)'; echo last >&2; exit 1"])
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 5) }
        #expect(FrameStream.writeAll(bytes[...], to: process.input) == nil)
        #expect(process.closeInput() == nil)
        #expect(process.wait() == .exited(1))
        let text = process.errorText()
        let note = "(its earlier output left out)\n"
        #expect(text.hasPrefix(note) && text.hasSuffix("149999\n150000\nlast\n"), "\(text.prefix(80)) … \(text.suffix(40))")
        #expect(text.utf8.count <= note.utf8.count + EncoderProcess.errorTextLimit)
        let lines = text.dropFirst(note.count).split(separator: "\n")
        #expect(lines.count > 1000 && lines.dropLast().allSatisfy { Int($0) != nil }, "whole lines only")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(bytes))
        #expect(process.errorText() == "", "taken once")
    }

    /// A process ended by a signal says which; one still running when terminated is stopped and reaped.
    @Test func aSignalIsNamedAndTerminateStopsAndReaps() throws {
        let killed = try EncoderProcess(executable: "/bin/sh", arguments: ["-c", "kill -9 $$"])
        #expect(killed.wait() == .signaled(SIGKILL))
        let sleeping = try EncoderProcess(executable: "/bin/sh", arguments: ["-c", "sleep 60"])
        sleeping.terminate()
        #expect(sleeping.wait() == .signaled(SIGTERM))
        #expect(kill(sleeping.pid, 0) != 0, "no process is left")
    }

    /// The child gets only its three standard descriptors of ours: a pipe the parent holds does not leak into it (its
    /// reader would then never see the end of the stream).
    @Test func theChildHoldsNoOtherDescriptorOfOurs() throws {
        var made: [Int32] = [-1, -1]
        #expect(pipe(&made) == 0)
        // Moved to numbers the child's own listing never takes (`ls` opens /proc/self/fd on the lowest free one, which
        // was once the pipe's number here).
        let other = made.map { fcntl($0, F_DUPFD, 300) }
        for end in made { close(end) }
        #expect(other.allSatisfy { $0 >= 300 })
        defer { close(other[0]); close(other[1]) }
        let process = try EncoderProcess(executable: "/bin/sh", arguments: ["-c", "ls /proc/self/fd >&2"])
        #expect(process.wait() == .exited(0))
        let descriptors = Set(process.errorText().split(separator: "\n").compactMap { Int32($0) })
        #expect(!descriptors.contains(other[0]) && !descriptors.contains(other[1]), "\(descriptors)")
    }

    /// A program that cannot be started is an error, not a process.
    @Test func aMissingProgramIsAnError() {
        #expect(throws: EncoderProcess.SpawnError.self) {
            try EncoderProcess(executable: folder.appendingPathComponent("no-such-ffmpeg").path, arguments: [])
        }
    }

    /// The pipe holds two 1080p frames where the system grants that much (a raised fs.pipe-max-size, or the
    /// CAP_SYS_RESOURCE capability), else the most fs.pipe-max-size allows (1 MiB by default), and says so.
    @Test func thePipeHoldsTwoFramesWhereAllowedElseTheSystemsMost() throws {
        let frame = 1920 * 1080 * 3 / 2
        func pipeEnds() -> [Int32] {
            var ends: [Int32] = [-1, -1]
            #expect(pipe(&ends) == 0)
            return ends
        }
        let probe = pipeEnds(), stream = pipeEnds()
        defer { for end in probe + stream { close(end) } }
        let granted = fcntl(probe[1], PipeCapacity.setSize, Int32(2 * frame)) >= 0
        let capacity = PipeCapacity.enlarge(stream[1], toHold: frame)
        let size = Int(fcntl(stream[1], 1032 /* F_GETPIPE_SZ */))
        #expect(capacity == size)
        if granted {
            // The kernel rounds a size up to a power of two pages.
            #expect(size >= 2 * frame && size < 4 * frame, "\(size)")
        } else {
            let limit = try #require(PipeCapacity.systemLimit())
            #expect(size <= limit && size > limit / 2, "\(size) against fs.pipe-max-size \(limit)")
        }
    }

    /// The sizes asked for, largest first: two frames; then, where the system's limit is smaller, the largest power
    /// of two within it (a size the kernel would round past the limit is refused); then 1 MiB, the default limit, unless
    /// a size no larger came before. Small frames ask for two frames alone.
    @Test func theSizesAskedForStepDownToTheSystemsLimit() {
        let frame = 1920 * 1080 * 3 / 2
        #expect(PipeCapacity.sizesToAsk(frame: frame, systemLimit: 1 << 20) == [2 * frame, 1 << 20])
        #expect(PipeCapacity.sizesToAsk(frame: frame, systemLimit: 5_000_000) == [2 * frame, 4 << 20, 1 << 20])
        #expect(PipeCapacity.sizesToAsk(frame: frame, systemLimit: 16 << 20) == [2 * frame, 1 << 20])
        #expect(PipeCapacity.sizesToAsk(frame: frame, systemLimit: nil) == [2 * frame, 1 << 20])
        #expect(PipeCapacity.sizesToAsk(frame: frame, systemLimit: 256 << 10) == [2 * frame, 256 << 10])
        #expect(PipeCapacity.sizesToAsk(frame: 320 * 180 * 4, systemLimit: 1 << 20) == [2 * 320 * 180 * 4])
    }
}
