import Synchronization
import WeftRuntime

/// The catalog's outlines, parsed once a process and scaled once a size: every symbol of one name and size holds the
/// same path, one buffer, so a screen of symbols parses no outline twice, and covering them (`PathCoverageCache`)
/// finds two equal paths equal by their buffer instead of point by point.
enum SymbolOutlines {
    private struct Scaled: Hashable {
        var name: String
        var scale: UInt32
    }

    private static let parsed = Mutex<[String: Path]>([:])
    /// Scaled outlines of the sizes most recently drawn.
    private static let scaled = Mutex(LRUCache<Scaled, Path>(capacity: 1024))

    /// The outline of the catalog's `name`, parsed from its path data.
    static func outline(named name: String, data: String) throws(SVGPathError) -> Path {
        if let path = parsed.withLock({ $0[name] }) { return path }
        let path = try Path(svgData: data)
        parsed.withLock { $0[name] = path }
        return path
    }

    /// `outline`, the catalog's outline of `name`, scaled by `k` about the origin.
    static func outline(_ outline: Path, named name: String, scaledBy k: Float) -> Path {
        let key = Scaled(name: name, scale: k.bitPattern)
        if let path = scaled.withLock({ $0[key] }) { return path }
        let path = outline.applying(.scaling(SIMD2(k, k)))
        scaled.withLock { $0.insert(path, for: key, cost: 0) }
        return path
    }
}
