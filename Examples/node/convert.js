#!/usr/bin/env node
// Convert a push payload with `pushnorm rpc` (JSON-RPC 2.0, LSP-style Content-Length framing).
// No npm packages: child_process only.
//
//   node Examples/node/convert.js [payload.json] [--from auto] [--to apns] [--strict]
//
// The executable is $PUSHNORM, else .build/debug/pushnorm in this checkout, else `pushnorm` on PATH.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
const SAMPLE = { aps: { alert: { title: 'Sale', body: '50% off today' }, badge: 1, sound: 'default' }, campaign: 'spring' };

function executable() {
  const local = path.join(ROOT, '.build', 'debug', 'pushnorm');
  if (process.env.PUSHNORM) return process.env.PUSHNORM;
  try { fs.accessSync(local, fs.constants.X_OK); return local; } catch (_) { return 'pushnorm'; }
}

/** One `pushnorm rpc` process speaking Content-Length framed JSON-RPC. */
class Client {
  constructor(file) {
    this.child = spawn(file, ['rpc'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.on('error', (error) => { console.error(`cannot start ${file}: ${error.message}`); process.exit(2); });
    this.buffer = Buffer.alloc(0);
    this.pending = new Map();
    this.nextId = 1;
    this.child.stdout.on('data', (chunk) => this.receive(chunk));
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const match = /Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      if (!match) throw new Error('reply without Content-Length');
      const start = headerEnd + 4;
      const end = start + Number(match[1]);
      if (this.buffer.length < end) return;
      const reply = JSON.parse(this.buffer.subarray(start, end).toString('utf8'));
      this.buffer = this.buffer.subarray(end);
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiter) continue;
      if (reply.error) waiter.reject(reply.error); else waiter.resolve(reply.result);
    }
  }

  call(method, params) {
    const id = this.nextId++;
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  close() { this.child.stdin.end(); }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    if (index < 0) return fallback;
    const value = args[index + 1];
    args.splice(index, 2);
    return value;
  };
  const from = option('--from', 'auto');
  const to = option('--to', 'apns');
  const strict = args.includes('--strict');
  const file = args.find((arg) => !arg.startsWith('--'));
  const payload = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : SAMPLE;

  const client = new Client(executable());
  try {
    const result = await client.call('convert', { payload, from, to, strict });
    console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error(JSON.stringify(error, null, 2));
    process.exitCode = 1;
  } finally {
    client.close();
  }
}

main();
