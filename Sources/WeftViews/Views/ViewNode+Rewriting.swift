extension ViewNode {
    /// The tree with every node that `replacement` answers for replaced by its answer (not looked inside), the rest
    /// rebuilt around their replaced descendants — the views a modifier holds (`heldViews`) included. A subtree
    /// with nothing replaced is returned as it was, so a tree with nothing to replace costs a walk and no copies.
    package func rewritten(_ replacement: (ViewNode) -> ViewNode?) -> ViewNode {
        if let replaced = replacement(self) { return replaced }
        func inner(_ nodes: [ViewNode]) -> [ViewNode]? {
            let rewritten = nodes.map { $0.rewritten(replacement) }
            return zip(nodes, rewritten).allSatisfy { $0.identity == $1.identity } ? nil : rewritten
        }
        switch kind {
        case .shape, .image, .text, .spacer:
            return self
        case .stack(let children, let alignment):
            return inner(children).map { ViewNode(.stack($0, alignment: alignment)) } ?? self
        case .stacked(let layout, let children):
            return inner(children).map { ViewNode(.stacked(layout, $0)) } ?? self
        case .grid(let layout, let children):
            return inner(children).map { ViewNode(.grid(layout, $0)) } ?? self
        case .modified(let child, let modifier):
            let held = modifier.heldViews
            guard let parts = inner([child] + held) else { return self }
            return ViewNode(.modified(parts[0], held.isEmpty ? modifier : modifier.replacingHeldViews(with: Array(parts.dropFirst()))))
        }
    }
}
