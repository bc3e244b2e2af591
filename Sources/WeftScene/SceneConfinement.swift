import Foundation

/// The folder a scene from someone else may read from (`--confine DIR`): every image, shader folder and shader file,
/// and font file the scene names must resolve, symbolic links followed, to a path inside it. A path outside is
/// refused before it is opened, with the same words whether or not anything is there, so a scene cannot read or probe
/// the rest of the machine.
public struct SceneConfinement: Sendable, Hashable {
    /// The folder with every link resolved.
    public let folder: String

    /// Confinement to `folder`; nil when it is not an existing folder.
    public init?(folder: String) {
        var isFolder: ObjCBool = false
        guard let real = Self.realPath(folder), FileManager.default.fileExists(atPath: real, isDirectory: &isFolder),
              isFolder.boolValue else { return nil }
        self.folder = real
    }

    /// Whether `file` (absolute, or relative to the working folder) lies inside the folder once its links are followed.
    /// A path that leaves the folder as written is refused without touching the file system. Inside it, the longest
    /// part of the path that exists is resolved and the rest appended; a part that exists but cannot be resolved (a
    /// dangling link, a folder not readable) is refused.
    public func contains(_ file: String) -> Bool {
        let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        guard isInside(Self.lexical(absolute)) else { return false }
        var existing = absolute
        var rest: [String] = []
        while true {
            if let real = Self.realPath(existing) {
                return isInside(Self.lexical(([real] + rest).joined(separator: "/")))
            }
            var status = stat()
            if lstat(existing, &status) == 0 { return false }
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return false }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = parent
        }
    }

    private func isInside(_ path: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `path` with `.`, `..` and repeated slashes removed as written (no link followed).
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
