'use strict';
// Client for `pushnorm rpc` (JSON-RPC 2.0 over NDJSON on the child's stdin/stdout). Node 20, no dependencies.
// See index.d.ts for the types.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { version } = require('./package.json');

/** Milliseconds a call waits for its reply unless the client or the call says otherwise (0 or null: no limit). */
const DEFAULT_TIMEOUT = 30_000;
/** Milliseconds close() waits for the server to exit at end of input before killing it. */
const CLOSE_GRACE = 5_000;

/** A JSON-RPC error reply: `code`, `message`, `data`; thrown as the subclass of its code. */
class PushnormError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'PushnormError';
    this.code = code;
    this.data = data === undefined ? null : data;
  }

  /** `data.diagnostics`, or []. */
  get diagnostics() {
    return (this.data && Array.isArray(this.data.diagnostics)) ? this.data.diagnostics : [];
  }
}

// One subclass per code of `components.errors` in rpc-spec/openrpc.json (a test checks the two agree).
const errorClasses = new Map();
function defineError(name, code) {
  const cls = {
    [name]: class extends PushnormError {
      constructor(_code, message, data) {
        super(code, message, data);
        this.name = name;
      }
    },
  }[name];
  cls.code = code;
  errorClasses.set(code, cls);
  return cls;
}
const ParseError = defineError('ParseError', -32700);
const InvalidRequestError = defineError('InvalidRequestError', -32600);
const MethodNotFoundError = defineError('MethodNotFoundError', -32601);
const InvalidParamsError = defineError('InvalidParamsError', -32602);
const InternalError = defineError('InternalError', -32603);
const UnknownFormatError = defineError('UnknownFormatError', 1001);
const UnrecognisedPayloadError = defineError('UnrecognisedPayloadError', 1002);
const PayloadRejectedError = defineError('PayloadRejectedError', 1003);
const LossyConversionError = defineError('LossyConversionError', 1004);
const InvalidPayloadJSONError = defineError('InvalidPayloadJSONError', 1005);
Object.defineProperty(LossyConversionError.prototype, 'lost', {
  get() {
    return (this.data && Array.isArray(this.data.lost)) ? this.data.lost : [];
  },
});

/** The error for a reply's `error` member: the subclass of its code, else PushnormError. */
function errorFromReply(error) {
  if (!error || typeof error !== 'object') {
    return new PushnormError(0, `malformed error reply: ${JSON.stringify(error)}`);
  }
  const cls = errorClasses.get(error.code) || PushnormError;
  return new cls(error.code, error.message, error.data);
}

/** The server could not be started, or ended before answering. */
class PushnormProcessError extends Error {
  constructor(message) {
    super(message);
    this.name = 'PushnormProcessError';
  }
}

/** The server did not answer a call within its timeout (the call is abandoned; a late reply is dropped). */
class PushnormTimeoutError extends PushnormProcessError {
  constructor(method, timeout) {
    super(`${method}: no reply within ${timeout} ms`);
    this.name = 'PushnormTimeoutError';
    this.method = method;
    this.timeout = timeout;
  }
}

function isExecutable(candidate) {
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The pushnorm shipped in this package (`bin/pushnorm`, in the packed tarball), or null. */
function bundledExecutable() {
  const candidate = path.join(__dirname, 'bin', 'pushnorm');
  return isExecutable(candidate) ? candidate : null;
}

/** The pushnorm to run: `executable`, else $PUSHNORM, else the bundled one, else `pushnorm` on PATH. */
function findExecutable(executable) {
  if (executable) return executable;
  if (process.env.PUSHNORM) return process.env.PUSHNORM;
  const bundled = module.exports.bundledExecutable();
  if (bundled) return bundled;
  for (const directory of (process.env.PATH || '').split(path.delimiter)) {
    if (directory && isExecutable(path.join(directory, 'pushnorm'))) return path.join(directory, 'pushnorm');
  }
  throw new PushnormProcessError(
    'pushnorm not found: pass executable, set $PUSHNORM, install the packed tarball (it bundles pushnorm), ' +
      'or put pushnorm on PATH');
}

/** One child process and the calls waiting on it. */
class Server {
  constructor(command, args, stderr) {
    this.pending = new Map();
    this.failure = null;
    this.exitStatus = undefined;
    this.process = spawn(command, args, { stdio: ['pipe', 'pipe', stderr] });
    this.exited = new Promise((resolve) => {
      this.process.on('close', (code, signal) => {
        this.exitStatus = code === null ? signal : code;
        this.fail(`pushnorm exited (${this.exitStatus}) before replying`);
        resolve(this.exitStatus);
      });
    });
    this.process.on('error', (error) => this.fail(`cannot run ${command}: ${error.message}`));
    this.process.stdin.on('error', (error) => this.fail(`the server is gone: ${error.message}`));
    const lines = readline.createInterface({ input: this.process.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => this.receive(line));
    lines.on('close', () => this.fail('pushnorm exited before replying'));
  }

  get alive() {
    return this.failure === null && this.process.exitCode === null && this.process.signalCode === null;
  }

  send(id, line, entry) {
    this.pending.set(id, entry);
    this.process.stdin.write(line);
  }

  receive(line) {
    if (!line.trim()) return;
    let reply;
    try {
      reply = JSON.parse(line);
    } catch {
      return;
    }
    for (const item of Array.isArray(reply) ? reply : [reply]) {
      const entry = item && this.pending.get(item.id);
      if (!entry) continue;
      this.pending.delete(item.id);
      if (item.error) entry.reject(errorFromReply(item.error));
      else if ('result' in item) entry.resolve(item.result);
      else entry.reject(new PushnormProcessError(`a reply with neither result nor error: ${line}`));
    }
  }

  fail(message) {
    this.failure = this.failure || message;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.reject(new PushnormProcessError(this.failure));
  }

  kill() {
    this.fail('the server was stopped');
    if (this.exitStatus === undefined) this.process.kill('SIGKILL');
  }

  async stop(grace) {
    if (!this.process.stdin.destroyed && !this.process.stdin.writableEnded) this.process.stdin.end();
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, grace, 'late');
    });
    const status = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (status !== 'late') return status;
    this.kill();
    return this.exited;
  }
}

