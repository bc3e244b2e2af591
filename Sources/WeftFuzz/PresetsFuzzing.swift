import Foundation
import WeftCatalog

/// A shader folder's `presets.json`, as `EffectPresets.load` reads it.
enum PresetsFuzzing {
    static func parse(_ bytes: [UInt8]) -> Result<EffectPresets, EffectSetupError> {
        Result { () throws(EffectSetupError) in
            try EffectPresets.parse(Data(bytes), file: "presets.json", baseDirectory: "/nonexistent/weft-fuzz")
        }
    }
}
