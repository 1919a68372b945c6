import CKSchemaTestSupport
import Foundation

/// A fake CKTool JS for the cktool-js backend: `node_modules/@apple/cktool.database` and
/// `@apple/cktool.target.nodejs` written into a folder, with the exports the real packages have
/// (`PromisesApi`, `CKEnvironment`; `createConfiguration`, `File`). Each `PromisesApi` schema call is recorded in a
/// log folder outside the project (its method, parameters, the token the library was given, the schema file's
/// text, the driver's pid) and answered as `FAKE_CKJS_MODE_<method>` (or `FAKE_CKJS_MODE`) says:
/// `ok`, `invalid` (validateSchema answers isValid false naming line 6), `unauthorized` (HTTP 401 whose reason holds
/// the token), `unknown-container` (404), `busy-once` (429 on the method's first call, then ok), `down` (500
/// always), `hang` (never answers), `garbage` (prints junk on standard output and exits 0), `kill` (the driver
/// kills itself with SIGKILL), `slow` (answers after `FAKE_CKJS_SLEEP` seconds).
struct FakeCKToolJS {
    static let token = "ckmt-0123456789abcdef-SECRET-JS-TOKEN"

    /// Whether a `node` of version 18 or later is on PATH to run the driver with; the tests that need one are
    /// skipped without it.
    static let nodeIsAvailable: Bool = {
        guard let version = try? CommandRunner.output(of: "node", ["--version"]) else { return false }
        let major = version.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().prefix { $0.isNumber }
        return (Int(major) ?? 0) >= 18
    }()

    let folder: TemporaryDirectory
    var log: URL { folder.url.appendingPathComponent("log") }
    var exportFile: URL { folder.url.appendingPathComponent("export.ckdb") }

    /// A fake installed in `packages` (the folder that gets `node_modules`), exporting `export`.
    init(installedIn packages: URL, export: String = "DEFINE SCHEMA\n") throws {
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
        try folder.write(export, to: "export.ckdb")
        try Self.install(in: packages)
    }

