import CKSchemaFiles
import Foundation

extension DeployPlan {
    /// The plan as a JSON document: sorted keys, indented, absent values `null`, a trailing newline.
    package func jsonText() throws(DeployFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw .couldNotRun("cannot encode the plan: \(error)")
        }
    }

    /// Reads a plan file written by `jsonText()`. A file that is not a plan, or a plan from a newer ckschema,
    /// cannot be used (exit 2); a plan whose schema text no longer matches its digest was edited and is refused.
    package static func read(from path: String) throws(DeployFailure) -> DeployPlan {
        let data: Data
        do {
            data = Data(try InputFile.read(path))
        } catch {
            if case .missing = error {
                throw .couldNotRun("there is no plan file '\(path)'; write one with 'ckschema deploy --to ENV --plan \(path)'")
            }
            throw .couldNotRun("cannot read the plan file: \(error)")
        }
        return try decode(data, path: path)
    }

    /// Decodes and checks plan JSON read from `path`.
    static func decode(_ data: Data, path: String) throws(DeployFailure) -> DeployPlan {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw .couldNotRun("'\(path)' is not a ckschema deploy plan (not JSON with a 'format' and a 'version')")
        }
        guard header.format == formatName else {
            throw .couldNotRun("'\(path)' is not a ckschema deploy plan: its format is '\(header.format)'")
        }
        guard readableVersions.contains(header.version) else {
            throw .couldNotRun("the plan '\(path)' has version \(header.version); this ckschema reads versions "
                + "\(readableVersions.lowerBound) to \(readableVersions.upperBound) (make the plan again with this ckschema)")
        }
        let plan: DeployPlan
        do {
            plan = try JSONDecoder().decode(DeployPlan.self, from: data)
        } catch {
            throw .couldNotRun("the plan '\(path)' is damaged: \(Self.describe(error))")
        }
        guard SHA256.hexDigest(of: plan.ckdb.utf8) == plan.ckdbSHA256 else {
            throw .refused("the plan '\(path)' was edited after it was made: its schema no longer matches its "
                + "digest; make the plan again")
        }
        return plan
    }

    /// The part of a plan file read first, to tell a damaged plan from a plan of another version.
    private struct Header: Decodable {
        let format: String
        let version: Int
    }

    /// A decoding error as a short phrase naming the key at fault.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(path(context)).\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "'\(path(context))' is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
