import CKSchemaCore
import CKSchemaDeploy

extension DeployFailure {
    /// The failure as the command reports it: exit 1 for a refusal, 2 otherwise. An invalid schema's
    /// diagnostics are printed to standard error first.
    var commandFailure: CommandFailure {
        if case .invalidSchema(_, let parsed) = self {
            TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources)
        }
        return isRefusal ? .rejected(message) : .couldNotRun(message)
    }
}

/// Runs `body`, turning a `DeployFailure` into the command's failure.
func deploying<Result>(_ body: () throws(DeployFailure) -> Result) throws(CommandFailure) -> Result {
    do {
        return try body()
    } catch {
        throw error.commandFailure
    }
}

extension SchemaDeployer {
    /// This deployer, telling what the user should know on standard error.
    func announcing() -> SchemaDeployer {
        var deployer = self
        deployer.notify = { Console.error($0.message) }
        return deployer
    }
}
