/// The files a scene's JSON names, found without opening them: the top level's `"shaders"` folders, every image view
/// (`"image": "file"` or `{"path": …}`) and every effect argument that may name an image (a string in `"args"` that
/// is not an engine binding `$…` or a hex color: `namesImage`).
struct SceneReferences {
    private(set) var shaderFolders: [String] = []
    private(set) var imageFiles: [String] = []
    private let baseDirectory: String

    init(in json: JSONValue, baseDirectory: String) {
        self.baseDirectory = baseDirectory
        if case .object(let top) = json, case .array(let folders)? = top["shaders"] {
            for case .string(let folder) in folders { shaderFolders.append(resolved(folder)) }
        }
        visit(json)
    }

    private func resolved(_ file: String) -> String { file.hasPrefix("/") ? file : baseDirectory + "/" + file }

    private mutating func addImage(_ file: String) {
        let file = resolved(file)
        if !imageFiles.contains(file) { imageFiles.append(file) }
    }

    private mutating func visit(_ json: JSONValue) {
        switch json {
        case .object(let members):
            // The members that may name a file, in key order (so that files are listed in one order, however the text
            // orders them); most members of a scene are numbers and strings that name none, and are not sorted.
            let naming = members.lazy.filter(Self.mayNameFile)
            if naming.count > 1 {
                for member in naming.sorted(by: { $0.key < $1.key }) { visit(member) }
            } else {
                for member in naming { visit(member) }
            }
        case .array(let items):
            for item in items { visit(item) }
        default:
            break
        }
    }

    private static func mayNameFile(_ member: JSONObject.Element) -> Bool {
        switch member.value {
        case .object, .array: true
        case .string: member.key == "image"
        default: false
        }
    }

    private mutating func visit(_ member: JSONObject.Element) {
        switch member {
        case ("image", .string(let file)):
            addImage(file)
        case ("image", .object(let image)):
            if case .string(let file)? = image["path"] { addImage(file) }
        case ("args", .object(let arguments)):
            for (_, argument) in arguments.sorted(by: { $0.key < $1.key }) {
                if case .string(let text) = argument, Self.namesImage(text) { addImage(text) }
            }
        default:
            visit(member.value)
        }
    }

    /// Whether an argument's string may be an image file: it is one only for an `Image` parameter, which the JSON alone
    /// does not tell, so every string that is not an engine binding or a hex color is listed (a color name too).
    static func namesImage(_ text: String) -> Bool {
        !text.hasPrefix("$") && !text.hasPrefix("#")
    }
}
