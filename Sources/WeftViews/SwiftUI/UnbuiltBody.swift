/// A view whose body waits for its place in the tree: a view with state its host keeps by identity (`ViewStates`) is
/// built only once the tree around it is, when its place is known (`Evaluation.buildingBodies(_:)`). A container's
/// environment that reaches inside views as the tree is made (`inheriting(text:symbol:)`, `buttonStyle(_:)`) is kept
/// in `finishing`, to reach what the body builds. No tree a host returns holds one.
struct UnbuiltBody: ModifierRule {
    let view: any View
    /// What the views the body builds go through, innermost container's first.
    var finishing: [@Sendable (ViewNode) -> ViewNode] = []

    /// What an unbuilt body stands on until it is built: nothing.
    private static let nothing = ViewNode(.stack([]))

    /// The body in a tree, waiting.
    var node: ViewNode { ViewNode(.modified(Self.nothing, self)) }

    static let sceneKeys: [String] = []
    var keepsSpacer: Bool { false }
    var drawing: ModifierDrawing { .child }
    func interpolated(toward other: any ModifierRule, progress: Float) -> (any ModifierRule)? { nil }

    /// This unbuilt body, its views to go through `transform` after the ones it has.
    func finished(by transform: @escaping @Sendable (ViewNode) -> ViewNode) -> ViewNode {
        var body = self
        body.finishing.append(transform)
        return body.node
    }
}

extension ViewNode {
    /// Whether the view is an unbuilt body under modifiers (`UnbuiltBody`): its modifiers then act on each of the views
    /// the body builds, as on a list's.
    var isUnbuiltBody: Bool {
        var current = self
        while case .modified(let child, let modifier) = current.kind {
            if modifier is UnbuiltBody { return true }
            current = child
        }
        return false
    }
}

extension Evaluation {
    /// `node` with every body it left unbuilt built at its place, the view's kept state bound first, and the bodies
    /// inside built the same way; the node itself when it has none, or when it nests deeper than a tree is laid out
    /// (`ViewNode.deepestLaidOut`: the walk recurses a level a call), for a render to refuse by name.
    func buildingBodies(_ node: ViewNode) -> ViewNode {
        guard let states, hasUnbuiltBodies, !node.nestsTooDeep else { return node }
        return BodyBuilder(states: states).alone(node, at: "", depth: 0)
    }
}

/// The walk that builds unbuilt bodies (`Evaluation.buildingBodies(_:)`), knowing each view's place as it goes down,
/// and how many views stand above it (`depth`): a body built inside a body inside … may nest deeper than any one of
/// them, and the walk recurses a level a call.
private struct BodyBuilder {
    let states: ViewStates

    /// The views `node` at `place` stands for: itself, its unbuilt bodies inside built; or, for an unbuilt body under
    /// modifiers, the views the body builds, each under the modifiers. `depth`: how many views stand above it in the
    /// tree being built, counted never more than there are — where that is as many as a tree is laid out
    /// (`ViewNode.deepestLaidOut`), the node as it is, not walked into: the tree it stands in is then too deep for a
    /// render, which refuses it by name.
    func views(_ node: ViewNode, at place: String, depth: Int) -> [ViewNode] {
        guard depth < ViewNode.deepestLaidOut else { return [node] }
        switch node.kind {
        case .shape, .image, .text, .spacer:
            return [node]
        case .stack(let children, let alignment):
            return [building(children, at: place, depth: depth + 1).map { ViewNode(.stack($0, alignment: alignment)) } ?? node]
        case .stacked(let layout, let children):
            return [building(children, at: place, depth: depth + 1).map { ViewNode(.stacked(layout, $0)) } ?? node]
        case .grid(let layout, let children):
            return [building(children, at: place, depth: depth + 1).map { ViewNode(.grid(layout, $0)) } ?? node]
        case .modified(_, let unbuilt as UnbuiltBody):
            return built(unbuilt, at: place, depth: depth)
        case .modified(let child, is ViewID) where node.structuralPath != nil && child.isUnbuiltBody:
            // Each view of the body named at the place of the view that built it, as a branch's views are at the branch:
            // standing where the named view stood (a view named already is named anew, not wrapped again).
            return StructuralIdentity.named(views(child, at: place + ".", depth: depth), at: String(node.structuralPath!))
        case .modified(let child, let modifier):
            let step = (modifier as? ViewID).map { ".=" + $0.name } ?? "."
            let inner = views(child, at: place + step, depth: depth + 1)
            var heldChanged = false
            var index = 0
            let rule = modifier.heldViews.isEmpty ? modifier : modifier.replacingHeldViews { held in
                defer { index += 1 }
                let built = alone(held, at: place + "+\(index)", depth: depth + 1)
                heldChanged = heldChanged || built.identity != held.identity
                return built
            }
            if !heldChanged, inner.count == 1, inner[0].identity == child.identity { return [node] }
            guard child.isUnbuiltBody else { return [ViewNode(.modified(inner[0], rule))] }
            return inner.map { $0.keepingStructuralName { ViewNode(.modified($0, rule)) } }
        }
    }

    /// `node`'s views where one view stands (the root, a modifier's held view): one as it is, several stacked as a
    /// list of views standing alone is (`BuiltViews`, `ModifiedView`).
    func alone(_ node: ViewNode, at place: String, depth: Int) -> ViewNode {
        let built = views(node, at: place, depth: depth)
        if built.count == 1 { return built[0] }
        if case .modified(_, let modifier) = node.kind, !(modifier is UnbuiltBody) {
            return ViewNode(.modified(ViewNode(.stack(built)), ModifiedList()))
        }
        return ViewNode(.stack(built))
    }

    /// A container's `children` at `place`, each `depth` views down, with their unbuilt bodies built, the views of each
    /// taking its place among them; nil when none had one. The named views of an unnamed view's body are named under its
    /// step, so that no two views of the container share a name.
    func building(_ children: [ViewNode], at place: String, depth: Int) -> [ViewNode]? {
        var changed = false
        var result: [ViewNode] = []
        result.reserveCapacity(children.count)
        for (child, step) in zip(children, StructuralIdentity.steps(to: children)) {
            var built = views(child, at: place + "/" + step, depth: depth)
            if built.count != 1 || built[0].identity != child.identity {
                changed = true
                if child.structuralPath == nil && child.isUnbuiltBody { built = StructuralIdentity.prefixed(built, with: step) }
            }
            result += built
        }
        return changed ? result : nil
    }

    /// The views `unbuilt`'s body builds at `place`, `depth` views down where the unbuilt body stood, the view's kept
    /// state bound first; not walked into when one nests deeper than a tree is laid out (`ViewNode.deepestLaidOut`),
    /// for a render to refuse by name.
    func built(_ unbuilt: UnbuiltBody, at place: String, depth: Int) -> [ViewNode] {
        func body(of view: some View) -> [ViewNode] {
            states.bind(view, at: place)
            return view.body.containerChildren
        }
        let views = body(of: unbuilt.view).map { view in unbuilt.finishing.reduce(view) { $1($0) } }
        guard !views.contains(where: \.nestsTooDeep) else { return views }
        return building(views, at: place, depth: depth) ?? views
    }
}
