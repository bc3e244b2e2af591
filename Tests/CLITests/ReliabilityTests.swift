import Foundation
import Testing

/// `weft render` on a fresh home, with damaged or unwritable caches, and with runaway shaders
/// on both devices: the real binary, with a guard that kills it if it ever hangs.
@Suite struct ReliabilityTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The devices to run on: the CPU evaluator, and lavapipe when Vulkan is there.
    static var devices: [String] { CLI.hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"] }

    /// `weft ARGUMENTS` under a guard that kills it after `limit` seconds (`CLI.Run.killed`).
    func weft(_ arguments: [String], environment: [String: String?], limit: Double = 300) throws -> CLI.Run {
        try CLI.guardedWeft(arguments, environment: environment, killAfter: limit)
    }

    /// Writes a shader file and returns its path.
    func shader(_ name: String, _ source: String) throws -> String {
        let file = path("\(name).glsl")
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    // MARK: Runaway shaders

    /// Lavapipe stops a loop after 65535 iterations per invocation; 65535 for each of the
    /// pattern's 196608 pixels still runs far past the timeout.
    static let endless = """
    [[ stitchable ]]
    vec4 spin(vec2 position, vec4 color, float amount) {
        float x = amount + 1.0;
        while (true) { x = x * 0.5 + 1.0; if (x < 0.0) break; }
        return color * min(x, 1.0);
    }
    """

    static let billion = """
    [[ stitchable ]]
    vec4 billion(vec2 position, vec4 color, float amount) {
        float x = amount;
        for (int i = 0; i < 1000; i++) { for (int j = 0; j < 1000; j++) { for (int k = 0; k < 1000; k++) { x = fract(x * 1.5 + 0.25); } } }
        return vec4(color.rgb * x, color.a);
    }
    """

    @Test(arguments: devices)
    func runawayEffectsFailWithANamedError(device: String) throws {
        for (name, source) in [("spin", Self.endless), ("billion", Self.billion)] {
            let file = try shader(name, source)
            let output = path("\(name)-\(device).png")
            let result = try weft(["render", CLI.pattern, "--shaders", file, "--effect", name, "--arg", "amount=0.5",
                                   "--device", device, "-o", output],
                                  environment: ["WEFT_CPU_BUDGET": "20000", "WEFT_GPU_TIMEOUT": "2"])
            #expect(!result.killed, "weft render hung: \(result)")
            #expect(result.status == 1, "\(result)")
            if device == "cpu" {
                #expect(result.stderr.contains("kernel '\(name)' stopped: it ran past the CPU evaluator's instruction budget of 20000"),
                        "\(result)")
            } else {
                #expect(result.stderr.contains("the Vulkan device did not finish") && result.stderr.contains("'\(name)'")
                        && result.stderr.contains("within 2 s"),
                        "\(result)")
            }
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test(arguments: ["WEFT_CPU_BUDGET=0", "WEFT_CPU_BUDGET=lots", "WEFT_GPU_TIMEOUT=-1", "WEFT_GPU_TIMEOUT=soon"])
    func invalidLimitsAreNamed(setting: String) throws {
        let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
        let result = try weft(["render", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--device", "cpu", "-o", path("x.png")],
                              environment: [parts[0]: parts[1]])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("weft render: \(setting) is not "), "\(result)")
    }

    // MARK: Caches

    func renderTint(device: String, output: String, environment: [String: String?]) throws -> CLI.Run {
        try weft(["render", CLI.pattern, "--effect", "radialTint", "--arg", "center=200,160", "--arg", "radius=220",
                  "--arg", "tint=#ff8c1a", "--device", device, "-o", output], environment: environment)
    }

    /// An empty home, no XDG_CACHE_HOME, every validation message down to info printed: the first
    /// run and the next say nothing on standard error and render the same image.
    @Test(arguments: devices)
    func freshHomeRunsQuietly(device: String) throws {
        let home = CLI.temporaryDirectory().path
        let environment: [String: String?] = ["HOME": home, "XDG_CACHE_HOME": nil, "WEFT_VALIDATION": "info"]
        let first = try renderTint(device: device, output: path("fresh-1-\(device).png"), environment: environment)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(FileManager.default.fileExists(atPath: home + "/.cache/weft"))
        let second = try renderTint(device: device, output: path("fresh-2-\(device).png"), environment: environment)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
        #expect(FileManager.default.contents(atPath: path("fresh-1-\(device).png")) == FileManager.default.contents(atPath: path("fresh-2-\(device).png")))
    }

    /// Every cache file damaged (one byte flipped, the rest intact), then a cache "directory" that
    /// is a regular file: the renders succeed, silently, with the same pixels.
    @Test(arguments: devices)
    func damagedAndUnwritableCachesAreQuiet(device: String) throws {
        let cache = CLI.temporaryDirectory().path
        let clean = try renderTint(device: device, output: path("clean-\(device).png"), environment: ["XDG_CACHE_HOME": cache])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean)")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/weft")
        #expect(!files.isEmpty)
        for file in files {
            let url = URL(fileURLWithPath: cache + "/weft/" + file)
            var data = try Data(contentsOf: url)
            data[data.count - 1] ^= 0x10
            try data.write(to: url)
        }
        let damaged = try renderTint(device: device, output: path("damaged-\(device).png"),
                                     environment: ["XDG_CACHE_HOME": cache, "WEFT_VALIDATION": "info"])
        #expect(damaged.status == 0 && damaged.stderr.isEmpty, "\(damaged)")

        let notADirectory = path("cache-file-\(device)")
        try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
        let unwritable = try renderTint(device: device, output: path("unwritable-\(device).png"),
                                        environment: ["XDG_CACHE_HOME": notADirectory, "WEFT_VALIDATION": "info"])
        // Mesa's own shader cache (lavapipe's) also lives in XDG_CACHE_HOME and says once that it
        // cannot; Weft says nothing.
        let said = unwritable.stderr.split(separator: "\n").filter { !$0.hasSuffix("for shader cache (not a directory)---disabling.") }
        #expect(unwritable.status == 0 && said.isEmpty, "\(unwritable)")

        let reference = FileManager.default.contents(atPath: path("clean-\(device).png"))
        #expect(reference != nil)
        #expect(FileManager.default.contents(atPath: path("damaged-\(device).png")) == reference)
        #expect(FileManager.default.contents(atPath: path("unwritable-\(device).png")) == reference)
    }
}
