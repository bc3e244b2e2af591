import CFontconfig
import CFreeType
import Foundation
import Synchronization
import WeftRuntime

/// The process's fonts: fontconfig finds them, FreeType opens and rasterises them, HarfBuzz shapes with them
/// (`TextShaping.swift`). FreeType faces are not thread-safe, so every use of the C libraries holds `lock`.
public final class FontLibrary: @unchecked Sendable {
    public static let shared = FontLibrary()

    let lock = Mutex<Void>(())
    private var library: FT_Library
    private var faces: [String: FontFace] = [:]
    private var requests: [FontRequest: FontFace] = [:]
    /// The request answered last and its face: a screen's texts ask for a few fonts, one after another.
    private var lastRequest: (request: FontRequest, face: FontFace)?
    private var fallbacks: [Unicode.Scalar: FontFace?] = [:]
    var layouts = LRUCache<TextLayout.Key, TextLayout>(capacity: TextLayout.cacheCapacity)
    /// Glyph coverage kept, the least recently used let go first: every glyph of many screens' texts.
    private var rasters = LRUCache<GlyphKey, GlyphBitmap>(capacity: 65_536)

    /// Counts the layouts made (a text shaped, or broken at a width from its shaping) rather than found kept.
    package final class LayoutCounter: Sendable {
        package let made = Atomic<Int>(0)
        package init() {}
    }
    /// Set on a task (`FontLibrary.$layoutCounter.withValue(counter) { … }`), the counter of its layouts made.
    @TaskLocal package static var layoutCounter: LayoutCounter?

    private init() {
        var library: FT_Library?
        precondition(FT_Init_FreeType(&library) == 0 && library != nil, "FreeType failed to initialise")
        self.library = library!
        FcInit()
    }

    /// The face for `request`: its font file, or the installed face fontconfig matches to its family and weight.
    /// A family that no installed font has is an error (fontconfig would silently substitute another).
    public func face(for request: FontRequest) throws(TextError) -> FontFace {
        return try lock.withLock { _ throws(TextError) in
            if let last = lastRequest, last.request == request { return last.face }
            if let face = requests[request] {
                lastRequest = (request, face)
                return face
            }
            let face: FontFace
            if let file = request.file {
                face = try open(path: file, index: 0)
            } else {
                guard let (path, index) = match(family: request.familyName, weight: request.fontconfigWeight) else {
                    throw .missingFamily(request.familyName, installed: installedFamilies())
                }
                face = try open(path: path, index: index)
            }
            requests[request] = face
            lastRequest = (request, face)
            return face
        }
    }

    /// The face for `request`, or — when its family is not installed — the default design's, with a warning;
    /// `TextError.noFont` when the default design is not installed either (Weft's Debian packages install it).
    public func faceOrFallback(for request: FontRequest) throws(TextError) -> (face: FontFace, warning: TextWarning?) {
        do {
            return (try face(for: request), nil)
        } catch {
            var fallback = request
            fallback.family = nil
            fallback.file = nil
            guard let face = try? face(for: fallback) else { throw .noFont(family: fallback.familyName) }
            return (face, .missingFamily(request.file ?? request.familyName, fallback: face.family))
        }
    }

    /// Installed family names, sorted.
    public func installedFamilies() -> [String] {
        let pattern = FcPatternCreate()
        let objects = FcObjectSetCreate()
        defer { FcPatternDestroy(pattern); FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var names = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            var value: UnsafeMutablePointer<FcChar8>?
            if let font = set.pointee.fonts[i], FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch, let value {
                names.insert(String(cString: value))
            }
        }
        return names.sorted()
    }

    /// Whether `face` has a glyph for `scalar`.
    public func hasGlyph(_ face: FontFace, for scalar: Unicode.Scalar) -> Bool {
        return lock.withLock { _ in
            return FT_Get_Char_Index(face.ftFace, FT_ULong(scalar.value)) != 0
        }
    }

    /// The face's glyph for `scalar` (FreeType's character map), nil when it has none.
    public func glyphIndex(of scalar: Unicode.Scalar, in face: FontFace) -> UInt32? {
        return lock.withLock { _ in
            let index = FT_Get_Char_Index(face.ftFace, FT_ULong(scalar.value))
            return index == 0 ? nil : index
        }
    }

    /// An installed face that has a glyph for `scalar`, of the weight asked; nil when none has. The icon font is for
    /// symbols, not text: a character only it has (its private-use codepoints) stays missing. Caller holds `lock`.
    func fallback(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = fallbacks[scalar] { return known }
        var found: FontFace?
        let pattern = FcPatternCreate()
        let charset = FcCharSetCreate()
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        if let match = FcFontMatch(nil, pattern, &result) {
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            if FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file {
                _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
                if let face = try? open(path: String(cString: file), index: Int(index)), face.family != IconFont.family,
                   FT_Get_Char_Index(face.ftFace, FT_ULong(scalar.value)) != 0 {
                    found = face
                }
            }
            FcPatternDestroy(match)
        }
        FcCharSetDestroy(charset)
        FcPatternDestroy(pattern)
        fallbacks[scalar] = .some(found)
        return found
    }

    /// FreeType's coverage of `key`'s glyph, rasterised once per process.
    public func rasterize(_ key: GlyphKey) -> GlyphBitmap {
        return lock.withLock { _ in
            if let hit = rasters[key] { return hit }
            let face = key.face.ftFace
            var bitmap = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
            // FT_LOAD_TARGET_LIGHT: hinted vertically for the pixel size, horizontal design metrics kept.
            let loadTargetLight: Int32 = 1 << 16
            if FT_Set_Char_Size(face, 0, FT_F26Dot6(key.pixelSize64), 72, 72) == 0,
               FT_Load_Glyph(face, key.glyph, loadTargetLight) == 0,
               FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 {
                let slot = face.pointee.glyph.pointee
                let source = slot.bitmap
                let width = Int(source.width), height = Int(source.rows), pitch = Int(source.pitch)
                var coverage = [UInt8](repeating: 0, count: width * height)
                if let buffer = source.buffer, width > 0, height > 0 {
                    for row in 0..<height {
                        let start = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
                        for column in 0..<width { coverage[row * width + column] = buffer[start + column] }
                    }
                }
                bitmap = GlyphBitmap(width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage)
            }
            rasters[key] = bitmap
            return bitmap
        }
    }

    /// FreeType's own advance of `glyph` at `pixelSize`, unhinted, in pixels (for checking shaping).
    public func advance(of glyph: UInt32, in face: FontFace, pixelSize: Float) -> Float {
        return lock.withLock { _ in
            let noHinting: Int32 = 1 << 1, noScale: Int32 = 1 << 0
            guard FT_Load_Glyph(face.ftFace, glyph, noScale | noHinting) == 0 else { return 0 }
            return Float(face.ftFace.pointee.glyph.pointee.advance.x) * pixelSize / face.unitsPerEm
        }
    }

    // MARK: Caller holds `lock`

    private func open(path: String, index: Int) throws(TextError) -> FontFace {
        let key = "\(path)#\(index)"
        if let face = faces[key] { return face }
        let face = try FontFace(path: path, index: index, library: library)
        faces[key] = face
        return face
    }

    /// The file and face index fontconfig matches to `family` at `weight`, when its match is of that family.
    private func match(family: String, weight: Int32) -> (String, Int)? {
        let pattern = FcPatternCreate()
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var name: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        var same = false
        while FcPatternGetString(match, FC_FAMILY, n, &name) == FcResultMatch, let name {
            if String(cString: name).caseInsensitiveCompare(family) == .orderedSame { same = true }
            n += 1
        }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard same, FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}