/** `params` with `substitutions` when given (normalise, validate, render and convert take them). */
function withSubstitutions(params, substitutions) {
  if (substitutions !== undefined && substitutions !== null) params.substitutions = substitutions;
  return params;
}

class Client {
  /**
   * @param {import('./index').ClientSettings} [settings]
   */
  constructor(settings = {}) {
    this.executable = findExecutable(settings.executable);
    this.options = { ...(settings.options || {}) };
    this.timeout = settings.timeout === undefined ? DEFAULT_TIMEOUT : settings.timeout;
    this.restart = Boolean(settings.restart);
    this.restarts = 0;
    this._args = ['rpc', ...(settings.args || [])];
    this._stderr = settings.stderr || 'inherit';
    this._nextId = 1;
    this._closed = false;
    this._server = new Server(this.executable, this._args, this._stderr);
  }

  /** Runs `body(client)` and closes the client afterwards, whatever happens. */
  static async with(settings, body) {
    const client = new Client(settings);
    try {
      return await body(client);
    } finally {
      await client.close();
    }
  }

  /** The process id of the current server. */
  get pid() {
    return this._server.process.pid;
  }

  /** Ends the server's input and resolves to its exit status (a signal name when killed after `grace` ms). */
  async close(grace = CLOSE_GRACE) {
    this._closed = true;
    return this._server.stop(grace);
  }

  /** `normalise`; `substitutions` renders the notification's templates, as `convert` does. */
  normalise(payload, { format = 'auto', options, substitutions, timeout } = {}) {
    const params = withSubstitutions({ payload, format }, substitutions);
    return this.call('normalise', this._params(params, options), { timeout });
  }

  /** `validate`; `substitutions` renders the templates first and checks the rendered values. */
  validate({ payload, notification, catalogue, format, target, options, substitutions, timeout } = {}) {
    const params = {};
    if (payload !== undefined) params.payload = payload;
    if (notification !== undefined) params.notification = notification;
    if (catalogue !== undefined) params.catalogue = catalogue;
    if (format !== undefined) params.format = format;
    if (target !== undefined) params.target = target;
    return this.call('validate', this._params(withSubstitutions(params, substitutions), options), { timeout });
  }

  /** `render`; `substitutions` renders the notification's templates first. */
  render(notification, { format, catalogue, options, substitutions, timeout } = {}) {
    const params = { format };
    if (catalogue !== undefined) params.catalogue = catalogue;
    if (notification !== undefined && notification !== null) {
      params[format === 'hive-actions' && catalogue === undefined ? 'catalogue' : 'notification'] = notification;
    }
    return this.call('render', this._params(withSubstitutions(params, substitutions), options), { timeout });
  }

  convert(payload, { from = 'auto', to, strict = false, allowInvalid = false, options, substitutions, timeout } = {}) {
    const params = this._convertParams(payload, { from, to, strict, allowInvalid, options, substitutions });
    return this.call('convert', params, { timeout });
  }

  /** `convert`, always as the list of messages: a reply `{from, messages}` gives its messages, one result itself. */
  async convertMessages(payload, settings = {}) {
    const reply = await this.convert(payload, settings);
    return Array.isArray(reply.messages) && !('payload' in reply) ? reply.messages : [reply];
  }

