/// Marking and resolving `GroupAnchor`s around an interpolation (docs/animation.md).
extension GroupAnchor {
    /// `root` laid out at `size`, each stack child wrapped in its anchor.
    static func marked(_ root: ViewNode, size: SIMD2<Float>) -> ViewNode {
        mark(root, proposal: size, transform: Layout.rootTransform(root, size: size), group: .zero)
    }

    private static func mark(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, group: SIMD2<Float>) -> ViewNode {
        let (_, children) = Layout.arrange(node, proposed: proposal)
        func child(_ i: Int, group: SIMD2<Float>) -> ViewNode {
            let placed = children[i], t = transform * placed.transform
            return mark(placed.node, proposal: placed.proposal, transform: t, group: group)
        }
        switch node.kind {
        case .shape, .image, .spacer:
            return node
        case .stack(let nodes):
            return ViewNode(.stack(nodes.indices.map { i in
                ViewNode(.modified(child(i, group: group), .groupAnchor(GroupAnchor(origin: (transform * children[i].transform).apply(.zero) - group))))
            }))
        case .stacked(let layout, let nodes):
            return ViewNode(.stacked(layout, nodes.indices.map { i in
                ViewNode(.modified(child(i, group: group), .groupAnchor(GroupAnchor(origin: (transform * children[i].transform).apply(.zero) - group))))
            }))
        case .grid(let layout, let nodes):
            return ViewNode(.grid(layout, nodes.indices.map { i in
                ViewNode(.modified(child(i, group: group), .groupAnchor(GroupAnchor(origin: (transform * children[i].transform).apply(.zero) - group))))
            }))
        case .modified(_, let modifier):
            if case .geometryGroup = modifier { return ViewNode(.modified(child(0, group: transform.apply(.zero)), modifier)) }
            return ViewNode(.modified(child(0, group: group), modifier))
        }
    }

    /// The interpolated `root` with its anchors resolved: a view that entered or left offset back onto its
    /// anchor, every anchor removed.
    static func resolved(_ root: ViewNode, size: SIMD2<Float>) -> ViewNode {
        resolve(root, proposal: size, transform: Layout.rootTransform(root, size: size), group: .zero)
    }

    private static func resolve(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, group: SIMD2<Float>) -> ViewNode {
        let (_, children) = Layout.arrange(node, proposed: proposal)
        func child(_ i: Int, group: SIMD2<Float>) -> ViewNode {
            let placed = children[i]
            return resolve(placed.node, proposal: placed.proposal, transform: transform * placed.transform, group: group)
        }
        switch node.kind {
        case .shape, .image, .spacer:
            return node
        case .stack(let nodes):
            return ViewNode(.stack(nodes.indices.map { child($0, group: group) }))
        case .stacked(let layout, let nodes):
            return ViewNode(.stacked(layout, nodes.indices.map { child($0, group: group) }))
        case .grid(let layout, let nodes):
            return ViewNode(.grid(layout, nodes.indices.map { child($0, group: group) }))
        case .modified(_, .groupAnchor(let anchor)):
            let inner = child(0, group: group)
            guard !anchor.matched, transform.determinant != 0 else { return inner }
            let delta = anchor.origin - (transform.apply(.zero) - group)
            return ViewNode(.modified(inner, .offset(transform.inverse.applyLinear(delta))))
        case .modified(_, let modifier):
            if case .geometryGroup = modifier { return ViewNode(.modified(child(0, group: transform.apply(.zero)), modifier)) }
            return ViewNode(.modified(child(0, group: group), modifier))
        }
    }
}
