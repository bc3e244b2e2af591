import Foundation
import Testing

/// docs/cli.md names only what the binary has: every command of its table is in `weft --help`,
/// and every `--flag` of a command's section is in that command's `--help` (a flag written after
/// `weft OTHER` on the same line, as in a cross-reference, is checked against OTHER's).
struct DocsHonestyTests {
    static let cliDoc: String = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)) ?? ""

    /// `## \`weft NAME\`` sections: name → text.
    static func commandSections() -> [String: String] {
        var sections: [String: String] = [:]
        let parts = cliDoc.components(separatedBy: "\n## ")
        for part in parts.dropFirst() {
            guard part.hasPrefix("`weft "), let end = part.dropFirst(6).firstIndex(of: "`") else { continue }
            sections[String(part[part.index(part.startIndex, offsetBy: 6)..<end])] = part
        }
        return sections
    }

    static func flags(in text: String) -> Set<String> {
        var found: Set<String> = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i + 2 < scalars.count {
            let boundary = i == 0 || !(CharacterSet.alphanumerics.contains(scalars[i - 1]) || scalars[i - 1] == "-")
            let first = scalars[i + 2]
            if boundary, scalars[i] == "-", scalars[i + 1] == "-",
               CharacterSet.lowercaseLetters.contains(first) || CharacterSet.decimalDigits.contains(first) {
                var j = i + 2
                while j < scalars.count, CharacterSet.lowercaseLetters.contains(scalars[j]) || CharacterSet.decimalDigits.contains(scalars[j])
                        || (scalars[j] == "-" && j + 1 < scalars.count && CharacterSet.lowercaseLetters.contains(scalars[j + 1])) {
                    j += 1
                }
                found.insert("--" + String(String.UnicodeScalarView(scalars[(i + 2)..<j])))
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    @Test func everyCommandOfTheTableIsInHelp() throws {
        let help = try CLI.weft(["--help"])
        #expect(help.status == 0)
        let table = Self.cliDoc.split(separator: "\n").filter { $0.hasPrefix("| `weft ") }
        #expect(table.count == 11, "the command table lists every command")
        for row in table {
            let name = row.dropFirst("| `weft ".count).prefix { $0.isLetter }
            #expect(help.stdout.contains("  \(name) "), "weft \(name) is in docs/cli.md's table but not in weft --help")
        }
        #expect(Set(Self.commandSections().keys) == ["check", "render", "preview", "plan", "debug", "watch", "gallery", "devices", "bench", "compare", "verify"])
    }

    /// The flags each command is said to take: per line, flags belong to the section's command
    /// until a `weft NAME` of another command appears.
    static func attributedFlags() -> [String: Set<String>] {
        let sections = commandSections()
        var result: [String: Set<String>] = [:]
        for (command, section) in sections {
            for line in section.split(separator: "\n") {
                var owner = command
                var rest = Substring(line)
                while !rest.isEmpty {
                    let next = sections.keys.compactMap { name in rest.range(of: "weft \(name)").map { ($0, name) } }
                        .min { $0.0.lowerBound < $1.0.lowerBound }
                    let end = next?.0.lowerBound ?? rest.endIndex
                    result[owner, default: []].formUnion(flags(in: String(rest[..<end])))
                    guard let (range, name) = next else { break }
                    owner = name
                    rest = rest[range.upperBound...]
                }
            }
        }
        return result
    }

    @Test func everyFlagOfACommandSectionIsInItsHelp() throws {
        let flags = Self.attributedFlags()
        for command in ["check", "render", "gallery", "bench", "compare", "verify"] {
            #expect(!(flags[command] ?? []).isEmpty, "no flags found for \(command)")
        }
        #expect(flags["render"]?.isSuperset(of: ["--16bit", "--max-sample-offset", "--frame", "--reduce-motion", "--backdrop"]) == true)
        for (command, named) in flags {
            let help = try CLI.weft([command, "--help"])
            #expect(help.status == 0, "\(help)")
            for flag in named.sorted() {
                #expect(help.stdout.contains(flag), "docs/cli.md names \(flag) for weft \(command), but weft \(command) --help does not")
            }
        }
    }
}

/// Each command's usage lines in `--help` are the ones docs/cli.md shows in its section's first code block, and
/// every flag `--help` lists is described in that section.
struct UsageDocsTests {
    /// Usage lines with continuation lines joined and runs of spaces made one.
    static func joinedUsage(_ lines: [Substring]) -> [String] {
        var joined = [String]()
        for line in lines {
            let text = line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            if text.hasPrefix("weft ") || joined.isEmpty { joined.append(text) } else { joined[joined.count - 1] += " " + text }
        }
        return joined
    }

    @Test(arguments: ["check", "render", "preview", "plan", "debug", "watch", "gallery", "devices", "bench", "compare", "verify"])
    func usageInHelpIsTheDocs(command: String) throws {
        let help = try CLI.weft([command, "--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("USAGE: ") })
        var usage = [lines[start].dropFirst("USAGE: ".count)]
        for line in lines[(start + 1)...] {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { break }
            usage.append(line)
        }
        let sections = DocsHonestyTests.commandSections()
        let section = try #require(sections[command])
        // Code blocks are every other piece; the first is the usage, later ones may add usages (`weft bench --soak`).
        let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        func usageLines(_ block: String) -> [String] {
            Self.joinedUsage(block.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        }
        let first = usageLines(try #require(blocks.first))
        let everyDocumented = Set(blocks.flatMap(usageLines))
        let inHelp = Self.joinedUsage(usage)
        for line in first { #expect(inHelp.contains(line), "docs/cli.md shows \(line), weft \(command) --help does not") }
        for line in inHelp { #expect(everyDocumented.contains(line), "weft \(command) --help shows \(line), docs/cli.md does not") }
        // A section that says its command takes `weft render`'s options may leave them to render's section.
        let render = section.contains("weft render") ? sections["render"] ?? "" : ""
        let optionsStart = lines.firstIndex { $0.hasPrefix("OPTIONS:") } ?? lines.endIndex
        for flag in DocsHonestyTests.flags(in: lines[optionsStart...].joined(separator: "\n")).sorted() where flag != "--help" {
            #expect(section.contains(flag) || render.contains(flag), "weft \(command) --help lists \(flag), docs/cli.md does not")
        }
    }
}
