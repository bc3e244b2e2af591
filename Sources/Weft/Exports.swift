@_exported import WeftImage
@_exported import WeftRuntime
@_exported import WeftShaders