  /** `variables`: the `{{…}}` placeholders of a payload or template, each with its JSON Pointer; the names once. */
  variables(payload, { timeout } = {}) {
    return this.call('variables', { payload }, { timeout });
  }

  /**
   * `report`: the HTML migration report of a batch summary (the JSON `pushnorm convert --summary` writes),
   * `{html, size}`. A summary that is not one is InvalidParamsError, located under /summary. Takes no options.
   */
  report(summary, { timeout } = {}) {
    return this.call('report', { summary }, { timeout });
  }

  formats({ timeout } = {}) {
    return this.call('formats', undefined, { timeout });
  }

  discover({ timeout } = {}) {
    return this.call('rpc.discover', undefined, { timeout });
  }

  /**
   * Converts every payload with at most `maxInFlight` requests outstanding; yields results in input order.
   * A failed record throws its PushnormError, or is yielded as one with `returnErrors: true`.
   */
  async *convertMany(payloads, {
    from = 'auto', to, strict = false, allowInvalid = false, options, substitutions, maxInFlight = 64,
    returnErrors = false, timeout,
  } = {}) {
    if (!(maxInFlight >= 1)) throw new RangeError('maxInFlight must be at least 1');
    const window = [];
    const settle = async (promise) => {
      try {
        return await promise;
      } catch (error) {
        if (returnErrors && error instanceof PushnormError) return error;
        throw error;
      }
    };
    for await (const payload of payloads) {
      if (window.length >= maxInFlight) yield await settle(window.shift());
      const params = this._convertParams(payload, { from, to, strict, allowInvalid, options, substitutions });
      const promise = this.call('convert', params, { timeout });
      promise.catch(() => {}); // handled when its turn comes
      window.push(promise);
    }
    while (window.length > 0) yield await settle(window.shift());
  }

  /**
   * Any method: resolves to the result, rejects with the PushnormError subclass of the reply's code, a
   * PushnormTimeoutError after `timeout` ms (default: the client's), or a PushnormProcessError.
   */
  call(method, params, { timeout } = {}) {
    let server;
    try {
      server = this._liveServer();
    } catch (error) {
      return Promise.reject(error);
    }
    const limit = timeout === undefined ? this.timeout : timeout;
    const id = this._nextId++;
    const message = { jsonrpc: '2.0', id, method };
    if (params && Object.keys(params).length > 0) message.params = params;
    return new Promise((resolve, reject) => {
      let timer = null;
      const settle = (outcome) => (value) => {
        if (timer) clearTimeout(timer);
        outcome(value);
      };
      if (limit) {
        timer = setTimeout(() => {
          server.pending.delete(id);
          if (this.restart) server.kill(); // hung: the next call starts a new server
          reject(new PushnormTimeoutError(method, limit));
        }, limit);
      }
      server.send(id, JSON.stringify(message) + '\n', { resolve: settle(resolve), reject: settle(reject) });
    });
  }

  _liveServer() {
    if (this._closed) throw new PushnormProcessError('the client is closed');
    const server = this._server;
    if (server.alive) return server;
    if (!this.restart) throw new PushnormProcessError(server.failure || 'pushnorm exited');
    server.kill();
    this._server = new Server(this.executable, this._args, this._stderr);
    this.restarts += 1;
    return this._server;
  }

  _params(params, options) {
    const merged = { ...this.options, ...(options || {}) };
    if (Object.keys(merged).length > 0) params.options = merged;
    return params;
  }

  _convertParams(payload, { from, to, strict, allowInvalid, options, substitutions }) {
    if (!to) throw new TypeError('convert needs `to` (the target format)');
    const params = { payload, from, to };
    if (strict) params.strict = true;
    if (allowInvalid) params.allowInvalid = true;
    withSubstitutions(params, substitutions);
    return this._params(params, options);
  }
}

// `await using client = new Client()` where the runtime has explicit resource management.
if (typeof Symbol.asyncDispose === 'symbol') {
  Client.prototype[Symbol.asyncDispose] = function dispose() {
    return this.close();
  };
}

module.exports = {
  Client,
  PushnormError,
  PushnormProcessError,
  PushnormTimeoutError,
  ParseError,
  InvalidRequestError,
  MethodNotFoundError,
  InvalidParamsError,
  InternalError,
  UnknownFormatError,
  UnrecognisedPayloadError,
  PayloadRejectedError,
  LossyConversionError,
  InvalidPayloadJSONError,
  errorClasses,
  findExecutable,
  bundledExecutable,
  version,
  DEFAULT_TIMEOUT,
};
