import Foundation
import Synchronization
import Testing
import Weft
import WeftImage
import XCTest

/// Renders `view` (driven by `script`, `time` seconds in) at `size` and compares the frame with the reference PNG
/// `__Snapshots__/<test file>/<name>.png` beside the test: the first run writes the reference; later runs fail when
/// any channel differs by more than `tolerance` 1/255 steps, writing the frame and a difference picture beside it.
/// Works in swift-testing tests (an issue is recorded) and in XCTest ones (`XCTFail`). Renders on `device` (the CPU
/// evaluator unless told: the same pixels on every machine).
public func assertSnapshot<Root: View>(of view: Root, size: Size, time: Double = 0, script: [Interaction<Root>] = [],
                                       environment: EnvironmentValues = EnvironmentValues(), named name: String,
                                       tolerance: Float = 0, device: DeviceChoice = .cpu,
                                       fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: Int = #column) {
    let filePath = "\(file)"
    let failure: String?
    do {
        let context = try SnapshotContexts.shared.context(for: device)
        let timeline = try Timeline(view, size: size, environment: environment, script: script)
        let options = RenderOptions(frame: FrameContext(time: time, index: 0, reduceMotion: environment.accessibilityReduceMotion))
        let pixels = try context.render(timeline.view(at: time, size: size), size: size, options: options).pixels
        failure = try Snapshot(named: name, testFile: filePath, tolerance: tolerance).compare(pixels).failure
    } catch {
        failure = "snapshot \(name) could not be made: \(error)"
    }
    guard let failure else { return }
    if Test.current != nil {
        Issue.record(Comment(rawValue: "snapshot \(name): \(failure)"),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: column))
    } else {
        XCTFail("snapshot \(name): \(failure)", file: file, line: line)
    }
}

/// One render context per device for every snapshot of the process, so kernels compile once.
final class SnapshotContexts: Sendable {
    static let shared = SnapshotContexts()
    private let contexts = Mutex<[DeviceChoice: RenderContext]>([:])

    func context(for device: DeviceChoice) throws -> RenderContext {
        if let hit = contexts.withLock({ $0[device] }) { return hit }
        let made = try RenderContext.make(device: device)
        contexts.withLock { $0[device] = $0[device] ?? made }
        return contexts.withLock { $0[device]! }
    }
}
