import Foundation
import Testing
import Weft
import WeftCatalog
import WeftShaders

/// The pieces under the commands that need no device: device-choice words, presets, argument
/// text and where the stock library is found.

@Test func deviceChoiceFromTheFlag() {
    #expect(DeviceChoice(flag: "cpu") == .cpu)
    #expect(DeviceChoice(flag: "CPU") == .cpu)
    #expect(DeviceChoice(flag: "llvmpipe") == .named("llvmpipe"))
    #expect(DeviceChoice(flag: "") == .automatic)
}

@Test func presetsReadLikeSceneArguments() throws {
    let json = ##"{"a": {"args": {"x": 2, "v": [1, 2], "c": "#ff000080", "t": "$time", "s": ["#ff0000", "#00ff00"]}, "maxSampleOffset": [3, 4]}}"##
    let presets = try EffectPresets.parse(Data(json.utf8), file: "p.json", baseDirectory: "/")
    let a = try #require(presets["a"])
    #expect(a.arguments["x"] == .number(2))
    #expect(a.arguments["v"] == .array([.number(1), .number(2)]))
    #expect(a.arguments["c"] == .string("#ff000080"))
    #expect(a.arguments["t"] == .string("$time"))
    #expect(a.arguments["s"] == .array([.string("#ff0000"), .string("#00ff00")]))
    #expect(a.maxSampleOffset == Size(width: 3, height: 4))
    // Read by type, as a scene's arguments are.
    func read(_ key: String, _ type: ParameterType) throws -> ArgumentValue {
        try ArgumentValue(try #require(a.arguments[key]), for: type) { _ in throw CLI.Failure(message: "no images here") }
    }
    #expect(try read("x", .float) == .number(2))
    #expect(try read("v", .vec2) == .numbers([1, 2]))
    #expect(try read("c", .vec4) == .color(try Color(parsing: "#ff000080")))
    #expect(try read("t", .float) == .binding(.time))
    #expect(try read("s", .colorArray) == .colors([try Color(parsing: "#ff0000"), try Color(parsing: "#00ff00")]))
    #expect(throws: ArgumentConversionError.self) { try read("c", .float) }
}

@Test(arguments: [
    (#"{"a": {"args": {"x": "$nope"}}}"#, "a.args.x"),
    (#"{"a": {"arguments": {}}}"#, "a.arguments"),
    (#"{"a": {"maxSampleOffset": [1]}}"#, "a.maxSampleOffset"),
    (#"{"a": {"maxSampleOffset": [-1, 0]}}"#, "a.maxSampleOffset"),
    (#"{"a": 3}"#, "a"),
    (#"[1]"#, "object"),
    (#"{"a": "#, "JSON"),
])
func badPresetsNameTheirPlace(json: String, place: String) {
    #expect {
        try EffectPresets.parse(Data(json.utf8), file: "p.json", baseDirectory: "/")
    } throws: { error in
        let text = "\(error)"
        return text.hasPrefix("p.json: ") && text.contains(place)
    }
}

@Test func argumentTextIsReadByParameterType() throws {
    let library = try ShaderLibrary(source: """
        [[ stitchable ]]
        vec4 f(vec2 position, vec4 color, float a, vec2 b, vec4 c, ColorArray d, FloatArray e, int g) { return color; }
        """)
    let parameters = try library.function(named: "f").parameters
    func read(_ text: String, _ index: Int) throws -> ArgumentValue {
        try EffectArgumentText.parse(text, for: parameters[index], of: "f")
    }
    #expect(try read("0.5", 0) == .number(0.5))
    #expect(try read(" 200, 160 ", 1) == .numbers([200, 160]))
    #expect(try read("$size", 1) == .binding(.viewSize))
    #expect(try read("#ff8c1a", 2) == .color(try Color(parsing: "#ff8c1a")))
    #expect(try read("1,0.55,0.1,1", 2) == .color(Color(red: 1, green: 0.55, blue: 0.1)))
    #expect(try read("0,0,512,384", 2) == .numbers([0, 0, 512, 384]))
    #expect(try read("#ff0000,#0000ff", 3) == .colors([try Color(parsing: "#ff0000"), try Color(parsing: "#0000ff")]))
    #expect(try read("1,0,0;0,0,1", 3) == .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]))
    #expect(try read("1,2,3", 4) == .numbers([1, 2, 3]))
    #expect(try read("7", 5) == .number(7))
    for (text, index) in [("x", 0), ("1", 1), ("1,2,3", 1), ("#ff", 2), ("1,2", 2), ("$nope", 0), ("#ff0000,#zz0000", 3)] {
        #expect(throws: EffectSetupError.self, "\(text)") { try read(text, index) }
    }
}

@Test func stockShadersAreFoundAboveTheExecutableOrByEnvironment() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("weft-stock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let bin = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: root.appendingPathComponent("Shaders"), withIntermediateDirectories: true)
    try "".write(to: root.appendingPathComponent("Shaders/a.glsl"), atomically: true, encoding: .utf8)
    let executable = bin.appendingPathComponent("weft").path
    #expect(StockShaders.folder(environment: [:], executablePath: executable) == root.appendingPathComponent("Shaders").path)
    #expect(StockShaders.folder(environment: ["WEFT_STOCK_SHADERS": "/somewhere"], executablePath: executable) == "/somewhere")
    #expect(StockShaders.folder(environment: [:], executablePath: "/nonexistent/bin/weft") == nil)
}
