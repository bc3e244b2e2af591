import Synchronization

/// A property of a view that a host keeps for the view's identity across the evaluations of its body (`@State`).
/// The host finds a view's such properties by reflection (`Mirror`): a view is a plain struct its author writes, so
/// reflection is the only way to reach its stored properties, and this protocol is how each kind of property says how
/// it is kept.
protocol PlaceKeptProperty {
    /// Binds the property to the value `states` keeps at `key`.
    func bind(to states: ViewStates, at key: ViewStates.Key)
}

/// The state a host keeps for the views it builds, by identity: the view's place in the tree (`StructuralIdentity.places`
/// — the branch it is in, its `ForEach` element's id, its `.id(_:)`, else its position among its unnamed siblings, from
/// the root down), its type and the property. A value is made from the view's own when a view first stands at its
/// place, kept while views of that type stand there, and dropped after the first evaluation in which none does.
final class ViewStates: Sendable {
    struct Key: Hashable, Sendable {
        var place: String
        var view: ObjectIdentifier
        var property: String
    }

    private struct Kept {
        var values: [Key: any AnyObject & Sendable] = [:]
        /// The keys bound in the evaluation under way, and the storages bound in it (held, so that none is freed and its
        /// identifier given to another storage before the evaluation ends).
        var bound: Set<Key> = []
        var boundStorages: [ObjectIdentifier: any AnyObject & Sendable] = [:]
    }
    private let kept = Mutex(Kept())

    /// `storage` reads and writes the value kept at `key`, made from `storage`'s own value when there is none. A storage
    /// already bound in this evaluation — one view value standing at two places — keeps its first place's value.
    func bind<Value>(_ storage: StateStorage<Value>, at key: Key) {
        let value = kept.withLock { kept -> StateStorage<Value>? in
            guard kept.boundStorages.updateValue(storage, forKey: ObjectIdentifier(storage)) == nil else { return nil }
            kept.bound.insert(key)
            if let value = kept.values[key] {
                guard let value = value as? StateStorage<Value> else { preconditionFailure("state at \(key) is not a \(Value.self)") }
                return value
            }
            let value = StateStorage(storage.own)
            kept.values[key] = value
            return value
        }
        if let value { storage.bind(to: value) }
    }

    /// Ends an evaluation: drops the values no view bound in it.
    func endEvaluation() {
        kept.withLock { kept in
            if kept.values.count != kept.bound.count { kept.values = kept.values.filter { kept.bound.contains($0.key) } }
            kept.bound.removeAll(keepingCapacity: true)
            kept.boundStorages.removeAll(keepingCapacity: true)
        }
    }

    /// How many values are kept.
    var count: Int { kept.withLock { $0.values.count } }

    /// Binds each kept property of `view` (`PlaceKeptProperty`) to its value at `place`.
    func bind(_ view: some View, at place: String) {
        let type = ObjectIdentifier(type(of: view))
        for case (let label?, let property as any PlaceKeptProperty) in Mirror(reflecting: view).children {
            property.bind(to: self, at: Key(place: place, view: type, property: label))
        }
    }

    private static let typesKeepingState = Mutex<[ObjectIdentifier: Bool]>([:])

    /// Whether values of `view`'s type have kept properties; found once per type.
    static func keepsState(_ view: some View) -> Bool {
        let type = ObjectIdentifier(type(of: view))
        if let known = typesKeepingState.withLock({ $0[type] }) { return known }
        let keeps = Mirror(reflecting: view).children.contains { $0.value is any PlaceKeptProperty }
        typesKeepingState.withLock { $0[type] = keeps }
        return keeps
    }
}
