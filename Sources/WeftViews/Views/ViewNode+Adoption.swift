extension ViewNode {
    /// This tree with every view equal to the view at the same place in `previous` replaced by that view, as SwiftUI
    /// keeps a view's graph node across a body built again: a tree built anew (a state change, a `TimelineView`'s
    /// content at the next frame's time, a scene file read again) takes the nodes of the last frame's wherever nothing
    /// changed, and with them their layout answers and what their last draw found (`LayoutMemo`, `drawnMemo`). A view
    /// is equal to another when its content is (kind, values, modifier by `ModifierRule.isSame(as:)`) and its children
    /// and held views, adopted first, are the very same nodes; a view holding a shader or a closure never is, though
    /// the views inside it may be. Places are positions among a container's children, or a child's id where it has
    /// one and its position holds another. A subtree that adopts nothing is returned as it was.
    package func adopting(_ previous: ViewNode) -> ViewNode {
        if identity == previous.identity { return self }
        return withKinds(and: previous) { kind, previousKind in adopting(previous, kind, previousKind) }
    }

    private func adopting(_ previous: ViewNode, _ kind: Kind, _ previousKind: Kind) -> ViewNode {
        switch kind {
        case .shape(let geometry, let fill):
            guard case .shape(let old, let oldFill) = previousKind else { return self }
            return !geometry.isCustom && geometry == old && fill.isSame(as: oldFill) ? previous : self
        case .image(let image):
            guard case .image(let old) = previousKind else { return self }
            return image == old ? previous : self
        case .text(let text):
            guard case .text(let old) = previousKind else { return self }
            return text == old ? previous : self
        case .spacer(let length):
            guard case .spacer(let old) = previousKind else { return self }
            return length == old ? previous : self
        case .stack(let children, let alignment):
            guard case .stack(let old, let oldAlignment) = previousKind else { return self }
            return adopting(children, of: previous, old, restIsSame: alignment == oldAlignment) { .stack($0, alignment: alignment) }
        case .stacked(let layout, let children):
            guard case .stacked(let oldLayout, let old) = previousKind else { return self }
            return adopting(children, of: previous, old, restIsSame: layout == oldLayout) { .stacked(layout, $0) }
        case .grid(let layout, let children):
            guard case .grid(let oldLayout, let old) = previousKind else { return self }
            return adopting(children, of: previous, old, restIsSame: layout == oldLayout) { .grid(layout, $0) }
        case .modified(let child, let modifier):
            guard case .modified(let oldChild, let oldModifier) = previousKind else { return self }
            let adoptedChild = child.adopting(oldChild)
            let adoptedHeld = Self.adopting(modifier.heldViews, oldModifier.heldViews)
            let rule = adoptedHeld.map(modifier.replacingHeldViews(with:)) ?? modifier
            if adoptedChild.identity == oldChild.identity, rule.isSame(as: oldModifier) { return previous }
            guard adoptedChild.identity != child.identity || adoptedHeld != nil else { return self }
            return ViewNode(.modified(adoptedChild, rule), equalTo: self)
        }
    }

    /// This container, whose children are `children`, against `previous`, whose children are `old`: `previous` when
    /// every child took the one at its place and the rest of the container (`restIsSame`) is the same; else a container
    /// made by `remake` around the children taken, or this one when none was.
    private func adopting(_ children: [ViewNode], of previous: ViewNode, _ old: [ViewNode], restIsSame: Bool,
                          remake: ([ViewNode]) -> Kind) -> ViewNode {
        let adopted = Self.adopting(children, old)
        if restIsSame, Self.same(adopted ?? children, old) { return previous }
        return adopted.map { ViewNode(remake($0), equalTo: self) } ?? self
    }

    /// `nodes`, each adopting the node at its place in `previous` (`adopting(_:)`): `previous` itself when every node
    /// took the one at its place and there are as many; nil when none took anything. A node named by an id
    /// (`Interpolation.id(of:)`: `.id(_:)`, a `ForEach` element's) whose place holds another name adopts the node of
    /// its name wherever that stood, as SwiftUI matches a list's rows by their ids: a row inserted, removed or moved
    /// leaves the others theirs.
    private static func adopting(_ nodes: [ViewNode], _ previous: [ViewNode]) -> [ViewNode]? {
        // While every node so far took the previous one at its place, the result so far is `previous`'s prefix: made
        // into an array of its own only once a node does not.
        var adopted: [ViewNode]?
        var tookAny = false
        var previousByID: [String: ViewNode]?
        for (i, node) in nodes.enumerated() {
            let atPlace = i < previous.count ? previous[i] : nil
            var taken = atPlace.map(node.adopting) ?? node
            if taken.identity != atPlace?.identity, let id = Interpolation.id(of: node), atPlace.flatMap(Interpolation.id(of:)) != id {
                previousByID = previousByID ?? Dictionary(previous.compactMap { view in Interpolation.id(of: view).map { ($0, view) } },
                                                          uniquingKeysWith: { first, _ in first })
                if let named = previousByID?[id] { taken = node.adopting(named) }
            }
            tookAny = tookAny || taken.identity != node.identity
            if adopted == nil {
                if taken.identity == atPlace?.identity { continue }
                adopted = Array(previous[..<i])
                adopted!.reserveCapacity(nodes.count)
            }
            adopted!.append(taken)
        }
        guard tookAny else { return nil }
        return adopted ?? (nodes.count == previous.count ? previous : Array(previous[..<nodes.count]))
    }

    /// Whether `nodes` are the very nodes of `previous`, in order.
    private static func same(_ nodes: [ViewNode], _ previous: [ViewNode]) -> Bool {
        nodes.count == previous.count && zip(nodes, previous).allSatisfy { $0.identity == $1.identity }
    }
}

extension ShapeGeometry {
    /// Whether the outline is a custom shape's, whose equality compares its path in one reference frame only: two such
    /// shapes may match there and differ at the size they are drawn, so they are never taken for one another.
    fileprivate var isCustom: Bool {
        if case .path(let shape) = self, case .custom = shape.outline { return true }
        return false
    }
}

extension FillStyle {
    /// Whether `other` fills as this does: the same color or gradient; a shader fill never is (its arguments are bound
    /// by closures a plan runs).
    func isSame(as other: FillStyle) -> Bool {
        switch (kind, other.kind) {
        case (.color(let a), .color(let b)): a == b
        case let (.linear(g, s, e), .linear(g2, s2, e2)): g == g2 && s == s2 && e == e2
        case let (.radial(g, c, r0, r1), .radial(g2, c2, r02, r12)): g == g2 && c == c2 && r0 == r02 && r1 == r12
        case let (.angular(g, c, a0, a1), .angular(g2, c2, a02, a12)): g == g2 && c == c2 && a0 == a02 && a1 == a12
        default: false
        }
    }
}
