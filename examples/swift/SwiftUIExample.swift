import Foundation
import Weft

/// A view as SwiftUI writes it: state, a button that changes it inside `withAnimation`.
struct Mover: View {
    @State private var atEnd = false

    var body: some View {
        VStack(spacing: 0) {
            Color.orange.frame(width: 20, height: 20)
                .frame(maxWidth: .infinity, alignment: atEnd ? .trailing : .leading)
            Button("Go") {
                withAnimation(.easeInOut(duration: 1)) { atEnd.toggle() }
            }
        }
    }
}

/// `Mover` tapped at 0.5 s, rendered from its start to the end of its animation at 30 frames a second: PNG frames
/// `mover-00.png`… and `mover.mp4` in `folder` (the video only where ffmpeg is installed). Returns what it wrote.
func renderMover(context: RenderContext, folder: String) throws -> [String] {
    let size = Size(width: 200, height: 60)
    let timeline = try Timeline(Mover(), size: size, script: [.tap(label: "Go", at: 0.5)])
    let scene = Scene(timeline: timeline, size: size, background: .white)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let frames = try context.renderSequence(scene, fps: 30, to: "\(folder)/mover-%02d.png")
    var written = ["\(folder)/mover-%02d.png: \(frames.written) frames"]
    do {
        _ = try context.renderSequence(scene, fps: 30, to: "\(folder)/mover.mp4")
        written.append("\(folder)/mover.mp4")
    } catch {
        written.append("no video: \(error)")
    }
    return written
}
