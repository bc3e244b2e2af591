/// Resolving `matchedGeometryEffect` groups after layout (docs/animation.md).
extension MatchedGeometry {
    /// Places every group member of `root`, laid out at `size`, that is not placed yet: a source where its own
    /// layout puts it, a receiver on its source's rectangle (per `properties`, at `anchor`). With `other`, the
    /// sources are `other`'s (another state laid out at the same size) and every member of `root` that has one
    /// there, source or not, is placed on it: where a view entering or leaving in a change starts or ends.
    package static func resolve(_ root: ViewNode, size: SIMD2<Float>, sourcesIn other: ViewNode? = nil, layout: FrameLayout)
        -> (root: ViewNode, warnings: [MatchedGeometryWarning]) {
        guard root.holdsMatchedGeometry else { return (root, []) }
        let members = collect(root, size: size, layout: layout)
        var warnings: [MatchedGeometryWarning] = []
        var sources: [Key: Member] = [:]
        for member in other.map({ collect($0, size: size, layout: layout) }) ?? members where member.geometry.isSource && member.namespaceDeclared {
            if sources[member.key] == nil { sources[member.key] = member } else { warnings.append(member.warning(.twoSources)) }
        }
        var placements: [[Int]: MatchedGeometry] = [:]
        for member in members {
            guard member.namespaceDeclared else {
                warnings.append(member.warning(.missingNamespace))
                continue
            }
            var m = member.geometry
            let own = Placement(anchorPoint: m.anchor.vector * member.size, offer: member.proposal)
            let source = other != nil || !m.isSource ? sources[member.key] : nil
            if m.placement == nil {
                // A receiver under a singular transform draws nothing: it keeps its own placement.
                if let source, let toMember = member.transform.inverted {
                    let target = source.frame.applying(toMember)
                    let anchorPoint = m.properties.contains(.position) ? target.origin + m.anchor.vector * target.size : own.anchorPoint
                    m.placement = Placement(anchorPoint: anchorPoint, offer: m.properties.contains(.size) ? target.size : member.proposal)
                    // Placed on another state's source, the view is that state's receiver.
                    if other != nil { m.isSource = false }
                } else {
                    m.placement = own
                }
                placements[member.place] = m
            }
            if !m.isSource, source != nil, member.transform.isInvertible, let p = m.placement {
                let adoptedSize = layout.size(of: member.content, proposed: p.offer)
                let adopted = Rect(origin: p.anchorPoint - m.anchor.vector * adoptedSize, size: adoptedSize).applying(member.transform)
                if adopted.intersection(member.clip) != adopted { warnings.append(member.warning(.receiverClipped)) }
            }
        }
        return (placed(root, placements, place: []), other == nil ? warnings : [])
    }

    /// Whether `node` has a `matchedGeometryEffect` anywhere, without laying it out.
    private static func collect(_ root: ViewNode, size: SIMD2<Float>, layout: FrameLayout) -> [Member] {
        var members: [Member] = []
        collect(root, proposal: size, transform: layout.rootTransform(root, size: size), namespaces: [], clip: Rect(size: size),
                place: [], layout: layout, into: &members)
        return members
    }

    private struct Key: Hashable { var id: String; var namespace: String }

    private struct Member {
        var geometry: MatchedGeometry
        /// The view inside the effect.
        var content: ViewNode
        var place: [Int]
        var proposal: SIMD2<Float>
        var size: SIMD2<Float>
        /// From the view's space to the scene's.
        var transform: Affine
        var clip: Rect
        var namespaceDeclared: Bool
        var key: Key { Key(id: geometry.id, namespace: geometry.namespace) }
        var frame: Rect { Rect(size: size).applying(transform) }
        func warning(_ kind: MatchedGeometryWarning.Kind) -> MatchedGeometryWarning {
            MatchedGeometryWarning(kind: kind, id: geometry.id, namespace: geometry.namespace)
        }
    }

    private static func collect(_ node: ViewNode, proposal: SIMD2<Float>, transform: Affine, namespaces: Set<String>, clip: Rect,
                                place: [Int], layout: FrameLayout, into members: inout [Member]) {
        let arranged = layout.arrange(node, proposed: proposal)
        let size = arranged.size, children = arranged.children
        var namespaces = namespaces
        var clip = clip
        if case .modified(_, let rule) = node.kind {
            if let declaration = rule as? NamespaceDeclaration { namespaces.insert(declaration.name) }
            if let m = rule as? MatchedGeometry {
                members.append(Member(geometry: m, content: children[0].node, place: place, proposal: proposal, size: size, transform: transform, clip: clip,
                                      namespaceDeclared: namespaces.contains(m.namespace)))
            }
            // An opaque drawing group's layer is its bounds: nothing inside draws beyond them.
            if case .group(_, opaque: true) = rule.drawing { clip = clip.intersection(Rect(size: size).applying(transform)) }
        }
        for (i, child) in children.enumerated() {
            collect(child.node, proposal: child.proposal, transform: transform * child.transform, namespaces: namespaces, clip: clip,
                    place: place + [i], layout: layout, into: &members)
        }
    }

    /// `node` with the members at the given places replaced.
    private static func placed(_ node: ViewNode, _ placements: [[Int]: MatchedGeometry], place: [Int]) -> ViewNode {
        guard placements.keys.contains(where: { $0.starts(with: place) }) else { return node }
        switch node.kind {
        case .shape, .image, .text, .spacer:
            return node
        case .stack(let children, let alignment):
            return ViewNode(.stack(children.enumerated().map { placed($1, placements, place: place + [$0]) }, alignment: alignment))
        case .stacked(let layout, let children):
            return ViewNode(.stacked(layout, children.enumerated().map { placed($1, placements, place: place + [$0]) }))
        case .grid(let layout, let children):
            return ViewNode(.grid(layout, children.enumerated().map { placed($1, placements, place: place + [$0]) }))
        case .modified(let child, let modifier):
            let placedModifier: any ModifierRule = modifier is MatchedGeometry ? placements[place] ?? modifier : modifier
            return ViewNode(.modified(placed(child, placements, place: place + [0]), placedModifier))
        }
    }
}
