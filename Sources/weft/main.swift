import Foundation
import WeftImage
import WeftRuntime
import WeftShaders

var output = Output(
    standard: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    error: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
let status = Tool.run(Array(CommandLine.arguments.dropFirst()), output: &output)
// Everything is written (files renamed into place, output flushed). Leave without running exit-time
// handlers: one registered by a Vulkan driver or layer the loader has already unloaded made a finished run crash now
// and then (a jump into unmapped code after the last line was printed, lavapipe with the validation layer).
fflush(nil)
_exit(status)
