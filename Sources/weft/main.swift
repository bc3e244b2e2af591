import Foundation
import WeftImage
import WeftRuntime
import WeftShaders

var output = Output(
    standard: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    error: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
exit(Tool.run(Array(CommandLine.arguments.dropFirst()), output: &output))
