import WeftImage
import WeftShaders

/// Attributes part of the way through a change, and identity: views are matched by identity, every animatable
/// value of a matched view is interpolated, and unmatched views enter or leave by their transitions.
/// `GeometryBlend` uses the matching and the values; `between` interpolates two trees of the same layout
/// (a state with its `matchedGeometryEffect` receivers on one source and on another).
///
/// Identity: a view named with `id(_:)` is the same view as the one of that name among its
/// siblings in the other state; unnamed siblings match in order. A matched pair whose kinds or
/// modifiers differ is two different views: the old one leaves and the new one enters.
/// Values that cannot be interpolated (images, blend modes, color modes) take the new value at once.
enum Interpolation {
    /// `from` at `progress` 0, `to` at 1; other values in between or (springs) beyond.
    static func between(_ from: ViewNode, _ to: ViewNode, progress: Float) -> ViewNode {
        between(from, to, progress: progress, in: ChangeProgress(outside: progress))
    }

    /// `from` and `to` at `change`'s progress: outside its live `animation(_:value:)` scopes (`to`'s) its `outside`
    /// progress, inside each the scope's own.
    static func between(_ from: ViewNode, _ to: ViewNode, progress change: ChangeProgress) -> ViewNode {
        between(from, to, progress: change.outside, in: change)
    }

    /// `from` and `to` at `p` where no live scope of `change` is around them, inside one at the scope's progress.
    static func between(_ from: ViewNode, _ to: ViewNode, progress p: Float, in change: ChangeProgress) -> ViewNode {
        if let matched = matched(from, to, p, change) { return matched }
        return ViewNode(.stack([present(from, presence: 1 - p), present(to, presence: p)]))
    }

    /// `node` `presence` of the way in by its transition.
    static func present(_ node: ViewNode, presence: Float) -> ViewNode {
        guard presence < 1, let modifier = transition(of: node).modifier(presence: presence) else { return node }
        return ViewNode(.modified(node, modifier))
    }

    /// Two texts at progress `p`: size, weight and color animate; another string, family or design is another view
    /// (nil: it cross-fades).
    static func text(_ ta: Text, _ tb: Text, _ p: Float) -> ViewNode? {
        let fa = ta.resolvedFont, fb = tb.resolvedFont
        guard ta.string == tb.string, fa.family == fb.family, fa.file == fb.file, fa.design == fb.design else { return nil }
        var text = tb
        text.font = Font(size: lerp(fa.size, fb.size, p), weight: p < 0.5 ? fa.weight : fb.weight, design: fb.design,
                         family: fb.family, file: fb.file)
        text.weight = nil
        text.color = lerp(ta.color, tb.color, p)
        return ViewNode(.text(text))
    }

    private static func matched(_ a: ViewNode, _ b: ViewNode, _ p: Float, _ change: ChangeProgress) -> ViewNode? {
        switch (a.kind, b.kind) {
        case (.shape(let ga, let fa), .shape(let gb, let fb)):
            guard let geometry = lerp(ga, gb, p) else { return nil }
            return ViewNode(.shape(geometry, lerp(fa, fb, p)))
        case (.image, .image):
            return b
        case (.text(let ta), .text(let tb)):
            return text(ta, tb, p)
        case (.stack(let ca, let aa), .stack(let cb, let ab)):
            return ViewNode(.stack(children(ca, cb, p, change), alignment: lerp(aa, ab, p)))
        case (.stacked(let la, let ca), .stacked(let lb, let cb)):
            guard la.axis == lb.axis else { return nil }
            let layout = StackLayout(axis: lb.axis, spacing: lerp(la.spacing, lb.spacing, p), alignment: lerp(la.alignment, lb.alignment, p))
            return ViewNode(.stacked(layout, children(ca, cb, p, change)))
        case (.grid(let la, let ca), .grid(let lb, let cb)):
            guard la.columns == lb.columns, la.rowLengths == lb.rowLengths else { return nil }
            let layout = GridLayout(columns: lb.columns, rowSpacing: lerp(la.rowSpacing, lb.rowSpacing, p), rowLengths: lb.rowLengths)
            return ViewNode(.grid(layout, children(ca, cb, p, change)))
        case (.spacer(let ma), .spacer(let mb)):
            return ViewNode(.spacer(minLength: max(lerp(ma, mb, p), 0)))
        case (.modified(let childA, let ma), .modified(let childB, let mb)):
            guard let modifier = ma.interpolated(toward: mb, progress: p, change: change) else { return nil }
            return ViewNode(.modified(between(childA, childB, progress: change.inside(b, around: p), in: change), modifier))
        default:
            return nil
        }
    }

