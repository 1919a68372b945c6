import ArgumentParser

/// `--config`: where the project configuration is.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The project configuration file.",
        discussion: "Default: ckschema.yaml (or ckschema.yml) in the current folder, if present.",
        valueName: "file"))
    var config: String?
}