    /// Writes the two fake packages into `packages/node_modules`.
    static func install(in packages: URL) throws {
        let files = [
            "node_modules/@apple/cktool.database/package.json":
                #"{ "name": "@apple/cktool.database", "version": "0.0.0-fake", "main": "index.js" }"# + "\n",
            "node_modules/@apple/cktool.database/index.js": databaseSource,
            "node_modules/@apple/cktool.target.nodejs/package.json":
                #"{ "name": "@apple/cktool.target.nodejs", "version": "0.0.0-fake", "main": "index.js" }"# + "\n",
            "node_modules/@apple/cktool.target.nodejs/index.js": targetSource,
        ]
        for (path, text) in files {
            let url = packages.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The environment that points the fake at its log and export, with the token and `modes`
    /// (`["importSchema": "hang"]`).
    func environment(_ modes: [String: String] = [:], token: String? = FakeCKToolJS.token) -> [String: String] {
        var variables = ["FAKE_CKJS_LOG": log.path, "FAKE_CKJS_EXPORT": exportFile.path,
                         "CLOUDKIT_MANAGEMENT_TOKEN": token ?? ""]
        for (method, mode) in modes {
            variables["FAKE_CKJS_MODE_" + method] = mode
        }
        return variables
    }

    /// One recorded call.
    struct Call {
        let method: String
        let teamID: String?
        let containerID: String?
        /// `DEVELOPMENT` or `PRODUCTION`: the value of the fake's `CKEnvironment` the driver chose.
        let environment: String?
        /// The management token the library was constructed with.
        let token: String?
        /// The schema file's text, for validate and import.
        let schema: String?
        /// The driver's process id.
        let pid: Int32
    }

    /// The calls made so far, in order.
    func calls() throws -> [Call] {
        let names = try FileManager.default.contentsOfDirectory(atPath: log.path).filter { $0.hasSuffix(".json") }
        return try names.sorted { Int($0.split(separator: ".")[0]) ?? 0 < Int($1.split(separator: ".")[0]) ?? 0 }.map { name in
            let data = try Data(contentsOf: log.appendingPathComponent(name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            let parameters = object["parameters"] as? [String: Any] ?? [:]
            return Call(method: object["method"] as? String ?? "", teamID: parameters["teamId"] as? String,
                        containerID: parameters["containerId"] as? String,
                        environment: parameters["environment"] as? String, token: object["token"] as? String,
                        schema: object["schema"] as? String, pid: (object["pid"] as? NSNumber)?.int32Value ?? 0)
        }
    }

    static let databaseSource = #"""
'use strict';
// A fake @apple/cktool.database for ckschema's tests: PromisesApi's schema methods record each call in
// $FAKE_CKJS_LOG (one JSON file per call) and answer as FAKE_CKJS_MODE_<method> (or FAKE_CKJS_MODE) says.
const fs = require('fs');
const path = require('path');
const log = process.env.FAKE_CKJS_LOG;

class DocumentedResponseError extends Error {
  constructor(statusCode, result) {
    super(`Request failed with status ${statusCode}`);
    this.name = 'DocumentedResponseError';
    this.statusCode = statusCode;
    this.result = result;
  }
}
const CKEnvironment = Object.freeze({ DEVELOPMENT: 'DEVELOPMENT', PRODUCTION: 'PRODUCTION' });

function previousCalls(method) {
  return fs.readdirSync(log).filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(log, name), 'utf8'))).filter((call) => call.method === method).length;
}

class PromisesApi {
  constructor(options) {
    if (!options || !options.configuration || !options.configuration.fakeConfiguration) {
      throw new Error('PromisesApi needs the configuration createConfiguration() returns');
    }
    this.token = options.security && options.security.ManagementTokenAuth;
  }
  exportSchema(parameters) { return this.call('exportSchema', parameters); }
  validateSchema(parameters) { return this.call('validateSchema', parameters); }
  importSchema(parameters) { return this.call('importSchema', parameters); }
  resetToProduction(parameters) { return this.call('resetToProduction', parameters); }

  async call(method, parameters) {
    const mode = process.env['FAKE_CKJS_MODE_' + method] || process.env.FAKE_CKJS_MODE || 'ok';
    const earlier = previousCalls(method);
    const { file, ...rest } = parameters;
    const entry = { method, parameters: rest, token: this.token, pid: process.pid, mode,
                    schema: file ? Buffer.from(await file.arrayBuffer()).toString('utf8') : null };
    const count = fs.readdirSync(log).filter((name) => name.endsWith('.json')).length + 1;
    fs.writeFileSync(path.join(log, `${count}.tmp`), JSON.stringify(entry));
    fs.renameSync(path.join(log, `${count}.tmp`), path.join(log, `${count}.json`));
    switch (mode) {
      case 'invalid':
        if (method === 'validateSchema') {
          return { statusCode: 200, result: { isValid: false,
            errorMessage: 'Encountered " <IDENTIFIER> "BADTYPE "" at line 6, column 25.' } };
        }
        break;
      case 'unauthorized':
        throw new DocumentedResponseError(401, { code: 401, message: 'AUTHENTICATION_FAILED',
          reason: `no session for token ${this.token}`, requestUuid: 'b2a1-401' });
      case 'unknown-container':
        throw new DocumentedResponseError(404, { code: 404, message: 'NOT_FOUND',
          reason: 'container not found', requestUuid: 'b2a1-404' });
      case 'busy-once':
        if (earlier === 0) {
          throw new DocumentedResponseError(429, { code: 429, message: 'THROTTLED', reason: 'too many requests',
            retryAfterSeconds: 0 });
        }
        break;
      case 'down':
        throw new DocumentedResponseError(500, { code: 500, message: 'INTERNAL_ERROR', reason: 'try again later' });
      case 'hang':
        await new Promise(() => setInterval(() => {}, 1000));
        break;
      case 'garbage':
        process.stdout.write('<html>502 Bad Gateway</html>\n');
        process.exit(0);
        break;
      case 'kill':
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => setInterval(() => {}, 1000));
        break;
      case 'slow':
        await new Promise((done) => setTimeout(done, Number(process.env.FAKE_CKJS_SLEEP || '3') * 1000));
        break;
    }
    switch (method) {
      case 'exportSchema': return { statusCode: 200, result: new Blob([fs.readFileSync(process.env.FAKE_CKJS_EXPORT)]) };
      case 'validateSchema': return { statusCode: 200, result: { isValid: true } };
      default: return { statusCode: 202 };
    }
  }
}
module.exports = { CKEnvironment, PromisesApi, DocumentedResponseError };
"""#

    static let targetSource = #"""
'use strict';
// A fake @apple/cktool.target.nodejs for ckschema's tests: the exports the real package has.
class File {
  constructor(parts, name) { this.parts = parts; this.name = name; }
  async arrayBuffer() { return Buffer.concat(this.parts.map((part) => Buffer.from(part))); }
}
function createConfiguration() { return { fakeConfiguration: true }; }
module.exports = { File, createConfiguration };
"""#
}
