// What a program that imports Weft names: the view vocabulary and scene files whole, and the few types of the layers
// below that rendering through a `RenderContext` takes and gives. A program that needs more of a layer (plans,
// executors, the front end's reflection) imports that module itself.
@_exported import WeftScene
@_exported import WeftViews
@_exported import struct WeftImage.Color
@_exported import enum WeftImage.ColorMode
@_exported import struct WeftImage.PixelBuffer
@_exported import enum WeftImage.PixelFormat
@_exported import enum WeftImage.PNGFile
@_exported import enum WeftImage.JPEGFile
@_exported import enum WeftImage.ImageFile
@_exported import struct WeftPlanner.PlannedRender
@_exported import class WeftPlanner.PlanReuse
@_exported import struct WeftPlanner.PlanTimings
@_exported import enum WeftPlanner.RenderError
@_exported import struct WeftPlanner.RenderOptions
@_exported import struct WeftRuntime.FrameContext
@_exported import enum WeftShaders.ArgumentValue
@_exported import enum WeftShaders.WrittenArgument
@_exported import struct WeftShaders.Shader
@_exported import class WeftShaders.ShaderLibrary
@_exported import enum WeftText.TextWarning
@_exported import enum WeftText.TextError
