/// A JSON object: its members, each key once, in the order they were read (Foundation's parser keeps no order of the
/// text). A scene file's objects hold a few keys each, so a key is found by a scan of them, which costs less than
/// building a hash table for every object.
public struct JSONObject: Sendable, RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    private var members: [Element]

    /// An object of `members`, whose keys must differ.
    public init(uniqueKeysWithValues members: [Element]) {
        precondition(!Self.hasDuplicateKey(members), "a JSON object names each key once")
        self.members = members
    }

    /// An object of `members`, whose keys the caller has checked differ.
    init(uncheckedMembers members: [Element]) {
        self.members = members
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public subscript(position: Int) -> Element { members[position] }

    /// The value of `key`; nil when the object does not hold it.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The keys, in the members' order.
    public var keys: LazyMapCollection<[Element], String> { members.lazy.map(\.key) }

    /// Whether two of `members` have equal keys (equal as `String`s are: canonically equivalent).
    static func hasDuplicateKey(_ members: [Element]) -> Bool {
        if members.count <= 16 {
            for i in members.indices.dropFirst() where members[..<i].contains(where: { $0.key == members[i].key }) { return true }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted { return true }
        return false
    }
}
