/// A JSON object of a scene file being read. Each key is named once, where it is read: `finish()` then refuses any key
/// the object holds that no read named, listing the ones read as allowed. Read every key before `finish()`, and
/// call `finish()` before reading nested views, so a mistyped key is reported before what it leaves missing below.
struct SceneObject {
    let path: JSONPath
    private let fields: JSONObject
    /// The keys read so far, in order: the allowed keys.
    private var named: [NamedKeys] = []
    /// Which of the object's members a read named: bit i for member i (objects of at most 64 members; `finish()` looks
    /// up the keys of larger ones).
    private var namedMembers: UInt64 = 0

    /// One key read, or keys read together (kept as the array given, not copied key by key).
    private enum NamedKeys {
        case one(String)
        case all([String])
    }

    init(_ json: JSONValue, at path: JSONPath) throws(SceneError) {
        guard case .object(let fields) = json else { throw .wrongType(path: path, expected: "an object", got: json.typeName) }
        self.fields = fields
        self.path = path
        named.reserveCapacity(8)
    }

    /// Reads an object that takes no keys (`{}`).
    static func empty(_ json: JSONValue, at path: JSONPath) throws(SceneError) {
        try SceneObject(json, at: path).finish()
    }

    /// Whether the object holds `key`, without naming it as allowed.
    func contains(_ key: String) -> Bool { fields[key] != nil }

    /// The value of `key` read as `value`; nil when the object does not hold it.
    mutating func optional<T>(_ key: String, _ value: SceneValue<T>) throws(SceneError) -> T? {
        named.append(.one(key))
        guard let i = fields.firstIndex(where: { $0.key == key }) else { return nil }
        markNamed(i)
        return try value(fields[i].value, at: path.key(key))
    }

    /// The value of `key` read as `value`; the object must hold it.
    mutating func required<T>(_ key: String, _ value: SceneValue<T>) throws(SceneError) -> T {
        guard let read = try optional(key, value) else { throw .missingKey(path: path, key: key) }
        return read
    }

    /// The members of the object among `keys` (in `keys`' order), naming every one of `keys` as allowed: one pass over
    /// the object's own few keys, not a lookup of each of `keys`. `keySet` holds `keys`.
    mutating func members(among keys: [String], keySet: Set<String>) -> [(key: String, value: JSONValue)] {
        named.append(.all(keys))
        var found: [(key: String, value: JSONValue)] = []
        for (i, member) in fields.enumerated() where keySet.contains(member.key) {
            found.append(member)
            markNamed(i)
        }
        if found.count > 1 { found.sort { keys.firstIndex(of: $0.key)! < keys.firstIndex(of: $1.key)! } }
        return found
    }

    private mutating func markNamed(_ member: Int) {
        if member < 64 { namedMembers |= 1 << UInt64(member) }
    }

    /// Refuses the first key (in name order) that no read named.
    func finish() throws(SceneError) {
        if fields.count <= 64, namedMembers == (fields.count == 64 ? .max : (1 << UInt64(fields.count)) - 1) { return }
        let allowed = named.flatMap { keys -> [String] in
            switch keys {
            case .one(let key): [key]
            case .all(let keys): keys
            }
        }
        guard !fields.keys.allSatisfy(allowed.contains) else { return }
        for key in fields.keys.sorted() where !allowed.contains(key) {
            throw .unknownKey(path: path.key(key), key: key, allowed: allowed)
        }
    }
}
