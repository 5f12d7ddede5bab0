'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Client, PushnormError, PushnormProcessError, findExecutable } = require('..');

const root = path.resolve(__dirname, '..', '..', '..');
const executable = process.env.PUSHNORM || path.join(root, '.build', 'debug', 'pushnorm');
assert.ok(fs.existsSync(executable), `${executable} is not built: swift build --product pushnorm, or set PUSHNORM`);

const zego = { aps: { alert: 'hi' }, payload: JSON.stringify({ image_attachment: 'https://x.example/a.jpg' }) };

test('convert returns the payload and the loss report', async () => {
  await Client.with({ executable }, async (client) => {
    const result = await client.convert(zego, { from: 'zego', to: 'amazon' });
    assert.equal(result.payload['attachment-url'], 'https://x.example/a.jpg');
    assert.equal(result.from, 'zego');
    assert.deepEqual(result.lost, []);
  });
});

test('errors reject with PushnormError carrying code, message and data', async () => {
  await Client.with({ executable }, async (client) => {
    await assert.rejects(client.convert(zego, { to: 'carrier-pigeon' }), (error) => {
      assert.ok(error instanceof PushnormError);
      assert.equal(error.code, 1001);
      assert.match(error.message, /carrier-pigeon/);
      return true;
    });
    const offline = { OfflinePush: { Title: 't', Content: 'c', ResourcesID: 'r' } };
    await assert.rejects(client.convert(offline, { from: 'zego-offline-push', to: 'hive', strict: true }), (error) => {
      assert.equal(error.code, 1004);
      assert.ok(error.data.lost.length > 0);
      return true;
    });
    assert.equal((await client.convert({ aps: { alert: 'x' }, custom: 1 }, { to: 'apns' })).payload.custom, 1);
  });
});

test('normalise, validate, render', async () => {
  await Client.with({ executable }, async (client) => {
    const normalised = await client.normalise({ aps: { alert: { title: 'T', body: 'B' }, badge: 2 } });
    assert.equal(normalised.notification.title, 'T');
    assert.equal(normalised.format, 'apns');
    const report = await client.validate({ payload: { aps: { alert: 'hi', badge: -1 } } });
    assert.equal(report.valid, false);
    assert.equal(report.diagnostics[0].code, 'apns.badge.negative');
    assert.equal((await client.validate({ notification: { body: 'hi' } })).valid, true);
    const rendered = await client.render(normalised.notification, { format: 'apns' });
    assert.equal(rendered.payload.aps.badge, 2);
  });
});

test('formats marks the catalogue; discover is self-contained', async () => {
  await Client.with({ executable }, async (client) => {
    const kinds = Object.fromEntries((await client.formats()).map((format) => [format.name, format.kind]));
    assert.equal(kinds['hive-actions'], 'catalogue');
    assert.equal(kinds.apns, 'notification');
    const document = await client.discover();
    assert.ok(!JSON.stringify(document).includes('"$ref":"notification.schema.json"'));
    assert.ok(document.components.schemas.Notification.properties.body);
  });
});

test('client options apply to every call; a call overrides them', async () => {
  await Client.with({ executable, options: { amazonMediaPlacement: 'data' } }, async (client) => {
    const placed = await client.convert(zego, { from: 'zego', to: 'amazon' });
    assert.equal(placed.payload.data['attachment-url'], 'https://x.example/a.jpg');
    const top = await client.convert(zego, { from: 'zego', to: 'amazon', options: { amazonMediaPlacement: 'top' } });
    assert.equal(top.payload['attachment-url'], 'https://x.example/a.jpg');
  });
});

test('convertMany pipelines with a bounded window and yields in order', async () => {
  const payloads = Array.from({ length: 500 }, (_, index) => ({ aps: { alert: `message ${index}`, badge: index } }));
  payloads[7] = { aps: { alert: 'bad', badge: 'seven' } };
  await Client.with({ executable }, async (client) => {
    const results = [];
    for await (const result of client.convertMany(payloads, { from: 'apns', to: 'amazon', maxInFlight: 16, returnErrors: true })) {
      results.push(result);
    }
    assert.equal(results.length, 500);
    assert.ok(results[7] instanceof PushnormError);
    assert.equal(results[7].code, 1003);
    results.forEach((result, index) => {
      if (index !== 7) assert.equal(result.payload.aps.badge, index);
    });
    await assert.rejects(async () => {
      for await (const _ of client.convertMany(payloads.slice(0, 10), { from: 'apns', to: 'amazon', maxInFlight: 3 })) {
        // drain
      }
    }, PushnormError);
  });
});

test('the executable comes from the argument, $PUSHNORM or PATH', () => {
  const saved = { PUSHNORM: process.env.PUSHNORM, PATH: process.env.PATH };
  try {
    assert.equal(findExecutable('/x/pushnorm'), '/x/pushnorm');
    process.env.PUSHNORM = executable;
    assert.equal(findExecutable(), executable);
    delete process.env.PUSHNORM;
    process.env.PATH = path.dirname(executable);
    assert.equal(findExecutable(), path.join(path.dirname(executable), 'pushnorm'));
    process.env.PATH = '/nonexistent';
    assert.throws(() => findExecutable(), PushnormProcessError);
  } finally {
    if (saved.PUSHNORM === undefined) delete process.env.PUSHNORM;
    else process.env.PUSHNORM = saved.PUSHNORM;
    process.env.PATH = saved.PATH;
  }
});

test('close ends the server cleanly; later calls reject', async () => {
  const client = new Client({ executable, stderr: 'ignore' });
  assert.ok((await client.formats()).length > 0);
  assert.equal(await client.close(), 0);
  assert.equal(await client.close(), 0, 'closing twice is harmless');
  await assert.rejects(client.formats(), PushnormProcessError);
});

test('a payload that becomes several messages: {from, messages}, and convertMessages lists them', async () => {
  const legacy = { registration_ids: ['token-1', 'token-2', 'token-3'], notification: { title: 'Sale' } };
  await Client.with({ executable }, async (c) => {
    const reply = await c.convert(legacy, { from: 'fcm-legacy', to: 'fcm' });
    assert.deepEqual(Object.keys(reply), ['from', 'messages']);
    const messages = await c.convertMessages(legacy, { from: 'fcm-legacy', to: 'fcm' });
    assert.deepEqual(messages.map((m) => m.payload.token), ['token-1', 'token-2', 'token-3']);
    assert.deepEqual(messages.map((m) => m.recipient.label), ['recipient 1 of 3', 'recipient 2 of 3', 'recipient 3 of 3']);
    assert.ok(messages.every((m) => m.lost.length === 0));
    const apns = await c.convertMessages(legacy, { from: 'fcm-legacy', to: 'apns' });
    assert.deepEqual(apns.map((m) => m.recipient.deviceToken), ['token-1', 'token-2', 'token-3']);
    const together = await c.convertMessages(legacy, { from: 'fcm-legacy', to: 'fcm-legacy' });
    assert.equal(together.length, 1);
    assert.equal(together[0].recipient, undefined);
    assert.deepEqual(together[0].payload.registration_ids, legacy.registration_ids);
  });
});
