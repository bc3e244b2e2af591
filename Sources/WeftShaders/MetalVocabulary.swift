/// The Metal Shading Language names `MetalTranslator` knows: types, functions, constants, keywords, and the GLSL
/// words a Metal author may have used as names.
enum MetalVocabulary {
    /// The GLSL spelling of a Metal scalar, vector or matrix type; nil for names that are not such a type.
    static func glslType(_ name: String) -> String? {
        switch name {
        case "float", "int", "uint", "bool", "void": return name
        case "half": return "float"
        case "short", "char", "int32_t", "int16_t", "int8_t": return "int"
        case "ushort", "uchar", "uint32_t", "uint16_t", "uint8_t", "size_t": return "uint"
        default: break
        }
        let scalars: [(prefix: String, vector: String)] = [
            ("float", "vec"), ("half", "vec"), ("packed_float", "vec"), ("packed_half", "vec"),
            ("int", "ivec"), ("short", "ivec"), ("char", "ivec"),
            ("uint", "uvec"), ("ushort", "uvec"), ("uchar", "uvec"), ("bool", "bvec"),
        ]
        for (prefix, vector) in scalars where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.count == 1, let n = Int(rest), (2...4).contains(n) { return "\(vector)\(n)" }
            if vector == "vec", rest.count == 3, rest.dropFirst().first == "x",
               let columns = Int(rest.prefix(1)), let rows = Int(rest.suffix(1)), (2...4).contains(columns), (2...4).contains(rows) {
                return columns == rows ? "mat\(columns)" : "mat\(columns)x\(rows)"
            }
        }
        return nil
    }

    /// Metal functions spelled differently in GLSL, or defined by `MetalPrelude`.
    static let functions: [String: String] = [
        "atan2": "atan", "rsqrt": "inversesqrt", "fmin": "min", "fmax": "max", "fabs": "abs", "powr": "pow",
        "dfdx": "dFdx", "dfdy": "dFdy", "rint": "roundEven",
        "fmod": "weftMetalFmod", "select": "weftMetalSelect", "round": "weftMetalRound", "copysign": "weftMetalCopysign",
        "log10": "weftMetalLog10", "exp10": "weftMetalExp10", "length_squared": "weftMetalLengthSquared",
        "distance_squared": "weftMetalDistanceSquared", "isfinite": "weftMetalIsfinite",
        "min3": "weftMetalMin3", "max3": "weftMetalMax3", "median3": "weftMetalMedian3",
    ]

    /// `<metal_math>`'s and `<metal_types>`'s constants, as literals.
    static let constants: [String: String] = {
        let values: [(String, String)] = [
            ("M_E", "2.71828182845904523536"), ("M_LOG2E", "1.44269504088896340736"), ("M_LOG10E", "0.434294481903251827651"),
            ("M_LN2", "0.693147180559945309417"), ("M_LN10", "2.30258509299404568402"), ("M_PI", "3.14159265358979323846"),
            ("M_PI_2", "1.57079632679489661923"), ("M_PI_4", "0.785398163397448309616"), ("M_1_PI", "0.318309886183790671538"),
            ("M_2_PI", "0.636619772367581343076"), ("M_2_SQRTPI", "1.12837916709551257390"), ("M_SQRT2", "1.41421356237309504880"),
            ("M_SQRT1_2", "0.707106781186547524401"),
        ]
        var table = [String: String]()
        for (name, value) in values {
            table[name + "_F"] = value
            table[name + "_H"] = value
        }
        table["MAXFLOAT"] = "3.402823466e+38"
        table["FLT_MAX"] = "3.402823466e+38"
        table["FLT_MIN"] = "1.175494351e-38"
        table["FLT_EPSILON"] = "1.1920928955078125e-7"
        table["HALF_MAX"] = "65504.0"
        table["HALF_MIN"] = "6.103515625e-05"
        table["HALF_EPSILON"] = "0.0009765625"
        table["INFINITY"] = "uintBitsToFloat(0x7f800000u)"
        table["NAN"] = "uintBitsToFloat(0x7fc00000u)"
        table["INT_MAX"] = "2147483647"
        return table
    }()

    /// Namespaces whose qualifier is dropped: `metal::mix`, `metal::fast::sin`, `SwiftUI::Layer`.
    static let namespaces: Set<String> = ["metal", "SwiftUI", "fast", "precise"]

    /// Headers an `#include` may name; the translation drops the line (GLSL has what they declare).
    static let headers: Set<String> = ["metal_stdlib", "SwiftUI/SwiftUI_Metal.h", "SwiftUI/SwiftUI.h", "metal_math",
                                       "metal_common", "metal_geometric", "metal_relational", "simd/simd.h"]

    static let addressSpaces: Set<String> = ["device", "constant", "thread", "threadgroup", "threadgroup_imageblock",
                                             "ray_data", "object_data"]

    static func isTextureType(_ name: String) -> Bool {
        name.hasPrefix("texture") || name.hasPrefix("depth2d") || name.hasPrefix("depthcube")
            || name == "sampler" || name == "texture_buffer" || name == "imageblock"
    }

    /// C++ that Weft's Metal subset does not take, with what to write instead.
    static let unsupportedKeywords: [String: String] = [
        "template": "templates are not supported; write one function per type",
        "namespace": "namespaces are not supported; declare at file scope",
        "class": "classes are not supported; use a struct of plain members",
        "operator": "operator overloading is not supported; write a function",
        "typedef": "typedef is not supported; write the type itself",
        "auto": "auto is not supported; write the type",
        "enum": "enums are not supported; use constexpr int constants",
        "union": "unions are not supported",
        "virtual": "virtual functions are not supported",
        "new": "allocation is not supported",
        "delete": "allocation is not supported",
        "this": "member functions are not supported; write a free function",
        "nullptr": "pointers are not supported",
        "decltype": "decltype is not supported; write the type",
        "sincos": "sincos is not supported (it returns through a reference); call sin and cos",
        "modf": "modf is not supported (it returns through a reference); use fract and trunc",
        "frexp": "frexp is not supported (it returns through a reference)",
        "discard_fragment": "discard_fragment is not supported: a stitchable function returns a value for every pixel",
        "reinterpret_cast": "reinterpret_cast is not supported; use as_type<T>(x)",
    ]

    /// GLSL keywords and reserved words (and Weft prelude type names) that are plain names in Metal; a Metal name
    /// spelled like one is renamed `weftMetal_<name>` in the translation.
    static let glslReserved: Set<String> = [
        "input", "output", "sample", "filter", "common", "partition", "active", "buffer", "shared", "smooth", "flat",
        "patch", "subroutine", "uniform", "in", "out", "inout", "attribute", "varying", "layout", "centroid",
        "invariant", "coherent", "volatile", "restrict", "readonly", "writeonly", "resource", "noperspective", "lowp",
        "mediump", "highp", "precision", "superp", "packed", "goto", "cast", "fixed", "sizeof", "external", "interface",
        "long", "asm", "noinline", "public", "extern", "discard", "double", "dvec2", "dvec3", "dvec4", "hvec2", "hvec3",
        "hvec4", "fvec2", "fvec3", "fvec4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "uvec2", "uvec3", "uvec4",
        "bvec2", "bvec3", "bvec4", "mat2", "mat3", "mat4", "dmat2", "dmat3", "dmat4", "image1D", "image2D", "image3D",
        "sampler2D", "sampler3D", "samplerCube", "atomic_uint", "Image", "FloatArray", "ColorArray", "sampleLayer",
        "floatAt", "colorAt", "sampleImage", "imageExtent", "demote",
    ]
}
