import Glibc

/// The folder an output file goes in, made when missing (as `mkdir -p`), so `-o out/x.png`
/// works without `out/`. Checked before any rendering, so a path that can never be written
/// fails at once.
public enum OutputFolder {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let output: String
        public let reason: String
        public var description: String { "\(output): cannot write the output: \(reason)" }
    }

    public static func prepare(for output: String) throws(Failure) {
        var info = stat()
        if stat(output, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(output: output, reason: "it is a folder")
        }
        var folder = ""
        let components = output.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (i, component) in components.enumerated() {
            folder += (i == 0 ? "" : "/") + component
            if component.isEmpty || component == "." || component == ".." { continue }
            if mkdir(folder, 0o755) == 0 { continue }
            let code = errno
            if code == EEXIST, stat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(output: output, reason: "\(folder) is a file, not a folder") }
                continue
            }
            throw Failure(output: output, reason: "cannot create the folder \(folder): \(String(cString: strerror(code)))")
        }
    }
}
