import WeftImage
import WeftText
import WeftViews

/// Text and fonts in scene files (docs/text.md).
extension SceneReader {
    /// `"words"` or `{"string": "words", "font": F, "size": 17, "weight": W, "color": c, "alignment": A, "lineLimit": n}`;
    /// `size` and `weight` alone are shorthands for a system font of that size and weight.
    func text(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Text {
        if case .string(let s) = json { return Text(s) }
        var f = try SceneObject(json, at: path)
        var text = Text(try f.required("string", .string))
        let font = try f.optional("font", font)
        let size = try f.optional("size", .positive)
        let weight = try f.optional("weight", .named("font weight") as SceneValue<Font.Weight>)
        if let color = try f.optional("color", .color) { text.color = color }
        text.alignment = try f.optional("alignment", .named("text alignment"))
        text.lineLimit = try f.optional("lineLimit", Self.lineLimit)
        try f.finish()
        if font != nil && size != nil {
            throw .invalid(path: path.key("size"), message: "'size' is a shorthand for a font without one: give the size inside 'font'")
        }
        text.font = font ?? size.map { Font.system(size: $0) }
        text.weight = weight
        return text
    }

    /// A text style's name (`"headline"`) or `{"size": 48, "weight": "bold", "design": "rounded", "family": "Inter",
    /// "file": "fonts/My.otf", "style": "title"}`: a family must be installed, a file (relative to the scene's folder,
    /// inside the confinement) readable.
    var font: SceneValue<Font> {
        SceneValue { json, path throws(SceneError) in
            if case .string = json { return Font(try SceneValue<Font.TextStyle>.named("text style")(json, at: path)) }
            var f = try SceneObject(json, at: path)
            let style = try f.optional("style", .named("text style") as SceneValue<Font.TextStyle>)
            let size = try f.optional("size", .positive) ?? style?.size
            let weight = try f.optional("weight", .named("font weight")) ?? style?.weight ?? .regular
            let design = try f.optional("design", .named("font design") as SceneValue<Font.Design>) ?? .default
            let family = try f.optional("family", .string)
            let file = try f.optional("file", .string).map { file throws(SceneError) in try readable(file, at: path.key("file")) }
            try f.finish()
            guard let size else { throw .missingKey(path: path, key: "size", alternative: "style") }
            let font = Font(size: size, weight: weight, design: design, family: family, file: file)
            do {
                _ = try FontLibrary.shared.face(for: font.request)
            } catch {
                throw .invalid(path: path.key(file != nil ? "file" : "family"), message: "\(error)")
            }
            return font
        }
    }

    static var lineLimit: SceneValue<Int> {
        SceneValue { json, path throws(SceneError) in
            let n = try SceneValue<Float>.positive(json, at: path)
            guard n == n.rounded(), n < 1_000_000 else { throw .invalid(path: path, message: "a line limit is a whole number of lines") }
            return Int(n)
        }
    }

    /// The environment a container sets for the texts and symbols inside (SwiftUI's `.font`, `.fontWeight`,
    /// `.foregroundStyle`, `.multilineTextAlignment`, `.lineLimit`), as a modifier entry; nil for any other modifier.
    func textEnvironment(_ name: String, _ json: JSONValue, on node: ViewNode, at path: JSONPath) throws(SceneError) -> ViewNode? {
        switch name {
        case "font": try node.font(font(json, at: path)).node
        case "fontWeight": try node.fontWeight(SceneValue<Font.Weight>.named("font weight")(json, at: path)).node
        case "foregroundStyle", "foregroundColor": try node.foregroundStyle(SceneValue<Color>.color(json, at: path)).node
        case "multilineTextAlignment": try node.multilineTextAlignment(SceneValue<TextAlignment>.named("text alignment")(json, at: path)).node
        case "lineLimit": try node.lineLimit(Self.lineLimit(json, at: path)).node
        default: nil
        }
    }
}
