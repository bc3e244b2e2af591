import Foundation
import WeftRuntime

/// How a plan takes the values of a later frame that lowered to the same structure (`PlanBuilder.sameStructure`): the
/// argument and array bytes of each lowered pass are copied to where the plan's provenance says they went
/// (`ValueProvenance`). Made once per rewritten plan, from its passes' provenance in the plan's order.
struct PlanRebinding {
    enum Outcome { case unchanged, rebound }

    private struct Copy {
        var planPass: Int
        var into: ValueProvenance.Buffer
        var at: Int
        var from: Int
        var count: Int
    }

    /// By lowered pass: the copies out of its argument block, and out of its array buffer.
    private var copies: [(arguments: [Copy], arrayData: [Copy])]
    /// By lowered pass, by byte of its argument block and of its array buffer: whether a new value there can be rebound
    /// (some run copies it, and no computed run was made from it).
    private var rebindable: [(arguments: [Bool], arrayData: [Bool])]

    /// Where a pass of the plan has no provenance, no value is rebound: the plan runs again only for a frame whose
    /// values are unchanged.
    init(provenance: [ValueProvenance?], lowered: [PlannedPass]) {
        copies = Array(repeating: ([], []), count: lowered.count)
        var copied = lowered.map { ([Bool](repeating: false, count: $0.pass.arguments.count), [Bool](repeating: false, count: 4 * $0.pass.arrayData.count)) }
        var read = copied
        func mark(_ marks: inout [([Bool], [Bool])], _ pass: Int, _ buffer: ValueProvenance.Buffer, _ range: Range<Int>) {
            switch buffer {
            case .arguments: for b in range { marks[pass].0[b] = true }
            case .arrayData: for b in range { marks[pass].1[b] = true }
            }
        }
        let entries = provenance.allSatisfy { $0 != nil } ? provenance.compactMap { $0 } : []
        for (k, entry) in entries.enumerated() {
            for (into, runs) in [(ValueProvenance.Buffer.arguments, entry.arguments), (.arrayData, entry.arrayData)] {
                var at = 0
                for run in runs {
                    switch run.source {
                    case .copied(let pass, let buffer, let offset):
                        let copy = Copy(planPass: k, into: into, at: at, from: offset, count: run.count)
                        switch buffer {
                        case .arguments: copies[pass].arguments.append(copy)
                        case .arrayData: copies[pass].arrayData.append(copy)
                        }
                        mark(&copied, pass, buffer, offset ..< offset + run.count)
                    case .computed(let reading):
                        for span in reading { mark(&read, span.pass, span.buffer, span.offset ..< span.offset + span.count) }
                    }
                    at += run.count
                }
            }
        }
        rebindable = zip(copied, read).map { copied, read in
            (zip(copied.0, read.0).map { $0 && !$1 }, zip(copied.1, read.1).map { $0 && !$1 })
        }
    }

    /// Writes the values of `next` (lowered to the same structure as `previous`, whose values `plan` holds) into `plan`:
    /// `.unchanged` when no value changed, nil (and `plan` untouched) when one that changed cannot be rebound.
    func rebind(_ plan: inout RenderPlan, from previous: [PlannedPass], to next: [PlannedPass]) -> Outcome? {
        var changed: [(pass: Int, buffer: ValueProvenance.Buffer)] = []
        for i in next.indices {
            let (old, new) = (previous[i].pass, next[i].pass)
            if old.arguments != new.arguments {
                guard Self.differences(old.arguments, new.arguments, allIn: rebindable[i].arguments) else { return nil }
                changed.append((i, .arguments))
            }
            let same = old.arrayData.withUnsafeBytes { a in new.arrayData.withUnsafeBytes { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
            if !same {
                let fits = old.arrayData.withUnsafeBytes { a in
                    new.arrayData.withUnsafeBytes { b in Self.differences(a, b, allIn: rebindable[i].arrayData) }
                }
                guard fits else { return nil }
                changed.append((i, .arrayData))
            }
        }
        guard !changed.isEmpty else { return .unchanged }
        for (i, buffer) in changed {
            let source = next[i].pass
            switch buffer {
            case .arguments: source.arguments.withUnsafeBytes { Self.apply(copies[i].arguments, from: $0, to: &plan) }
            case .arrayData: source.arrayData.withUnsafeBytes { Self.apply(copies[i].arrayData, from: $0, to: &plan) }
            }
        }
        return .rebound
    }

    /// Whether every byte where `a` and `b` (of one size) differ is one that `rebindable` allows.
    private static func differences(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>, allIn rebindable: [Bool]) -> Bool {
        guard a.count == b.count, a.count == rebindable.count else { return false }
        for (k, (x, y)) in zip(a, b).enumerated() where x != y && !rebindable[k] { return false }
        return true
    }

    private static func apply(_ copies: [Copy], from source: UnsafeRawBufferPointer, to plan: inout RenderPlan) {
        for copy in copies {
            let bytes = UnsafeRawBufferPointer(rebasing: source[copy.from ..< copy.from + copy.count])
            switch copy.into {
            case .arguments:
                plan.passes[copy.planPass].arguments.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: copy.at).copyMemory(from: bytes.baseAddress!, byteCount: copy.count) }
            case .arrayData:
                plan.passes[copy.planPass].arrayData.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: copy.at).copyMemory(from: bytes.baseAddress!, byteCount: copy.count) }
            }
        }
    }
}
