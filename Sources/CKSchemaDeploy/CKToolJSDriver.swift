/// The CKTool JS driver: the small Node.js program the cktool-js backend runs (`node DRIVER`), versioned with
/// ckschema. `CKToolJSRunner` writes it to a private temporary file (0600 in a 0700 folder, removed afterwards)
/// and speaks its protocol over pipes: one JSON request a line on standard input, one JSON reply a line on
/// standard output. Kept in plain CommonJS that any Node.js parses, so that an old Node.js still gets as far as
/// saying it is too old.
///
/// What it relies on from CKTool JS, as Apple's `sample-cloudkit-tooling` and the CKTool JS reference show it:
/// `createConfiguration()` and `File` from `@apple/cktool.target.nodejs`; `PromisesApi` (constructed with
/// `{ configuration, security: { ManagementTokenAuth } }`), `CKEnvironment.DEVELOPMENT` / `.PRODUCTION` from
/// `@apple/cktool.database`; `exportSchema` (resolves `{ result: Blob }`), `validateSchema` (`{ result:
/// { isValid, errorMessage } }`), `importSchema` and `resetToProduction`, each given `{ teamId, containerId,
/// environment }` and, for a schema, `file`; failures rejected as `DocumentedResponseError` with `statusCode`
/// and `result` (`RequestError`: `code`, `message`, `reason`, `requestUuid`, `retryAfterSeconds`).
enum CKToolJSDriver {
    /// The program's text.
    static let source = #"""
'use strict';
// ckschema's CKTool JS driver: versioned with ckschema, written by it to a private temporary file and run with
// `node DRIVER`. It reads requests from standard input, one JSON object a line, and answers each with one JSON
// line on standard output, in order; then it exits. The management token arrives inside a request, never in
// the arguments or the environment. Everything else it or the libraries print goes to standard error.
//
// Request:  {"id":1,"op":"export|validate|import|reset","packages":"/folder","token":"…","teamId":"…",
//            "containerId":"…","environment":"development|production","schema":"<base64>"}
// Response: {"id":1,"ok":true,"schema":"<base64>"} (export), {"id":1,"ok":true,"valid":false,"message":"…"}
//           (validate), {"id":1,"ok":true} (import, reset), or {"id":1,"ok":false,"error":{"kind":"setup|server|
//           network|library|refused|driver",…}}.
var path = require('path');
var Module = require('module');
var url = require('url');

var protocolOutput = process.stdout;
['log', 'info', 'debug', 'warn', 'trace'].forEach(function (name) {
  console[name] = function () { console.error.apply(console, arguments); };
});

// The driver dies with ckschema: when its parent is gone (even killed outright), it exits.
var parent = process.ppid;
setInterval(function () { if (process.ppid !== parent) { process.exit(70); } }, 200).unref();

var packageNames = { database: '@apple/cktool.database', target: '@apple/cktool.target.nodejs' };

function failure(kind, fields) {
  var error = new Error(fields.message || kind);
  error.ckschema = Object.assign({ kind: kind }, fields);
  return error;
}

function text(value) { return typeof value === 'string' && value.length > 0 ? value : undefined; }
function number(value) { return typeof value === 'number' && isFinite(value) ? value : undefined; }

async function loadPackage(requireFrom, name) {
  try {
    return requireFrom(name);
  } catch (error) {
    var code = error && error.code;
    if (code === 'MODULE_NOT_FOUND' && String(error.message).indexOf(name) >= 0) {
      throw failure('setup', { reason: 'missing-package', package: name });
    }
    if (code === 'ERR_REQUIRE_ESM') {
      return import(url.pathToFileURL(requireFrom.resolve(name)).href);
    }
    throw failure('setup', { reason: 'package-failed', package: name, message: String(error && error.message) });
  }
}

async function loadLibraries(folder) {
  var requireFrom = Module.createRequire(path.join(folder, 'package.json'));
  var database = await loadPackage(requireFrom, packageNames.database);
  var target = await loadPackage(requireFrom, packageNames.target);
  var expected = [
    [database, 'PromisesApi', packageNames.database, 'function'],
    [database, 'CKEnvironment', packageNames.database, 'object'],
    [target, 'createConfiguration', packageNames.target, 'function'],
    [target, 'File', packageNames.target, 'function']
  ];
  expected.forEach(function (entry) {
    if (typeof entry[0][entry[1]] !== entry[3]) {
      throw failure('setup', { reason: 'package-shape', package: entry[2], export: entry[1] });
    }
  });
  return { database: database, target: target };
}

function describe(error) {
  if (error && error.ckschema) { return error.ckschema; }
  var body = error && typeof error.result === 'object' && error.result !== null ? error.result : {};
  var status = number(error && error.statusCode) || number(error && error.status) ||
    number(error && error.response && error.response.status) || number(body.code);
  var name = text(error && error.name) || text(error && error.constructor && error.constructor.name);
  var kind = status !== undefined ? 'server' : (name && /fetch|network/i.test(name) ? 'network' : 'library');
  return {
    kind: kind, status: status, name: name,
    serverCode: text(body.serverErrorCode) || text(body.message),
    reason: text(body.reason), detail: text(body.detailedMessage), requestUuid: text(body.requestUuid),
    retryAfter: number(body.retryAfterSeconds),
    message: text(error && error.message) || (typeof error === 'string' ? error : undefined)
  };
}

async function bytesOf(result) {
  if (result === undefined || result === null) { throw failure('library', { message: 'exportSchema returned no schema' }); }
  if (typeof result === 'string') { return Buffer.from(result, 'utf8'); }
  if (result instanceof Uint8Array) { return Buffer.from(result); }
  if (typeof result.arrayBuffer === 'function') { return Buffer.from(await result.arrayBuffer()); }
  throw failure('library', { message: 'exportSchema returned a ' + typeof result + ', not a Blob' });
}

async function perform(request) {
  var libraries = await loadLibraries(request.packages);
  var CKEnvironment = libraries.database.CKEnvironment;
  var environment = { development: CKEnvironment.DEVELOPMENT, production: CKEnvironment.PRODUCTION }[request.environment];
  if (environment === undefined) {
    throw failure('setup', { reason: 'package-shape', package: packageNames.database,
      export: 'CKEnvironment.' + String(request.environment).toUpperCase() });
  }
  if ((request.op === 'import' || request.op === 'reset') && request.environment !== 'development') {
    throw failure('refused', { message: request.op + ' is only ever sent to development' });
  }
  var configuration = libraries.target.createConfiguration();
  var api = new libraries.database.PromisesApi({
    configuration: configuration, security: { ManagementTokenAuth: request.token }
  });
  var parameters = { teamId: request.teamId, containerId: request.containerId, environment: environment };
  function schemaFile() {
    return new libraries.target.File([Buffer.from(request.schema || '', 'base64')], 'schema.ckdb');
  }
  switch (request.op) {
    case 'export': {
      var exported = await api.exportSchema(parameters);
      return { schema: (await bytesOf(exported && exported.result)).toString('base64') };
    }
    case 'validate': {
      var validated = await api.validateSchema(Object.assign({}, parameters, { file: schemaFile() }));
      var verdict = (validated && validated.result) || {};
      return { valid: verdict.isValid === true, message: text(verdict.errorMessage) };
    }
    case 'import':
      await api.importSchema(Object.assign({}, parameters, { file: schemaFile() }));
      return {};
    case 'reset':
      await api.resetToProduction(parameters);
      return {};
    default:
      throw failure('driver', { message: 'unknown operation ' + JSON.stringify(request.op) });
  }
}

function answer(line, done) {
  protocolOutput.write(JSON.stringify(line) + '\n', done);
}

async function main(lines) {
  var major = parseInt(process.versions.node.split('.')[0], 10);
  for (var index = 0; index < lines.length; index++) {
    var request;
    try {
      request = JSON.parse(lines[index]);
    } catch (error) {
      await new Promise(function (done) { answer({ id: null, ok: false, error: { kind: 'driver', message: 'a request is not JSON' } }, done); });
      continue;
    }
    var response;
    if (major < 18) {
      response = { id: request.id, ok: false, error: { kind: 'setup', reason: 'node-too-old', version: process.versions.node } };
    } else {
      try {
        response = Object.assign({ id: request.id, ok: true }, await perform(request));
      } catch (error) {
        response = { id: request.id, ok: false, error: describe(error) };
      }
    }
    await new Promise(function (done) { answer(response, done); });
  }
}

function crash(error) {
  answer({ id: null, ok: false, error: { kind: 'driver', message: String(error && error.stack || error) } },
    function () { process.exit(1); });
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

var input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', function (chunk) { input += chunk; });
process.stdin.on('end', function () {
  main(input.split('\n').filter(function (line) { return line.trim() !== ''; }))
    .then(function () { process.exit(0); }, crash);
});
"""#
}
