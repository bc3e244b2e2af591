import Testing
@testable import Weft
@testable import WeftScene
import WeftImage
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// A tree built anew takes the previous tree's equal views (`ViewNode.adopting`): all of them when nothing changed, and
/// whatever changed drawn as the new tree draws it — measured on random trees with one change each, against the same
/// tree built anew and drawn afresh.
@Suite struct ViewAdoptionTests {
    /// A tree as a value, so that it can be built twice into separate nodes and changed in one place.
    indirect enum Recipe: Equatable {
        case rect(color: Int, corner: Float)
        case text(String)
        case circle(color: Int, stroke: Float)
        case stack(axis: Int, spacing: Float, [Recipe])
        case modified(Recipe, Modifier)

        enum Modifier: Equatable {
            case padding(Float), frame(Float, Float), offset(Float), opacity(Float), shadow(Float), rotation(Float)
            case scale(Float), group, overlay(Recipe)
        }

        static let palette: [Color] = [.red, .green, .blue, Color(red: 0.9, green: 0.6, blue: 0.1), .black]

        var node: ViewNode {
            get throws {
                switch self {
                case .rect(let color, let corner):
                    return RoundedRectangle(cornerRadius: corner).fill(Self.palette[color]).frame(width: 10, height: 7).node
                case .text(let string):
                    return try Text(string, size: 8, color: .black).node
                case .circle(let color, let stroke):
                    return Circle().stroke(Self.palette[color], lineWidth: stroke).frame(width: 9, height: 9).node
                case .stack(let axis, let spacing, let children):
                    let nodes = try children.map { try $0.node }
                    switch axis {
                    case 0: return VStack(spacing: spacing) { ForEach(0..<nodes.count) { nodes[$0] } }.node
                    case 1: return HStack(spacing: spacing) { ForEach(0..<nodes.count) { nodes[$0] } }.node
                    default: return ZStack { ForEach(0..<nodes.count) { nodes[$0] } }.node
                    }
                case .modified(let child, let modifier):
                    let node = try child.node
                    switch modifier {
                    case .padding(let v): return node.padding(v).node
                    case .frame(let w, let h): return node.frame(width: w, height: h).node
                    case .offset(let v): return node.offset(x: v, y: -v / 2).node
                    case .opacity(let v): return node.opacity(v).node
                    case .shadow(let v): return node.shadow(color: .black, radius: v, x: 1, y: 2).node
                    case .rotation(let v): return node.rotationEffect(.degrees(v)).node
                    case .scale(let v): return node.scaleEffect(v).node
                    case .group: return node.compositingGroup().node
                    case .overlay(let over): return node.overlay(try over.node).node
                    }
                }
            }
        }

        static func random(_ rng: inout SplitMix64, depth: Int) -> Recipe {
            let roll = Int.random(in: 0..<(depth > 3 ? 3 : 6), using: &rng)
            switch roll {
            case 0: return .rect(color: Int.random(in: 0..<5, using: &rng), corner: Float(Int.random(in: 0...3, using: &rng)))
            case 1: return .text("\(Int.random(in: 0..<100, using: &rng))")
            case 2: return .circle(color: Int.random(in: 0..<5, using: &rng), stroke: Float(Int.random(in: 1...3, using: &rng)))
            case 3, 4:
                let count = Int.random(in: 1...4, using: &rng)
                return .stack(axis: Int.random(in: 0...2, using: &rng), spacing: Float(Int.random(in: 0...3, using: &rng)),
                              (0..<count).map { _ in random(&rng, depth: depth + 1) })
            default:
                return .modified(random(&rng, depth: depth + 1), randomModifier(&rng, depth: depth))
            }
        }

        static func randomModifier(_ rng: inout SplitMix64, depth: Int) -> Modifier {
            let v = Float(Int.random(in: 1...4, using: &rng))
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: return .padding(v)
            case 1: return .frame(8 * v, 6 * v)
            case 2: return .offset(v)
            case 3: return .opacity(v / 5)
            case 4: return .shadow(v)
            case 5: return .rotation(15 * v)
            case 6: return .scale(0.5 + v / 4)
            case 7: return .group
            default: return .overlay(.rect(color: Int(v), corner: 1))
            }
        }

        /// How many places `changed(at:)` can change.
        var places: Int {
            switch self {
            case .rect, .text, .circle: 1
            case .stack(_, _, let children): 1 + children.reduce(0) { $0 + $1.places }
            case .modified(let child, _): 1 + child.places
            }
        }

