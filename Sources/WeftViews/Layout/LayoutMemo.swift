import WeftText

/// What one view answered to the proposals it was asked: its arrangement and its extent at each. A view's answers
/// depend on nothing but the view (its content is immutable), so they are kept with the view itself, for as long as it
/// lives: every consumer of a frame — planning, matched geometry, geometry sweeps, interpolation, taps at a point — and
/// every later frame that shows the view again reads the same answers, and a view is laid out once per proposal
/// however many ask. Bounded: a view asked at more than `capacity` proposals forgets its oldest answers first.
struct LayoutMemo {
    private struct Entry {
        var proposal: SIMD2<UInt32>
        var arrangement: FrameLayout.Arrangement?
        var extent: Rect?
    }

    /// More proposals than a frame asks one view at (about 30 at most, in stacks nested so deep that every level
    /// overflows the screen: `LayoutScaleTests`), so a frame finds every answer it made, and an animation or a
    /// resizing window keeps the answers of its latest frames.
    static let capacity = 64

    private var entries: [Entry] = []
    /// A text's layout at an unbounded width, which is its layout at every width it fits in (`TextLayout.isLayout`).
    var naturalText: TextLayout?
    /// Where the next answer goes once the memo is full: over the oldest.
    private var oldest = 0

    private static func key(_ proposal: SIMD2<Float>) -> SIMD2<UInt32> { SIMD2(proposal.x.bitPattern, proposal.y.bitPattern) }

    private func index(of proposal: SIMD2<Float>) -> Int? {
        let key = Self.key(proposal)
        return entries.firstIndex { $0.proposal == key }
    }

    func arrangement(at proposal: SIMD2<Float>) -> FrameLayout.Arrangement? {
        index(of: proposal).flatMap { entries[$0].arrangement }
    }

    func extent(at proposal: SIMD2<Float>) -> Rect? {
        index(of: proposal).flatMap { entries[$0].extent }
    }

    mutating func remember(_ arrangement: FrameLayout.Arrangement, at proposal: SIMD2<Float>) {
        if let i = index(of: proposal) { entries[i].arrangement = arrangement } else { add(Entry(proposal: Self.key(proposal), arrangement: arrangement)) }
    }

    mutating func remember(_ extent: Rect, at proposal: SIMD2<Float>) {
        if let i = index(of: proposal) { entries[i].extent = extent } else { add(Entry(proposal: Self.key(proposal), extent: extent)) }
    }

    private mutating func add(_ entry: consuming Entry) {
        // Most views are asked at a few proposals (a stack's two probes and its share): room for them at once.
        if entries.isEmpty { entries.reserveCapacity(4) }
        guard entries.count == Self.capacity else { return entries.append(entry) }
        entries[oldest] = entry
        oldest = (oldest + 1) % Self.capacity
    }
}
