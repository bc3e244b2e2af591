/// SwiftUI's structural identity for views built from Swift. A builder's `if` without `else` is a view present or
/// absent at a fixed place, an `if`/`else` (and a `switch`, nested `if`/`else`s) two places, one per branch, and a
/// `ForEach` one place per element id. A view built at such a place is named by its path there — the block slot of
/// every builder around it, the branch taken, the element's id — so across two states it is the same view only as
/// the view at the same path; across states a view present in both moves and animates, and one only in one enters
/// or leaves by its transition. Views at fixed places keep no name: they match in order among their unnamed
/// siblings (`Interpolation`), which the named ones no longer shift. A view with an explicit `.id` keeps that name:
/// it is the same view wherever it stands among its siblings, as in a scene file.
enum StructuralIdentity {
    /// The first character of a structural name: a control character, which no printable id an author writes starts with.
    static let mark: Character = "\u{1}"

    /// `views` of block slot `slot`: the named ones named in the block, so no other slot's views take their names.
    static func slot(_ slot: Int, _ views: [ViewNode]) -> [ViewNode] { prefixed(views, with: String(slot)) }

    /// `views` with each named one's path put under `prefix`; the others as they are.
    static func prefixed(_ views: [ViewNode], with prefix: String) -> [ViewNode] {
        views.map { view in view.structuralPath.map { view.structurallyNamed("\(prefix)/\($0)") } ?? view }
    }

    /// `views` built at `place` (a branch, an element): each named `place` and its own path there, or its position
    /// among the unnamed ones.
    static func named(_ views: [ViewNode], at place: String) -> [ViewNode] {
        var position = 0
        return views.map { view in
            if let path = view.structuralPath { return view.structurallyNamed("\(place)/\(path)") }
            if view.carriesExplicitID { return view }
            defer { position += 1 }
            return view.structurallyNamed("\(place)/#\(position)")
        }
    }

    /// The step from a container to each of its children on the way from the root to a view: "=name" for a child
    /// named by an id (`Interpolation.id(of:)`: its structural name or its `.id(_:)`), "#n" for the n-th unnamed one —
    /// as `Interpolation` matches views across states. The steps from the root (with "+n" to a modifier's n-th held
    /// view and "." under a modifier) are a view's place: where `animation(_:value:)` compares its values
    /// (`scopePlaces`) and what a host keeps a view's state by (`ViewStates`).
    static func steps(to children: [ViewNode]) -> [String] {
        var unnamed = 0
        return children.map { child in
            if let id = Interpolation.id(of: child) { return "=" + id }
            defer { unnamed += 1 }
            return "#\(unnamed)"
        }
    }

    /// The place of the element of id `id` in a `ForEach`: its description, with its `/` escaped so that no two ids
    /// give one path.
    static func element(_ id: some Hashable) -> String {
        "=" + String(reflecting: id).replacing("\\", with: "\\\\").replacing("/", with: "\\/")
    }
}

extension ViewNode {
    /// The path of the view's structural identity, when it has one (its outermost modifier).
    var structuralPath: Substring? {
        guard case .modified(_, let id as ViewID) = kind, id.name.first == StructuralIdentity.mark else { return nil }
        return id.name.dropFirst()
    }

    /// Whether an `.id(_:)` names the view (its modifiers looked through).
    var carriesExplicitID: Bool {
        var current = self
        while case .modified(let child, let modifier) = current.kind {
            if let id = modifier as? ViewID, id.name.first != StructuralIdentity.mark { return true }
            current = child
        }
        return false
    }

    /// `transform` applied to the view under its structural name, which stays its outermost modifier.
    func keepingStructuralName(_ transform: (ViewNode) -> ViewNode) -> ViewNode {
        guard structuralPath != nil, case .modified(let view, let name) = kind else { return transform(self) }
        return ViewNode(.modified(transform(view), name))
    }

    /// The view under the structural name `path`, in place of the one it has.
    func structurallyNamed(_ path: String) -> ViewNode {
        let name = ViewID(name: String(StructuralIdentity.mark) + path)
        if structuralPath != nil, case .modified(let view, _) = kind { return ViewNode(.modified(view, name)) }
        return ViewNode(.modified(self, name))
    }
}
