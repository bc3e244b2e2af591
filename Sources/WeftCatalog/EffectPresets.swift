import Foundation
import Weft
import WeftImage
import WeftRuntime
import WeftScene
import WeftShaders

/// Arguments that show an effect well, from a library's `presets.json`:
/// `{"radialTint": {"args": {"center": [256, 192], …}, "maxSampleOffset": [0, 0]}, …}`.
/// Argument values are written as in scene files (docs/scenes.md) and converted the same way, by their parameter's
/// type, when the effect is bound (`EffectCatalog`).
public struct EffectPreset: Sendable {
    public var arguments: [String: WrittenArgument]
    /// For layer and distortion effects.
    public var maxSampleOffset: Size?
}

public struct EffectPresets: Sendable {
    public var presets: [String: EffectPreset]
    /// The file they came from (for messages); nil when the folder has none.
    public var file: String?
    /// The folder image arguments' relative paths are read from.
    public var baseDirectory: String

    public init(presets: [String: EffectPreset] = [:], file: String? = nil, baseDirectory: String = ".") {
        self.presets = presets
        self.file = file
        self.baseDirectory = baseDirectory
    }

    public subscript(effect: String) -> EffectPreset? { presets[effect] }

    /// The presets of a shader folder; none when it has no `presets.json`.
    public static func load(folder: String) throws(EffectSetupError) -> EffectPresets {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return EffectPresets() }
        let file = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + StockShaders.presetsFileName
        let data: Data
        switch FileBytes.read(path: file, maxBytes: Scene.maxFileBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.notFound): return EffectPresets()
        case .failure(.failed(let reason)): throw .invalidPresets(file: file, message: "cannot read the file: \(reason)")
        case .failure(.longerThan(let limit)):
            throw .invalidPresets(file: file, message: "larger than \(limit / (1 << 20)) MiB, the most a presets file may be")
        }
        return try parse(data, file: file, baseDirectory: folder)
    }

    /// Reads presets as a scene file is read: nesting deeper than a scene may is refused by a scan of the bytes,
    /// before the decoder recurses into it.
    public static func parse(_ data: Data, file: String, baseDirectory: String) throws(EffectSetupError) -> EffectPresets {
        if let path = data.withUnsafeBytes({ JSONNesting.firstTooDeep(in: $0) }) {
            throw .invalidPresets(file: file, message: "\(path): nested more than \(JSONNesting.maxDepth) arrays and objects deep, the most a presets file may")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw .invalidPresets(file: file, message: "not valid JSON: \(JSONSyntax.describe(error, in: data))")
        }
        guard case .object(let effects) = json else { throw .invalidPresets(file: file, message: "expected an object of effect names") }
        var presets: [String: EffectPreset] = [:]
        for (name, entry) in effects {
            let path = JSONPath("").key(name)
            guard case .object(let fields) = entry else {
                throw .invalidPresets(file: file, message: "\(path): expected an object with \"args\" and \"maxSampleOffset\"")
            }
            for key in fields.keys.sorted() where key != "args" && key != "maxSampleOffset" {
                throw .invalidPresets(file: file, message: "\(path.key(key)): unknown key '\(key)' (allowed: args, maxSampleOffset)")
            }
            var arguments: [String: WrittenArgument] = [:]
            if let args = fields["args"] {
                guard case .object(let list) = args else { throw .invalidPresets(file: file, message: "\(path.key("args")): expected an object") }
                for (key, value) in list {
                    do {
                        arguments[key] = try WrittenArgument(json: value, at: path.key("args").key(key))
                    } catch {
                        throw .invalidPresets(file: file, message: error.description)
                    }
                }
            }
            var offset: Size?
            if let m = fields["maxSampleOffset"] {
                guard case .array(let items) = m, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1],
                      let checked = SampleOffset(x: x, y: y) else {
                    throw .invalidPresets(file: file, message: "\(path.key("maxSampleOffset")): expected [x, y], two finite numbers ≥ 0")
                }
                offset = Size(width: checked.x, height: checked.y)
            }
            presets[name] = EffectPreset(arguments: arguments, maxSampleOffset: offset)
        }
        return EffectPresets(presets: presets, file: file, baseDirectory: baseDirectory)
    }
}
