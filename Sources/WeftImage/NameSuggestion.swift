/// "Did you mean …?" for a misspelt name: the closest of the known names, when it is close enough to be a typo
/// (an edit distance of at most a third of the name's length, and at most 3).
public enum NameSuggestion {
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let limit = min(3, max(1, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let d = distance(Array(name.lowercased()), Array(candidate.lowercased()))
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The closest of `candidates` to `name` however far it is (ties: the first in `candidates`' order); nil when there
    /// are none. For a name that must match one of a fixed set, where any suggestion helps more than none.
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        let letters = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(letters, Array(candidate.lowercased()))
            if d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)`, or nothing.
    public static func clause(for name: String, in candidates: some Sequence<String>, prefix: String = "") -> String {
        closest(to: name, in: candidates).map { " (did you mean '\(prefix)\($0)'?)" } ?? ""
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
