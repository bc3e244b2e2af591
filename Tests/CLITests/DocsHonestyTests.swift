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

/// The kinds of drift a new user met in the docs (issue 40), each caught for every document: README.md and docs/*.md.
extension DocsHonestyTests {
    static let documents: [(name: String, text: String)] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("docs").path)) ?? []
        return (["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }).map { name in
            (name, (try? String(contentsOf: CLI.packageRoot.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
    }()

    static func contents(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Users have only the repository: every `NAME.md` a document mentions is one of its files (at the root, in docs/
    /// or as a path from the root), and none points outside it.
    @Test func documentsNameOnlyFilesOfTheRepository() throws {
        #expect(Self.documents.count > 10)
        for (name, text) in Self.documents {
            #expect(!text.contains("../shared"), "\(name) points outside the repository")
            for match in text.matches(of: /[A-Za-z0-9_.\/-]*[A-Za-z0-9_-]+\.md\b/) {
                let mentioned = String(match.output)
                let exists = [mentioned, "docs/" + mentioned].contains {
                    FileManager.default.fileExists(atPath: CLI.packageRoot.appendingPathComponent($0).path)
                }
                #expect(exists, "\(name) mentions \(mentioned), which the repository does not have")
            }
        }
    }

    /// "The five examples: `a.json`, `b.json` …": a number of files followed by their list names that many.
    @Test func aCountedListNamesThatManyFiles() throws {
        let numbers = ["two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10]
        var lists = 0
        for (name, text) in Self.documents {
            for match in text.matches(of: /(?i)\b(two|three|four|five|six|seven|eight|nine|ten)\s+(examples|example scenes|scenes|files)\b/) {
                let rest = text[match.range.upperBound...]
                // The list runs to the end of its clause.
                let end = [";", ". ", ".\n", "\n\n"].compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
                let files = Set(rest[..<end].matches(of: /`([^`]+\.(?:json|metal|glsl))`/).map { String($0.output.1) })
                guard !files.isEmpty else { continue }
                lists += 1
                #expect(files.count == numbers[String(match.output.1).lowercased()],
                        "\(name): \"\(match.output.0)\" lists \(files.count): \(files.sorted())")
            }
        }
        #expect(lists > 0, "docs/animation.md's list of timeline examples is counted")
    }

    /// A "Not done" section does not deny what the same document describes as done: no bullet of it holds every word of
    /// a done bullet's bold title (words of four letters or more, compared by their first four, so "timeline" meets
    /// "time").
    @Test func notDoneDoesNotContradictWhatIsDone() throws {
        let ignored: Set<String> = ["with", "from", "that", "this", "their", "than", "each", "when", "only", "into", "also", "what", "over", "same", "more"]
        func stems(_ text: Substring) -> Set<String> {
            Set(text.split { !$0.isLetter }.filter { $0.count >= 4 && !ignored.contains($0.lowercased()) }.map { String($0.lowercased().prefix(4)) })
        }
        var sections = 0
        for (name, text) in Self.documents {
            guard let heading = text.range(of: "\n## Not done") else { continue }
            sections += 1
            let done = text[..<heading.lowerBound]
            let notDone = text[heading.upperBound...].split(separator: "\n## ").first ?? ""
            let titles = done.matches(of: /(?m)^\s*[-*] \*\*([^*]+)\*\*/).map { $0.output.1 }.filter { stems($0).count >= 2 }
            for bullet in notDone.components(separatedBy: "\n- ").dropFirst() {
                let first = bullet.prefix { $0 != "." && $0 != ";" && $0 != ":" }
                for title in titles where stems(title).isSubset(of: stems(first)) {
                    Issue.record("\(name): \"Not done\" says \"\(first)\", but the document describes **\(title)** as done")
                }
            }
        }
        #expect(sections > 0)
    }

    /// Articles are named by subject ("the Metal article"): the repository numbers no articles, and ordinals drifted
    /// (two different articles were each "the third").
    @Test func articlesAreNamedNotNumbered() throws {
        for (name, text) in Self.documents {
            for match in text.matches(of: /(?i)\b(first|second|third|fourth|fifth|sixth)\s+article\b/) {
                Issue.record("\(name) numbers an article: \"\(match.output.0)\"; name it by its subject")
            }
        }
    }

    /// The Metal article's shaders in docs/authoring.md are in examples/metal/ as printed, and every other file there
    /// is said not to be printed in the article.
    @Test func printedShadersAreTheExampleFiles() throws {
        let authoring = try Self.contents("docs/authoring.md")
        let blocks = authoring.components(separatedBy: "```metal\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        var shown = Set<String>()
        for block in blocks {
            guard let marker = block.range(of: "[[ stitchable ]] half4 "),
                  let name = block[marker.upperBound...].split(separator: "(").first.map(String.init) else { continue }
            shown.insert(name)
            let file = try Self.contents("examples/metal/\(name).metal")
            #expect(file.contains(block[marker.lowerBound...]), "docs/authoring.md prints \(name), but examples/metal/\(name).metal differs")
        }
        #expect(shown == ["tinteRadial", "pixelado"], "\(shown)")
        let files = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("examples/metal").path)
        for file in files where file.hasSuffix(".metal") && !shown.contains(String(file.dropLast(".metal".count))) {
            let sentence = authoring.replacingOccurrences(of: "\n", with: " ").components(separatedBy: ". ").first { $0.contains("`\(file)`") } ?? ""
            #expect(sentence.contains("not printed in the article"), "docs/authoring.md does not say examples/metal/\(file) is not printed in the article")
        }
    }

    /// README's list of Debian packages is the Makefile's DEBIAN_PACKAGES.
    @Test func readmeListsEveryPackageTheMakefileInstalls() throws {
        let makefile = try Self.contents("Makefile")
        let start = try #require(makefile.range(of: "DEBIAN_PACKAGES :="))
        var packages: [String] = []
        for line in makefile[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            packages += line.replacingOccurrences(of: "\\", with: " ").split(separator: " ").map(String.init)
            if !line.hasSuffix("\\") { break }
        }
        #expect(packages.contains("ffmpeg") && packages.count > 10, "\(packages)")
        let readme = try Self.contents("README.md")
        let list = try #require(readme.range(of: "Both install what is missing").map { readme[$0.upperBound...].prefix(600) })
        let named = Set(list.split { $0.isWhitespace || "`():;,".contains($0) }.map(String.init))
        for package in packages {
            #expect(named.contains(package), "README.md's package list omits \(package), which the Makefile installs")
        }
    }
}
