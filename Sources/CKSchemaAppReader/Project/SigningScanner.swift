internal import CKSchemaApp
internal import CKSchemaCore

/// Finds `codesign … --entitlements FILE` in shell scripts, Makefiles, CI workflows and Xcode script phases,
/// and reads the file each one signs with. A path written with a variable other than the project folder's
/// (`$SRCROOT`, `$PROJECT_DIR`, `$GITHUB_WORKSPACE`) cannot be known offline: it is a note, never a guess.
enum SigningScanner {
    /// Whether a file at `path` is a script or CI file worth scanning.
    static func isScript(_ path: String) -> Bool {
        let name = AppPath.name(of: path)
        if ["Makefile", "GNUmakefile", "makefile", "justfile", "Justfile", "Fastfile", "Taskfile.yml", ".gitlab-ci.yml",
            "bitrise.yml", "codemagic.yaml", "azure-pipelines.yml"].contains(name) { return true }
        let suffix = name.split(separator: ".").last.map(String.init) ?? ""
        if ["sh", "bash", "zsh", "command", "mk"].contains(suffix) { return true }
        return (path.contains(".github/workflows/") || path.contains(".circleci/")) && (suffix == "yml" || suffix == "yaml")
    }

    /// Scans `text`, which starts at `location`. `embedded` text (a script phase's string in a project file) is
    /// located as a whole, at `location`; a file's text line by line. `folder` is where relative paths start.
    static func scan(_ text: String, at location: SourceLocation, embedded: Bool, folder: String,
                     into reader: inout AppReader) {
        guard text.contains("codesign"), text.contains("--entitlements") else { return }
        var lineNumber = 0
        var pendingLine: (number: Int, column: Int)?
        var command = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var body = String(line)
            let continued = body.hasSuffix("\\")
            if continued { body.removeLast() }
            if pendingLine == nil, let range = body.firstRange(of: "codesign") {
                pendingLine = (lineNumber, body.distance(from: body.startIndex, to: range.lowerBound) + 1)
            }
            command += body + " "
            if continued { continue }
            if let start = pendingLine {
                let place = embedded ? location
                    : SourceLocation(file: location.file, line: location.line + start.number - 1, column: start.column)
                for written in entitlementsArguments(command) {
                    sign(written, at: place, folder: folder, into: &reader)
                }
            }
            command = ""
            pendingLine = nil
        }
    }

    /// The `--entitlements` arguments of the `codesign` commands in one logical line that sign. `codesign -d`
    /// (`--display`) writes the signed entitlements to that path instead (`-`, `:-`: standard output), so a
    /// command that displays names no file to read.
    static func entitlementsArguments(_ command: String) -> [String] {
        let words = words(command.replacing("${{ github.workspace }}", with: "$GITHUB_WORKSPACE"))
        var found: [String] = []
        var pending: [String] = []
        var displays = false
        var inCodesign = false
        func endCommand() {
            if !displays { found += pending }
            pending = []
            displays = false
            inCodesign = false
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "codesign" || word.hasSuffix("/codesign") {
                endCommand()
                inCodesign = true
            } else if [";", "&&", "||", "|"].contains(word) {
                endCommand()
            } else if inCodesign, word == "--entitlements", index + 1 < words.count {
                pending.append(words[index + 1])
                index += 1
            } else if inCodesign, word.hasPrefix("--entitlements=") {
                pending.append(String(word.dropFirst("--entitlements=".count)))
            } else if inCodesign, isDisplayOption(word) {
                displays = true
            }
            index += 1
        }
        endCommand()
        return found
    }

    /// `--display`, or a cluster of short options holding `d` (`-d`, `-dvvv`).
    private static func isDisplayOption(_ word: String) -> Bool {
        if word == "--display" { return true }
        guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 1 else { return false }
        return word.dropFirst().allSatisfy(\.isLetter) && word.contains("d")
    }

    /// Shell-like words: quotes group and are removed; `;`, `&&`, `||`, `|` are words of their own.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var hasWord = false
        func end() {
            if hasWord { words.append(current) }
            current = ""
            hasWord = false
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                hasWord = true
            } else if character == " " || character == "\t" {
                end()
            } else if character == ";" || character == "|" || character == "&" {
                end()
                if character == ";" { words.append(";") } else if words.last == String(character) {
                    words[words.count - 1] += String(character)
                } else {
                    words.append(String(character))
                }
            } else {
                current.append(character)
                hasWord = true
            }
        }
        end()
        return words.map { $0 == "&" ? "&&" : $0 }
    }

    private static let folderVariables = ["$SRCROOT", "${SRCROOT}", "$(SRCROOT)", "$PROJECT_DIR", "${PROJECT_DIR}",
                                          "$(PROJECT_DIR)", "$GITHUB_WORKSPACE", "${GITHUB_WORKSPACE}"]

    private static func sign(_ written: String, at location: SourceLocation, folder: String, into reader: inout AppReader) {
        var path = written
        var start = folder
        if let variable = folderVariables.first(where: { path.hasPrefix($0) }) {
            path = "." + path.dropFirst(variable.count)
            if variable.contains("GITHUB") { start = "" }
        }
        guard !path.contains("$") else {
            reader.report(AppReadDiagnostics.notRead, .note,
                          "codesign signs with the entitlements '\(written)', a path computed when the script runs: "
                            + "doctor cannot read it", at: location)
            reader.project.signings.append(ScriptSigning(location: location, written: written, entitlements: nil))
            return
        }
        let candidates = [AppPath.join(start, path), AppPath.join("", path)].compactMap { $0 }
        let found = candidates.first { if case .success = reader.files.read($0) { true } else { false } } ?? candidates.first
        let entitlements = found.flatMap {
            reader.entitlements($0, namedAt: location, by: "the entitlements codesign signs with", expand: { $0 })
        }
        if found == nil {
            reader.report(AppReadDiagnostics.unreadable, .error,
                          "codesign signs with the entitlements '\(written)', which is outside the folder", at: location)
        }
        reader.project.signings.append(ScriptSigning(location: location, written: written, entitlements: entitlements))
    }
}
