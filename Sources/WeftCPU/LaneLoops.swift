/// The scheduler's loops over one batch of lanes, kept out of line on raw pointers: inside the
/// large scheduling function the optimiser leaves them scalar, here it vectorises them.
enum LaneLoops {
    typealias Row = UnsafeMutablePointer<UInt32>

    /// Runs `body` for each lane in `lanes` (every lane when nil).
    @inline(__always)
    static func forEach(_ lanes: Row?, _ body: (Int) -> Void) {
        if let lanes {
            for l in 0..<Lanes.count where lanes[l] != 0 { body(l) }
        } else {
            for l in 0..<Lanes.count { body(l) }
        }
    }

    /// The lanes inside a `width × height` corner of the batch; returns how many there are.
    @inline(never)
    static func inside(_ mask: Row, _ laneX: Row, _ laneY: Row, width: UInt32, height: UInt32) -> Int {
        var live: UInt32 = 0
        let w = Int32(truncatingIfNeeded: min(width, 1 << 30)), h = Int32(truncatingIfNeeded: min(height, 1 << 30))
        for l in 0..<Lanes.count {
            let m = laneMask(Int32(bitPattern: laneX[l]) < w) & laneMask(Int32(bitPattern: laneY[l]) < h)
            mask[l] = m
            live &+= m & 1
        }
        return Int(live)
    }

    /// The lowest block any lane waits at, the mask of the lanes there, how many they are and
    /// how many lanes are still running.
    @inline(never)
    static func lowest(_ pc: UnsafeMutablePointer<Int32>, _ mask: Row) -> (block: Int32, active: Int, running: Int) {
        var lowest = Int32.max
        for l in 0..<Lanes.count { lowest = min(lowest, pc[l]) }
        var active: UInt32 = 0, running: UInt32 = 0
        for l in 0..<Lanes.count {
            let p = pc[l]
            let m = laneMask(p == lowest)
            mask[l] = m
            active &+= m & 1
            running &+= laneMask(p != .max) & 1
        }
        return (lowest, Int(active), Int(running))
    }

    /// Whether any active lane has a true (nonzero) or a false condition.
    @inline(never)
    static func outcomes(_ mask: Row, _ condition: Row) -> (anyTrue: Bool, anyFalse: Bool) {
        var anyTrue: UInt32 = 0, anyFalse: UInt32 = 0
        for l in 0..<Lanes.count {
            let m = mask[l], v = laneMask(condition[l] != 0)
            anyTrue |= m & v
            anyFalse |= m & ~v
        }
        return (anyTrue != 0, anyFalse != 0)
    }

    /// Splits the active lanes by their condition.
    @inline(never)
    static func split(_ mask: Row, _ condition: Row, yes: Row, no: Row) -> (anyTrue: Bool, anyFalse: Bool) {
        var anyTrue: UInt32 = 0, anyFalse: UInt32 = 0
        for l in 0..<Lanes.count {
            let m = mask[l], v = laneMask(condition[l] != 0)
            let y = m & v, n = m & ~v
            yes[l] = y
            no[l] = n
            anyTrue |= y
            anyFalse |= n
        }
        return (anyTrue != 0, anyFalse != 0)
    }

    /// Whether every active lane holds `value`.
    @inline(never)
    static func allEqual(_ mask: Row, _ selector: Row, _ value: UInt32) -> Bool {
        var differs: UInt32 = 0
        for l in 0..<Lanes.count { differs |= mask[l] & laneMask(selector[l] != value) }
        return differs == 0
    }

    /// Moves the lanes of `remaining` whose selector is `literal` into `hit`; whether there were any.
    @inline(never)
    static func take(_ remaining: Row, _ selector: Row, _ literal: UInt32, hit: Row) -> Bool {
        var any: UInt32 = 0
        for l in 0..<Lanes.count {
            let h = remaining[l] & laneMask(selector[l] == literal)
            hit[l] = h
            remaining[l] &= ~h
            any |= h
        }
        return any != 0
    }

    /// `pc = target` for the lanes in `lanes`.
    @inline(never)
    static func move(_ pc: UnsafeMutablePointer<Int32>, _ lanes: Row, to target: Int32) {
        for l in 0..<Lanes.count { pc[l] = blend(target, pc[l], lanes[l]) }
    }

    /// `pc = block` for the lanes in `lanes`, finished (`Int32.max`) for the others.
    @inline(never)
    static func start(_ pc: UnsafeMutablePointer<Int32>, _ lanes: Row, at block: Int32) {
        for l in 0..<Lanes.count { pc[l] = blend(block, .max, lanes[l]) }
    }

    /// `destination = source` for the lanes in `lanes`.
    @inline(never)
    static func copy(_ destination: Row, _ source: Row, _ lanes: Row) {
        for l in 0..<Lanes.count { destination[l] = blend(source[l], destination[l], lanes[l]) }
    }

    @inline(never)
    static func copy(_ destination: Row, _ source: Row) {
        destination.update(from: source, count: Lanes.count)
    }

    /// `destination = condition ? whenTrue : whenFalse`, for the lanes in `lanes` (all when nil).
    @inline(never)
    static func select(_ destination: Row, _ condition: Row, _ whenTrue: Row, _ whenFalse: Row, _ lanes: Row?) {
        if let lanes {
            for l in 0..<Lanes.count {
                let v = blend(whenTrue[l], whenFalse[l], laneMask(condition[l] != 0))
                destination[l] = blend(v, destination[l], lanes[l])
            }
        } else {
            for l in 0..<Lanes.count { destination[l] = blend(whenTrue[l], whenFalse[l], laneMask(condition[l] != 0)) }
        }
    }
}