    /// Children of a stack: matched ones interpolated in the new order, inserted ones entering,
    /// removed ones leaving at the place they had.
    private static func children(_ a: [ViewNode], _ b: [ViewNode], _ p: Float, _ change: ChangeProgress) -> [ViewNode] {
        var unnamedA = a.indices.filter { id(of: a[$0]) == nil }[...]
        var named: [String: Int] = [:]
        for (i, child) in a.enumerated() { if let id = id(of: child), named[id] == nil { named[id] = i } }
        var used = Set<Int>()
        var result: [ViewNode] = []
        for child in b {
            let partner: Int?
            if let id = id(of: child) { partner = named[id] } else { partner = unnamedA.popFirst() }
            if let partner, !used.contains(partner) {
                used.insert(partner)
                result.append(between(a[partner], child, progress: p, in: change))
            } else {
                result.append(present(child, presence: p))
            }
        }
        for i in a.indices where !used.contains(i) {
            result.insert(present(a[i], presence: 1 - p), at: min(i, result.count))
        }
        return result
    }

    /// The view's name, from the first `id` among its modifiers.
    static func id(of node: ViewNode) -> String? {
        var current = node
        while case .modified(let child, let modifier) = current.kind {
            if let id = modifier as? ViewID { return id.name }
            current = child
        }
        return nil
    }

    static func transition(of node: ViewNode) -> Transition {
        var current = node
        while case .modified(let child, let modifier) = current.kind {
            if let trait = modifier as? TransitionTrait { return trait.transition }
            current = child
        }
        return .default
    }

    // MARK: Values

    static func lerp(_ a: Float, _ b: Float, _ p: Float) -> Float { a + (b - a) * p }
    static func lerp(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ p: Float) -> SIMD2<Float> { a + (b - a) * p }

    /// Colors are interpolated premultiplied, in sRGB-encoded values, and clamped to [0, 1]: a color
    /// fading from clear takes no dark fringe, and what is seen mid-way is what a cross-fade of the
    /// two would give in the default working mode.
    static func lerp(_ a: Color, _ b: Color, _ p: Float) -> Color {
        let pa = a.premultiplied(in: .nonLinear), pb = b.premultiplied(in: .nonLinear)
        let v = (pa + (pb - pa) * p).clamped(lowerBound: .zero, upperBound: .one)
        guard v.w > 0 else { return Color(red: b.red, green: b.green, blue: b.blue, alpha: 0) }
        return Color(red: min(v.x / v.w, 1), green: min(v.y / v.w, 1), blue: min(v.z / v.w, 1), alpha: v.w)
    }

    static func lerp(_ a: ShapeGeometry, _ b: ShapeGeometry, _ p: Float) -> ShapeGeometry? {
        switch (a, b) {
        case (.roundedRectangle(let ra), .roundedRectangle(let rb)): .roundedRectangle(cornerRadius: max(lerp(ra, rb, p), 0))
        case (.path(let sa), .path(let sb)): lerp(sa, sb, p).map(ShapeGeometry.path)
        default: a == b ? b : nil
        }
    }

    /// The same outline drawn the same way: trim, inset and the stroke's width and dash phase animate.
    static func lerp(_ a: PathShape, _ b: PathShape, _ p: Float) -> PathShape? {
        guard a.outline == b.outline, a.rule == b.rule, (a.stroke == nil) == (b.stroke == nil) else { return a == b ? b : nil }
        var shape = b
        shape.trimFrom = lerp(a.trimFrom, b.trimFrom, p)
        shape.trimTo = lerp(a.trimTo, b.trimTo, p)
        shape.inset = lerp(a.inset, b.inset, p)
        if let sa = a.stroke, var sb = b.stroke {
            sb.lineWidth = max(lerp(sa.lineWidth, sb.lineWidth, p), 0)
            sb.dashPhase = lerp(sa.dashPhase, sb.dashPhase, p)
            shape.stroke = sb
        }
        return shape
    }

