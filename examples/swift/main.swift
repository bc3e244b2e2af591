// A program that uses the Weft library as a third party would: the Swift example of README.md,
// with its paths and device taken from the command line.
//
//     weft-example [--device NAME|cpu] [SHADERS INPUT.png OUTPUT.png]
//     weft-example [--device NAME|cpu] --swiftui FOLDER
//
// Defaults: Shaders, examples/images/test-pattern.png and out/tinted.png, the automatic device
// (or $WEFT_DEVICE). Renders the input through the stock radialTint, tinted orange, and writes a PNG.
// With --swiftui: a view written as SwiftUI writes it (SwiftUIExample.swift), tapped by a script, as PNG
// frames and an MP4 in FOLDER.
import Foundation
import Weft

var arguments = Array(CommandLine.arguments.dropFirst())
var device = DeviceChoice(flag: nil)
if let i = arguments.firstIndex(of: "--device") {
    guard i + 1 < arguments.count else {
        FileHandle.standardError.write(Data("weft-example: --device needs NAME or cpu\n".utf8))
        exit(2)
    }
    device = DeviceChoice(flag: arguments[i + 1])
    arguments.removeSubrange(i...(i + 1))
}
if let i = arguments.firstIndex(of: "--swiftui") {
    guard i + 1 < arguments.count, arguments.count == 2 else {
        FileHandle.standardError.write(Data("usage: weft-example [--device NAME|cpu] --swiftui FOLDER\n".utf8))
        exit(2)
    }
    do {
        let context = try RenderContext.make(device: device) { notice in
            FileHandle.standardError.write(Data((notice + "\n").utf8))
        }
        for line in try renderMover(context: context, folder: arguments[i + 1]) { print(line) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("weft-example: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.isEmpty || arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: weft-example [--device NAME|cpu] [SHADERS INPUT.png OUTPUT.png | --swiftui FOLDER]\n".utf8))
    exit(2)
}
let shaders = arguments.first ?? "Shaders"
let input = arguments.count == 3 ? arguments[1] : "examples/images/test-pattern.png"
let output = arguments.count == 3 ? arguments[2] : "out/tinted.png"

do {
    let library = try ShaderLibrary(url: URL(fileURLWithPath: shaders))
    let tint = try library.radialTint(.float2(200, 160), .float(220), .color(.orange))
    let context = try RenderContext.make(device: device) { notice in
        FileHandle.standardError.write(Data((notice + "\n").utf8))
    }
    let view = try Image(contentsOfFile: input).colorEffect(tint)
    let rendering = try context.render(view, size: Size(width: 512, height: 384))
    try FileManager.default.createDirectory(at: URL(fileURLWithPath: output).deletingLastPathComponent(),
                                            withIntermediateDirectories: true)
    try PNGFile.write(rendering.pixels, to: output)
    print("\(output): \(rendering.pixels.width)x\(rendering.pixels.height), \(context.executor.device.name)")
} catch {
    FileHandle.standardError.write(Data("weft-example: \(error)\n".utf8))
    exit(1)
}
