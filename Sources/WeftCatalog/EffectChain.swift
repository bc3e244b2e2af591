import Weft
import WeftRuntime
import WeftShaders

/// One effect of a chain, as `weft render --effect NAME [--arg …] [--max-sample-offset X,Y]` gives it.
public struct EffectStep: Sendable {
    public var shader: Shader
    /// Padding for layer and distortion effects; ignored by the other kinds.
    public var maxSampleOffset: Size

    public init(shader: Shader, maxSampleOffset: Size = .zero) {
        self.shader = shader
        self.maxSampleOffset = maxSampleOffset
    }

    public var name: String { shader.function.name }
    public var kind: EffectKind { shader.function.kind }
}

/// Effects applied in order, each wrapping the result before it, as SwiftUI modifiers do:
/// `[A, B]` on an image is `Image(input).layerEffect(A).colorEffect(B)`.
public enum EffectChain {
    /// `content` with every step applied. A blend step blends the result so far over `backdrop`
    /// (nothing, i.e. transparency, when nil); fills cannot modify a view.
    public static func apply(_ steps: [EffectStep], to content: some View, backdrop: ViewNode? = nil) throws(EffectSetupError) -> ViewNode {
        var view = content.node
        for step in steps {
            switch step.kind {
            case .fill:
                throw .misplaced(effect: step.name, kind: .fill, reason: "a fill draws on its own; give it first, with --size WxH and no input image")
            case .blend:
                let blended = view.blendEffect(step.shader)
                view = ZStack(children: [backdrop, blended.node].compactMap { $0 }).node
            case .color, .layer, .distortion:
                do { view = try view.effect(step.shader, maxSampleOffset: step.maxSampleOffset).node } catch {
                    throw .misplaced(effect: step.name, kind: step.kind, reason: error.description)
                }
            }
        }
        return view
    }

    /// A fill effect as a view (a rectangle filled with it, taking the size it is offered),
    /// then the remaining steps.
    public static func fill(_ first: EffectStep, then rest: [EffectStep], backdrop: ViewNode? = nil) throws(EffectSetupError) -> ViewNode {
        guard first.kind == .fill else {
            throw .misplaced(effect: first.name, kind: first.kind, reason: "it modifies a view; give an input image instead of --size")
        }
        return try apply(rest, to: Rectangle().fill(first.shader), backdrop: backdrop)
    }
}
