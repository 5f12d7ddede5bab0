#!/usr/bin/env node
// Convert push payloads with the `pushnormaliser` Node client (Clients/node) over `pushnorm rpc`. No npm packages.
//
//   node Examples/node/convert.js [payload.json ...] [--from auto] [--to apns] [--strict]
//
// The executable is $PUSHNORM, else .build/debug/pushnorm in this checkout, else `pushnorm` on PATH. Several
// payloads are pipelined with convertMany.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Client, PushnormError } = require('../../Clients/node');

const ROOT = path.resolve(__dirname, '..', '..');
const SAMPLE = { aps: { alert: { title: 'Sale', body: '50% off today' }, badge: 1, sound: 'default' }, campaign: 'spring' };

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
  const files = args.filter((arg) => !arg.startsWith('--'));
  const payloads = files.length > 0 ? files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))) : [SAMPLE];

  const local = path.join(ROOT, '.build', 'debug', 'pushnorm');
  const executable = !process.env.PUSHNORM && fs.existsSync(local) ? local : undefined;
  await Client.with({ executable }, async (client) => {
    for await (const result of client.convertMany(payloads, { from, to, strict, returnErrors: true })) {
      if (result instanceof PushnormError) {
        console.error(JSON.stringify({ code: result.code, message: result.message, data: result.data }, null, 2));
        process.exitCode = 1;
      } else {
        console.log(JSON.stringify(result, null, 2));
      }
    }
  });
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 2;
});