    static func lerp(_ a: FillStyle, _ b: FillStyle, _ p: Float) -> FillStyle {
        switch (a.kind, b.kind) {
        case (.color(let ca), .color(let cb)):
            return FillStyle(kind: .color(lerp(ca, cb, p)))
        case (.linear(let ga, let sa, let ea), .linear(let gb, let sb, let eb)):
            guard let g = lerp(ga, gb, p) else { return b }
            return FillStyle(kind: .linear(g, start: lerp(sa, sb, p), end: lerp(ea, eb, p)))
        case (.radial(let ga, let ca, let ra0, let ra1), .radial(let gb, let cb, let rb0, let rb1)):
            guard let g = lerp(ga, gb, p) else { return b }
            return FillStyle(kind: .radial(g, center: lerp(ca, cb, p), startRadius: max(lerp(ra0, rb0, p), 0),
                                           endRadius: max(lerp(ra1, rb1, p), 0)))
        case (.angular(let ga, let ca, let sa, let ea), .angular(let gb, let cb, let sb, let eb)):
            guard let g = lerp(ga, gb, p) else { return b }
            return FillStyle(kind: .angular(g, center: lerp(ca, cb, p), startAngle: lerp(sa, sb, p), endAngle: lerp(ea, eb, p)))
        case (.shader(let sa), .shader(let sb)):
            return FillStyle(kind: .shader(lerp(sa, sb, p)))
        default:
            return b
        }
    }

    /// Gradients with as many stops interpolate stop by stop; others take the new gradient.
    static func lerp(_ a: Gradient, _ b: Gradient, _ p: Float) -> Gradient? {
        guard a.stops.count == b.stops.count else { return nil }
        // As many stops as two gradients that exist, so at least one.
        return try? Gradient(stops: zip(a.stops, b.stops).map { sa, sb in
            Gradient.Stop(color: lerp(sa.color, sb.color, p), location: lerp(sa.location, sb.location, p))
        })
    }

    static func lerp(_ a: UnitPoint, _ b: UnitPoint, _ p: Float) -> UnitPoint {
        UnitPoint(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p))
    }

    static func lerp(_ a: Angle, _ b: Angle, _ p: Float) -> Angle { Angle(radians: lerp(a.radians, b.radians, p)) }

    /// The same shader with its arguments interpolated one by one; a shader of another name, or
    /// one whose arguments cannot animate, takes the new shader at once.
    static func lerp(_ a: EffectShader, _ b: EffectShader, _ p: Float) -> EffectShader {
        guard a.name == b.name, let ra = a.recipe, let rb = b.recipe, Set(ra.arguments.keys) == Set(rb.arguments.keys) else { return b }
        var values: [String: ArgumentValue] = [:]
        for (name, vb) in rb.arguments {
            values[name] = lerp(ra.arguments[name]!, vb, p)
        }
        // The values have the types of arguments already bound, so binding cannot fail on them.
        guard let shader = try? rb.make(values) else { return b }
        return EffectShader(name: shader.name, bind: shader.bind, recipe: ArgumentRecipe(arguments: values, make: rb.make))
    }

    static func lerp(_ a: ArgumentValue, _ b: ArgumentValue, _ p: Float) -> ArgumentValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(lerp(x, y, p))
        case (.numbers(let x), .numbers(let y)) where x.count == y.count: return .numbers(zip(x, y).map { lerp($0, $1, p) })
        case (.color(let x), .color(let y)): return .color(lerp(x, y, p))
        case (.colors(let x), .colors(let y)) where x.count == y.count: return .colors(zip(x, y).map { lerp($0, $1, p) })
        default: return b
        }
    }
}
