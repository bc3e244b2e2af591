/// Which face to use: a family (or a font file) at a weight, or the system family for a design.
public struct FontRequest: Hashable, Sendable {
    public enum Design: String, Hashable, Sendable, CaseIterable {
        case `default`, rounded, serif, monospaced

        /// The installed family a design maps to (Debian 12: `fonts-inter`, `fonts-dejavu-core`). Debian ships no
        /// rounded sans, so `rounded` is the system sans.
        public var family: String {
            switch self {
            case .default, .rounded: "Inter"
            case .serif: "DejaVu Serif"
            case .monospaced: "DejaVu Sans Mono"
            }
        }
    }

    /// A family name; nil: the design's family.
    public var family: String?
    /// A font file's path, which wins over `family`.
    public var file: String?
    /// CSS weight, 100 (thin) … 900 (black).
    public var weight: Int
    public var design: Design

    public init(family: String? = nil, file: String? = nil, weight: Int = 400, design: Design = .default) {
        self.family = family
        self.file = file
        self.weight = weight
        self.design = design
    }

    /// The family fontconfig is asked for.
    public var familyName: String { family ?? design.family }

    /// The weight on fontconfig's scale (`FC_WEIGHT_*`).
    var fontconfigWeight: Int32 {
        switch weight {
        case ..<150: 0
        case ..<250: 40
        case ..<350: 50
        case ..<450: 80
        case ..<550: 100
        case ..<650: 180
        case ..<750: 200
        case ..<850: 205
        default: 210
        }
    }
}