        /// The recipe changed at place `place` (in the order `places` counts): a leaf's color, string or stroke; a
        /// stack's spacing (a ZStack has none), or a child taken out or added; a modifier's value, or the modifier taken off.
        func changed(at place: Int, _ rng: inout SplitMix64) -> Recipe {
            if place == 0 {
                switch self {
                case .rect(let color, let corner): return .rect(color: (color + 1) % 5, corner: corner)
                case .text(let string): return .text(string + "!")
                case .circle(let color, let stroke): return .circle(color: color, stroke: stroke + 1)
                case .stack(let axis, let spacing, var children):
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0 where axis < 2: return .stack(axis: axis, spacing: spacing + 2, children)
                    case 1 where children.count > 1: children.remove(at: Int.random(in: 0..<children.count, using: &rng))
                    default: children.insert(.rect(color: 4, corner: 0), at: Int.random(in: 0...children.count, using: &rng))
                    }
                    return .stack(axis: axis, spacing: spacing, children)
                case .modified(let child, let modifier):
                    let other = Self.randomModifier(&rng, depth: 0)
                    return other == modifier ? child : .modified(child, other)
                }
            }
            var rest = place - 1
            switch self {
            case .rect, .text, .circle: return self
            case .stack(let axis, let spacing, var children):
                for i in children.indices {
                    if rest < children[i].places {
                        children[i] = children[i].changed(at: rest, &rng)
                        break
                    }
                    rest -= children[i].places
                }
                return .stack(axis: axis, spacing: spacing, children)
            case .modified(let child, let modifier):
                return .modified(child.changed(at: rest, &rng), modifier)
            }
        }
    }

    static let size = Size(width: 64, height: 48)

    /// A tree built again from the same recipe is the previous tree: every view taken.
    @Test func aTreeBuiltAgainIsThePreviousTree() throws {
        var rng = SplitMix64(seed: 7101)
        for round in 0..<200 {
            let recipe = Recipe.random(&rng, depth: 0)
            let first = try recipe.node
            #expect(try recipe.node.adopting(first).identity == first.identity, "round \(round): \(recipe)")
        }
    }

    /// A tree built with one change takes the previous tree's views wherever they are equal and draws what the changed
    /// tree built anew draws, drawn after the previous tree (whose views kept their layout and draws).
    @Test func aChangedTreeDrawsWhatItsOwnViewsDraw() throws {
        let context = try Backend.cpu.makeContext()
        var rng = SplitMix64(seed: 7102)
        var took = 0
        for round in 0..<60 {
            let recipe = Recipe.random(&rng, depth: 0)
            let changed = recipe.changed(at: Int.random(in: 0..<recipe.places, using: &rng), &rng)
            guard changed != recipe else { continue }
            let previous = try recipe.node
            _ = try context.render(previous, size: Self.size)
            let adopted = try changed.node.adopting(previous)
            #expect(adopted.identity != previous.identity, "round \(round): a changed tree is not the previous one: \(recipe) → \(changed)")
            took += Self.nodes(in: adopted).intersection(Self.nodes(in: previous)).count
            let expected = try context.render(try changed.node, size: Self.size).pixels
            #expect(try context.render(adopted, size: Self.size).pixels == expected, "round \(round): \(recipe) → \(changed)")
        }
        #expect(took > 100, "the changed trees took \(took) views of the previous ones")
    }

    /// Rows named by their ids (a `ForEach` over data, `.id(_:)`) are taken by their names where a row was inserted,
    /// removed or moved: every row of the list before stands in the list after, and it draws what it draws built anew.
    @Test(arguments: ["inserted", "removed", "moved"])
    func aListTakesItsRowsByTheirIDs(_ change: String) throws {
        struct Row: Identifiable { var id: Int }
        func list(_ rows: [Int]) throws -> ViewNode {
            let named = try ForEach(rows.map(Row.init)) { row in try Text("Row \(row.id)", size: 8, color: .black).frame(width: 40, height: 9) }
            return VStack(spacing: 1) { named }.node
        }
        let before = Array(0..<12)
        var after = before
        switch change {
        case "inserted": after.insert(99, at: 0)
        case "removed": after.remove(at: 3)
        default: after.swapAt(1, 9)
        }
        let previous = try list(before)
        let adopted = try list(after).adopting(previous)
        guard case .stacked(_, let rows) = adopted.kind, case .stacked(_, let oldRows) = previous.kind else {
            Issue.record("not a stack")
            return
        }
        let kept = Set(oldRows.map(\.identity)).intersection(rows.map(\.identity)).count
        #expect(kept == after.filter(before.contains).count, "\(change): \(kept) rows taken")
        let context = try Backend.cpu.makeContext()
        let size = Size(width: 48, height: 130)
        _ = try context.render(previous, size: size)
        #expect(try context.render(adopted, size: size).pixels == context.render(try list(after), size: size).pixels)
    }

    /// A feed of ten thousand named rows with one inserted at its top keeps every row it had: each is found by its
    /// name once its place holds another (one lookup table a container, not a search a row).
    @Test func aLongListKeepsItsRowsWhenOneIsInsertedAtItsTop() throws {
        func list(_ ids: [Int]) -> ViewNode {
            ZStack { ForEach(ids, id: \.self) { id in Color.blue.frame(width: 4, height: 1).id("row \(id)") } }.node
        }
        let previous = list(Array(0..<10_000))
        let adopted = list([-1] + Array(0..<10_000)).adopting(previous)
        guard case .stack(let rows, _) = adopted.kind, case .stack(let oldRows, _) = previous.kind else {
            Issue.record("not a stack")
            return
        }
        #expect(Set(oldRows.map(\.identity)).intersection(rows.map(\.identity)).count == 10_000)
    }

    /// Two custom shapes that draw one path in the frame their equality compares (100 points square) and different ones
    /// at the size drawn: the second, built after the first, draws its own.
    @Test func aCustomShapeIsNeverTakenForAnother() throws {
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let previous = ThresholdShape(threshold: 120).view()
        #expect(ThresholdShape.isRectangle(try context.render(previous, size: ThresholdShape.canvas).pixels))
        let adopted = ThresholdShape(threshold: 150).view().adopting(previous)
        #expect(!ThresholdShape.isRectangle(try context.render(adopted, size: ThresholdShape.canvas).pixels))
    }

    /// A view under a shader or a closure is never the previous view, but the views inside it are taken.
    @Test func aShaderIsNeverTheSameButItsContentIs() throws {
        func tree() throws -> ViewNode {
            try Text("inside", size: 9).node.colorEffect(try TestKernels.invert()).node
        }
        let first = try tree()
        let adopted = try tree().adopting(first)
        #expect(adopted.identity != first.identity)
        guard case .modified(let child, _) = adopted.kind, case .modified(let old, _) = first.kind else {
            Issue.record("not a modified view")
            return
        }
        #expect(child.identity == old.identity)
    }

    /// Every example scene read twice: its tree at two times (at rest, and during a change) is the tree read first,
    /// unless it holds a modifier that is never the same as another (a shader, a closure) — and then every view outside
    /// such modifiers is still taken — and the adopted tree draws what the second reading draws.
    @Test func everyExampleReadTwiceIsTheExampleReadOnce() throws {
        let context = try Backend.cpu.makeContext()
        var drawn = 0
        var whole = 0
        for file in Examples.sceneFiles {
            for time in [0, 0.6] {
                let first = try Examples.load(file).frame(at: time, index: 0)
                let second = try Examples.load(file).frame(at: time, index: 0)
                let adopted = second.view.adopting(first.view)
                let neverSame = Self.holdsNeverSameModifier(first.view)
                if adopted.identity == first.view.identity { whole += 1 }
                #expect(adopted.identity == first.view.identity || neverSame, "\(file) at \(time)")
                #expect(Self.nodes(in: adopted).intersection(Self.nodes(in: first.view)).count > 0, "\(file) at \(time): nothing taken")
                // The draw of a few, the adopted tree after the first (whose views kept their draws) against the second.
                if neverSame && drawn < 3 {
                    drawn += 1
                    _ = try context.render(first.view, size: first.size, options: first.options)
                    let expected = try context.render(second.view, size: second.size, options: second.options).pixels
                    #expect(try context.render(adopted, size: second.size, options: second.options).pixels == expected, "\(file) at \(time)")
                }
            }
        }
        #expect(drawn > 0)
        // 36 of the 56 trees, in 2026-12: the others hold shaders or closures.
        #expect(whole * 2 > Examples.sceneFiles.count, "\(whole) trees taken whole")
    }

    /// Every animated example read anew for each frame of its change, planned in order through one `PlanReuse` — each
    /// frame taking what it can of the frame before, views in mid-change and all — plans what each frame plans alone.
    @Test func everyAnimatedExampleReadAnewEachFramePlansWhatEachFramePlansAlone() throws {
        let context = try Backend.cpu.makeContext()
        var framesCompared = 0
        for file in Examples.sceneFiles {
            let duration = try Examples.load(file).duration
            guard duration > 0 else { continue }
            let reuse = context.makePlanReuse()
            for step in 0..<6 {
                let frame = try Examples.load(file).frame(at: duration * Double(step) / 5, index: UInt32(step))
                let planned = try reuse.plan(frame.view, size: frame.size, options: frame.options)
                let alone = try context.plan(frame.view, size: frame.size, options: frame.options)
                #expect(planned.plan.passes == alone.plan.passes && planned.plan.uploads == alone.plan.uploads, "\(file), frame \(step)")
                framesCompared += 1
            }
        }
        #expect(framesCompared >= 30, "\(framesCompared) frames")
    }

    /// Whether a modifier in `tree` is not the same as itself: one that binds a shader or runs a closure.
    static func holdsNeverSameModifier(_ tree: ViewNode) -> Bool {
        switch tree.kind {
        case .shape, .image, .text, .spacer: return false
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children): return children.contains(where: holdsNeverSameModifier)
        case .modified(let child, let modifier):
            return !modifier.isSame(as: modifier) || ([child] + modifier.heldViews).contains(where: holdsNeverSameModifier)
        }
    }

    static func nodes(in tree: ViewNode) -> Set<ObjectIdentifier> {
        var found: Set<ObjectIdentifier> = [tree.identity]
        switch tree.kind {
        case .shape, .image, .text, .spacer: break
        case .stack(let children, _), .stacked(_, let children), .grid(_, let children):
            for child in children { found.formUnion(nodes(in: child)) }
        case .modified(let child, let modifier):
            for view in [child] + modifier.heldViews { found.formUnion(nodes(in: view)) }
        }
        return found
    }
}
