/// GLSL definitions of the `metal::` functions that GLSL lacks or defines differently, for kernels built from a
/// `.metal` file (`MetalTranslator` renames the calls to these). Every name starts with `weftMetal`.
enum MetalPrelude {
    static let floatTypes = ["float", "vec2", "vec3", "vec4"]
    static let intTypes = ["int", "ivec2", "ivec3", "ivec4"]
    static let uintTypes = ["uint", "uvec2", "uvec3", "uvec4"]
    static let boolTypes = ["bool", "bvec2", "bvec3", "bvec4"]

    /// The types `as_type<T>` reinterprets to (and from).
    static let reinterpretableTypes = Set(floatTypes + intTypes + uintTypes)

    static let text: String = {
        var out = ""
        for (n, t) in floatTypes.enumerated() {
            let b = boolTypes[n]
            // C's fmod: the remainder of truncated division, with the sign of x (GLSL's mod floors).
            out += "\(t) weftMetalFmod(\(t) x, \(t) y) { return x - y * trunc(x / y); }\n"
            // Halfway cases away from zero (GLSL leaves them to the implementation).
            out += "\(t) weftMetalRound(\(t) x) { return sign(x) * floor(abs(x) + 0.5); }\n"
            out += "\(t) weftMetalCopysign(\(t) x, \(t) y) { return uintBitsToFloat((floatBitsToUint(x) & 0x7fffffffu) | (floatBitsToUint(y) & 0x80000000u)); }\n"
            out += "\(t) weftMetalLog10(\(t) x) { return log2(x) * 0.301029995663981195; }\n"
            out += "\(t) weftMetalExp10(\(t) x) { return exp2(x * 3.32192809488736234787); }\n"
            out += "float weftMetalLengthSquared(\(t) x) { return dot(x, x); }\n"
            out += "float weftMetalDistanceSquared(\(t) x, \(t) y) { return dot(x - y, x - y); }\n"
            let infinity = n == 0 ? "uintBitsToFloat(0x7f800000u)" : "\(t)(uintBitsToFloat(0x7f800000u))"
            out += n == 0 ? "bool weftMetalIsfinite(float x) { return abs(x) < \(infinity); }\n"
                          : "\(b) weftMetalIsfinite(\(t) x) { return lessThan(abs(x), \(infinity)); }\n"
        }
        for types in [floatTypes, intTypes, uintTypes] {
            for (n, t) in types.enumerated() {
                out += "\(t) weftMetalMin3(\(t) x, \(t) y, \(t) z) { return min(min(x, y), z); }\n"
                out += "\(t) weftMetalMax3(\(t) x, \(t) y, \(t) z) { return max(max(x, y), z); }\n"
                out += "\(t) weftMetalMedian3(\(t) x, \(t) y, \(t) z) { return max(min(x, y), min(max(x, y), z)); }\n"
                // select(a, b, c): b where c is true, else a.
                out += "\(t) weftMetalSelect(\(t) a, \(t) b, bool c) { return c ? b : a; }\n"
                if n > 0 { out += "\(t) weftMetalSelect(\(t) a, \(t) b, \(boolTypes[n]) c) { return mix(a, b, c); }\n" }
            }
        }
        // as_type<T>(x): the same bits as another 32-bit type.
        for n in 0..<4 {
            let f = floatTypes[n], i = intTypes[n], u = uintTypes[n]
            out += "\(u) weftMetalAs_\(u)(\(f) x) { return floatBitsToUint(x); }\n"
            out += "\(u) weftMetalAs_\(u)(\(i) x) { return \(u)(x); }\n"
            out += "\(u) weftMetalAs_\(u)(\(u) x) { return x; }\n"
            out += "\(i) weftMetalAs_\(i)(\(f) x) { return floatBitsToInt(x); }\n"
            out += "\(i) weftMetalAs_\(i)(\(u) x) { return \(i)(x); }\n"
            out += "\(i) weftMetalAs_\(i)(\(i) x) { return x; }\n"
            out += "\(f) weftMetalAs_\(f)(\(u) x) { return uintBitsToFloat(x); }\n"
            out += "\(f) weftMetalAs_\(f)(\(i) x) { return intBitsToFloat(x); }\n"
            out += "\(f) weftMetalAs_\(f)(\(f) x) { return x; }\n"
        }
        return out
    }()
}
