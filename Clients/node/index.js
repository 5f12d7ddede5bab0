'use strict';
// Client for `pushnorm rpc` (JSON-RPC 2.0 over NDJSON on the child's stdin/stdout). Node 20, no dependencies.
// See index.d.ts for the types.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

/** A JSON-RPC error reply: `code`, `message`, `data`. */
class PushnormError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'PushnormError';
    this.code = code;
    this.data = data === undefined ? null : data;
  }
}

/** The server could not be started, or ended before answering. */
class PushnormProcessError extends Error {
  constructor(message) {
    super(message);
    this.name = 'PushnormProcessError';
  }
}

/** The pushnorm to run: `executable`, else $PUSHNORM, else `pushnorm` on PATH. */
function findExecutable(executable) {
  if (executable) return executable;
  if (process.env.PUSHNORM) return process.env.PUSHNORM;
  for (const directory of (process.env.PATH || '').split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.join(directory, 'pushnorm');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new PushnormProcessError('pushnorm not found: pass executable, set $PUSHNORM, or put pushnorm on PATH');
}

class Client {
  /**
   * @param {{executable?: string, options?: object, args?: string[], stderr?: 'inherit'|'ignore'|'pipe'}} [settings]
   */
  constructor(settings = {}) {
    this.executable = findExecutable(settings.executable);
    this.options = { ...(settings.options || {}) };
    this._nextId = 1;
    this._pending = new Map();
    this._failure = null;
    this._closed = false;
    this._process = spawn(this.executable, ['rpc', ...(settings.args || [])], {
      stdio: ['pipe', 'pipe', settings.stderr || 'inherit'],
    });
    this._exited = new Promise((resolve) => {
      this._process.on('close', (code, signal) => resolve(code === null ? signal : code));
    });
    this._process.on('error', (error) => this._fail(`cannot run ${this.executable}: ${error.message}`));
    this._process.stdin.on('error', (error) => this._fail(`the server is gone: ${error.message}`));
    const lines = readline.createInterface({ input: this._process.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => this._receive(line));
    lines.on('close', () => this._fail(`pushnorm exited before replying`));
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

  /** Closes the server's stdin (it exits at end of input); resolves to its exit status. */
  async close() {
    if (!this._closed) {
      this._closed = true;
      this._process.stdin.end();
    }
    return this._exited;
  }

  normalise(payload, { format = 'auto', options } = {}) {
    return this.call('normalise', this._params({ payload, format }, options));
  }

  validate({ payload, notification, catalogue, format, target, options } = {}) {
    const params = {};
    if (payload !== undefined) params.payload = payload;
    if (notification !== undefined) params.notification = notification;
    if (catalogue !== undefined) params.catalogue = catalogue;
    if (format !== undefined) params.format = format;
    if (target !== undefined) params.target = target;
    return this.call('validate', this._params(params, options));
  }

  render(notification, { format, options } = {}) {
    const key = format === 'hive-actions' ? 'catalogue' : 'notification';
    return this.call('render', this._params({ [key]: notification, format }, options));
  }

  convert(payload, { from = 'auto', to, strict = false, options } = {}) {
    return this.call('convert', this._convertParams(payload, { from, to, strict, options }));
  }

  formats() {
    return this.call('formats');
  }

  discover() {
    return this.call('rpc.discover');
  }

  /**
   * Converts every payload with at most `maxInFlight` requests outstanding; yields results in input order.
   * A failed record throws its PushnormError, or is yielded as one with `returnErrors: true`.
   */
  async *convertMany(payloads, { from = 'auto', to, strict = false, options, maxInFlight = 64, returnErrors = false } = {}) {
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
      const promise = this.call('convert', this._convertParams(payload, { from, to, strict, options }));
      promise.catch(() => {}); // handled when its turn comes
      window.push(promise);
    }
    while (window.length > 0) yield await settle(window.shift());
  }

  /** Any method: resolves to the result, rejects with PushnormError (or PushnormProcessError). */
  call(method, params) {
    if (this._closed) return Promise.reject(new PushnormProcessError('the client is closed'));
    if (this._failure) return Promise.reject(new PushnormProcessError(this._failure));
    const id = this._nextId++;
    const message = { jsonrpc: '2.0', id, method };
    if (params && Object.keys(params).length > 0) message.params = params;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      this._process.stdin.write(JSON.stringify(message) + '\n');
    });
  }

  _params(params, options) {
    const merged = { ...this.options, ...(options || {}) };
    if (Object.keys(merged).length > 0) params.options = merged;
    return params;
  }

  _convertParams(payload, { from, to, strict, options }) {
    if (!to) throw new TypeError('convert needs `to` (the target format)');
    const params = { payload, from, to };
    if (strict) params.strict = true;
    return this._params(params, options);
  }

  _receive(line) {
    if (!line.trim()) return;
    let reply;
    try {
      reply = JSON.parse(line);
    } catch {
      return;
    }
    for (const item of Array.isArray(reply) ? reply : [reply]) {
      const pending = item && this._pending.get(item.id);
      if (!pending) continue;
      this._pending.delete(item.id);
      if (item.error) {
        pending.reject(new PushnormError(item.error.code, item.error.message, item.error.data));
      } else {
        pending.resolve(item.result);
      }
    }
  }

  _fail(message) {
    this._failure = this._failure || message;
    for (const pending of this._pending.values()) pending.reject(new PushnormProcessError(this._failure));
    this._pending.clear();
  }
}

// `await using client = new Client()` where the runtime has explicit resource management.
if (typeof Symbol.asyncDispose === 'symbol') {
  Client.prototype[Symbol.asyncDispose] = function dispose() {
    return this.close();
  };
}

module.exports = { Client, PushnormError, PushnormProcessError, findExecutable };
