import Foundation
import WeftShaders

/// Where the stock effect library (`Shaders/` of the Weft checkout, with its `presets.json`) and
/// the example scenes are, for tools that run outside the checkout.
public enum StockShaders {
    /// Overrides the search: a folder of stock `.glsl` files.
    public static let environmentVariable = "WEFT_STOCK_SHADERS"
    /// The file of every stock effect's gallery arguments, inside the stock folder.
    public static let presetsFileName = "presets.json"

    /// The stock folder: `$WEFT_STOCK_SHADERS` when set, else the first `Shaders/` (holding
    /// `.glsl` files) in a folder above the running executable — `.build/<triple>/debug/weft`
    /// finds the checkout's — or its `share/weft/Shaders`. Nil when none exists.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executablePath: String? = Self.executablePath) -> String? {
        if let set = environment[environmentVariable], !set.isEmpty { return set }
        guard let executablePath else { return nil }
        var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            for candidate in [directory.appendingPathComponent("Shaders"), directory.appendingPathComponent("share/weft/Shaders")]
                where containsShaders(candidate.path) {
                return candidate.path
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The folder holding the stock folder (the checkout), where `examples/` lies.
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executablePath: String? = Self.executablePath) -> String? {
        folder(environment: environment, executablePath: executablePath).map {
            URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path
        }
    }

    /// The running executable (Linux: `/proc/self/exe`).
    public static var executablePath: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    static func containsShaders(_ path: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { ShaderLibrary.isShaderFile($0) }
    }
}
