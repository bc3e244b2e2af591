/// Exact integer conversions between straight alpha (PNG files) and premultiplied alpha (Weft).
///
/// 8-bit: `premultiply(c, a) = round(c·a/255)`. The quotient is never exactly halfway
/// (c·a would have to be an odd multiple of 127.5), so there is no tie rule to choose.
/// `unpremultiply(p, a) = round(p·255/a)` with halves rounded up, clamped to 255, and 0 when
/// a = 0, so a fully transparent pixel is written as 0,0,0,0.
///
/// Guarantees (checked exhaustively in the tests):
/// - premultiply ∘ unpremultiply is the identity on valid premultiplied pairs (p ≤ a): writing
///   a Weft image to an 8-bit PNG and reading it back gives the same bytes.
/// - unpremultiply ∘ premultiply returns c within the least worst-case error any decoder could
///   achieve for that alpha, for every a ≥ 2 (premultiplication maps a run of about 255/a values
///   of c to one p; the best one can do is the middle of the run). The error is at most
///   ⌊255/(2a) + 1/2⌋: 0 at a = 255, at most 1 for a ≥ 86. At a = 1, p = 0 and p = 1 decode to
///   0 and 255 (keeping black and full intensity exact) rather than the run middles, so the
///   error there reaches 127 where 64 would be possible.
public enum Premultiplication {
    @inlinable
    public static func premultiply(_ c: UInt8, alpha a: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (2 * UInt32(c) * UInt32(a) + 255) / 510)
    }

    @inlinable
    public static func unpremultiply(_ p: UInt8, alpha a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        let c = (510 * UInt32(p) + UInt32(a)) / (2 * UInt32(a))
        return UInt8(truncatingIfNeeded: Swift.min(c, 255))
    }

    /// A 16-bit straight sample with 16-bit alpha to an 8-bit premultiplied sample, rounded once:
    /// round(c·a·255 / 65535²) (never a tie).
    @inlinable
    public static func premultiply16To8(_ c: UInt16, alpha a: UInt16) -> UInt8 {
        let denominator: UInt64 = 65535 * 65535
        let numerator = UInt64(c) * UInt64(a) * 255
        return UInt8(truncatingIfNeeded: (2 * numerator + denominator) / (2 * denominator))
    }

    /// A 16-bit sample (alpha, or an opaque color) to 8 bits: round(v·255/65535) = round(v/257), never a tie.
    @inlinable
    public static func narrow16To8(_ v: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(v) + 128) / 257)
    }

    /// An 8-bit premultiplied sample to a 16-bit straight one: round(p·65535/a), halves up,
    /// clamped to 65535; 0 when a = 0.
    @inlinable
    public static func unpremultiply8To16(_ p: UInt8, alpha a: UInt8) -> UInt16 {
        guard a != 0 else { return 0 }
        let c = (2 * 65535 * UInt32(p) + UInt32(a)) / (2 * UInt32(a))
        return UInt16(truncatingIfNeeded: Swift.min(c, 65535))
    }
}
