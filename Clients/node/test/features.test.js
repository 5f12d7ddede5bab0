'use strict';
// Every RPC parameter, the error classes, the typed results, timeouts and restarts.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const client = require('..');
const {
  Client, PushnormError, PushnormProcessError, PushnormTimeoutError, PayloadRejectedError, UnknownFormatError,
  UnrecognisedPayloadError, LossyConversionError, InvalidPayloadJSONError, InvalidParamsError, MethodNotFoundError,
  errorClasses, findExecutable,
} = client;

const root = path.resolve(__dirname, '..', '..', '..');
const executable = process.env.PUSHNORM || path.join(root, '.build', 'debug', 'pushnorm');
const openrpc = JSON.parse(fs.readFileSync(path.join(root, 'rpc-spec', 'openrpc.json'), 'utf8'));
const invalid = { aps: { alert: 'bad', badge: 'seven' } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for pushnorm that reads its input and never answers (a hung server). */
function silentServer() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pushnorm-silent-'));
  const script = path.join(directory, 'pushnorm');
  fs.writeFileSync(script, '#!/bin/sh\nwhile read -r line; do :; done\n', { mode: 0o755 });
  return script;
}

test('allowInvalid is sent: a payload with errors converts with it and is refused without it', async () => {
  await Client.with({ executable }, async (c) => {
    await assert.rejects(c.convert(invalid, { to: 'amazon' }), (error) => {
      assert.ok(error instanceof PayloadRejectedError && error instanceof PushnormError);
      assert.equal(error.diagnostics[0].code, 'apns.badge.not-integer');
      return true;
    });
    const result = await c.convert(invalid, { to: 'amazon', allowInvalid: true });
    assert.equal(result.payload.aps.badge, 'seven');
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['apns.badge.not-integer']);
    const many = [];
    for await (const r of c.convertMany([invalid, invalid], { to: 'amazon', allowInvalid: true })) many.push(r);
    assert.deepEqual(many.map((r) => r.payload.aps.badge), ['seven', 'seven']);
  });
});

test('each error code rejects with its own subclass', async () => {
  const offline = { OfflinePush: { Title: 't', Content: 'c', ResourcesID: 'r' } };
  await Client.with({ executable }, async (c) => {
    const cases = [
      [c.convert({ aps: {} }, { to: 'carrier-pigeon' }), UnknownFormatError, 1001],
      [c.normalise({ neither: 'vendor' }), UnrecognisedPayloadError, 1002],
      [c.convert(invalid, { to: 'amazon' }), PayloadRejectedError, 1003],
      [c.convert(offline, { from: 'zego-offline-push', to: 'hive', strict: true }), LossyConversionError, 1004],
      [c.convert('{"aps": ', { to: 'amazon' }), InvalidPayloadJSONError, 1005],
      [c.convert({ aps: {} }, { to: 'amazon', options: { noSuchOption: 1 } }), InvalidParamsError, -32602],
      [c.call('no.such.method'), MethodNotFoundError, -32601],
    ];
    for (const [promise, cls, code] of cases) {
      await assert.rejects(promise, (error) => {
        assert.ok(error instanceof cls, `${error.name} is not ${cls.name}`);
        assert.equal(error.code, code);
        return true;
      });
    }
    await assert.rejects(c.convert(offline, { from: 'zego-offline-push', to: 'hive', strict: true }), (error) => {
      assert.ok(error.lost.length > 0);
      return true;
    });
  });
});

test('the error classes are the spec\'s errors', () => {
  const declared = new Map(Object.entries(openrpc.components.errors).map(([name, entry]) => [entry.code, name]));
  assert.deepEqual([...errorClasses.keys()].sort(), [...declared.keys()].sort());
  for (const [code, cls] of errorClasses) {
    const name = declared.get(code);
    assert.equal(cls.name, name.endsWith('Error') ? name : `${name}Error`);
    assert.equal(cls.code, code);
    assert.equal(client[cls.name], cls);
    assert.equal(new cls(code, 'm').code, code);
  }
});

test('the .d.ts result interfaces have the spec\'s keys', () => {
  const dts = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8');
  const interfaces = {};
  for (const match of dts.matchAll(/export interface (\w+)(?: extends (\w+))? \{/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0) depth += { '{': 1, '}': -1 }[dts[end++]] || 0;
    let body = dts.slice(match.index + match[0].length, end - 1).replace(/\/\*\*[\s\S]*?\*\//g, '');
    while (/\{[^{}]*\}/.test(body)) body = body.replace(/\{[^{}]*\}/g, '');
    const keys = {};
    for (const key of body.matchAll(/(\w+)(\??):/g)) keys[key[1]] = key[2] === '';
    interfaces[match[1]] = { ...(match[2] ? interfaces[match[2]] : {}), ...keys };
  }
  const results = Object.fromEntries(openrpc.methods.map((m) => [m.name, m.result.schema]));
  const schemas = openrpc.components.schemas;
  const expected = {
    NormaliseResult: results.normalise, ValidateResult: results.validate, RenderResult: results.render,
    ConvertResult: schemas.ConvertedMessage, ConvertMessagesResult: results.convert.oneOf[1],
    Recipient: schemas.Recipient, Diagnostic: schemas.Diagnostic, LostField: schemas.LostField,
    Format: schemas.Format, VariablesResult: results.variables, ReportResult: results.report,
    TemplateVariable: results.variables.properties.variables.items,
  };
  assert.deepEqual(results.convert.oneOf[0], { $ref: '#/components/schemas/ConvertedMessage' });
  for (const [name, schema] of Object.entries(expected)) {
    const wanted = Object.fromEntries(Object.keys(schema.properties).map((k) => [k, schema.required.includes(k)]));
    assert.deepEqual(interfaces[name], wanted, name);
  }
});

// Methods of the spec the client does not expose yet.
const notExposed = new Set();

test('every method of the spec is a method of the client', () => {
  for (const { name } of openrpc.methods) {
    if (notExposed.has(name)) continue;
    const method = name === 'rpc.discover' ? 'discover' : name;
    assert.equal(typeof Client.prototype[method], 'function', name);
  }
});

const template = JSON.parse(fs.readFileSync(
  path.join(root, 'Examples', 'payloads', 'pinpoint-template', 'push-template-request.json'), 'utf8'));

test('substitutions render a template; a bad one is InvalidParamsError located under /substitutions', async () => {
  const names = { 'User.UserAttributes.FirstName': ['Ana'] };
  await Client.with({ executable }, async (c) => {
    const kept = await c.convert(template, { from: 'pinpoint-template', to: 'fcm' });
    assert.equal(kept.payload.notification.title, 'Hello {{User.UserAttributes.FirstName}}');
    const result = await c.convert(template, { from: 'pinpoint-template', to: 'fcm', substitutions: names });
    assert.equal(result.payload.notification.title, 'Hello Ana');
    // DefaultSubstitutions fill what substitutions leave out.
    assert.equal(result.payload.android.notification.body, 'Your order is waiting, tap to check out.');
    assert.ok(!JSON.stringify(result.payload).includes('{{'));
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['amazon.media.found']); // no core.template.* left
    const nested = { User: { UserAttributes: { FirstName: 'Bo' } }, 'Attributes.Item': 'basket' };
    const [message] = await c.convertMessages(template, { to: 'fcm', substitutions: nested });
    assert.equal(message.payload.notification.title, 'Hello Bo');
    assert.equal(message.payload.notification.body, 'Your basket is waiting in your cart.');
    const many = [];
    for await (const r of c.convertMany([template, template], { to: 'fcm', substitutions: names })) many.push(r);
    assert.deepEqual(many.map((r) => r.payload.notification.title), ['Hello Ana', 'Hello Ana']);
    const unrendered = await c.convert({ GCM: { Title: '{{Attributes.Who}}', Body: 'b' } },
      { from: 'pinpoint-template', to: 'fcm', substitutions: {} });
    assert.deepEqual(unrendered.diagnostics.map((d) => d.code), ['core.template.unrendered']);
    await assert.rejects(c.convert(template, { to: 'fcm', substitutions: { 'Attributes.Item': 3 } }), (error) => {
      assert.ok(error instanceof InvalidParamsError);
      assert.equal(error.code, -32602);
      assert.deepEqual(error.diagnostics.map((d) => [d.code, d.path]),
        [['core.template.substitutions-invalid', '/substitutions/Attributes.Item']]);
      return true;
    });
  });
});

test('variables lists the placeholders with their JSON Pointers', async () => {
  await Client.with({ executable }, async (c) => {
    const listed = await c.variables(template);
    assert.deepEqual(listed.variables.map((v) => [v.path, v.placeholder, v.variable]), [
      ['/APNS/Body', '{{Attributes.Item}}', 'Attributes.Item'],
      ['/APNS/Title', '{{User.UserAttributes.FirstName}}', 'User.UserAttributes.FirstName'],
      ['/GCM/Body', '{{Attributes.Item}}', 'Attributes.Item'],
      ['/GCM/Title', '{{User.UserAttributes.FirstName}}', 'User.UserAttributes.FirstName'],
    ]);
    assert.deepEqual(listed.names, ['Attributes.Item', 'User.UserAttributes.FirstName']);
    assert.deepEqual(await c.variables('{"GCM": {"Body": "{{#if Attributes.Gold}}Gold{{/if}}"}}'), {
      variables: [
        { path: '/GCM/Body', placeholder: '{{#if Attributes.Gold}}' },
        { path: '/GCM/Body', placeholder: '{{/if}}' },
      ],
      names: [],
    });
    await assert.rejects(c.variables('{"GCM": '), InvalidPayloadJSONError);
  });
});

test('options, target and catalogue reach the server', async () => {
  await Client.with({ executable }, async (c) => {
    const sandbox = await c.convert({ aps: { alert: 'x' } }, { to: 'sns', options: { snsPlatform: 'APNS_SANDBOX' } });
    assert.ok('APNS_SANDBOX' in sandbox.payload);
    const badge = { aps: { alert: 'x', badge: 1 } };
    assert.deepEqual((await c.validate({ payload: badge })).diagnostics, []);
    const report = await c.validate({ payload: badge, target: 'zego-offline-push' });
    assert.deepEqual(report.diagnostics.map((d) => [d.code, d.path]), [['core.conversion.lost', '/aps/badge']]);
    const catalogue = { actions: [], custom: 1 };
    const checked = await c.validate({ catalogue });
    assert.equal(checked.valid, false);
    assert.equal(checked.diagnostics[0].path, '/actions');
    const rendered = await c.render(null, { format: 'hive-actions', catalogue });
    assert.equal(rendered.payload.custom, 1);
    assert.deepEqual((await c.render(catalogue, { format: 'hive-actions' })).payload, rendered.payload);
  });
});

test('a hung server times out; close kills it after the grace period', async () => {
  const c = new Client({ executable, stderr: 'ignore' });
  assert.ok((await c.formats()).length > 0);
  process.kill(c.pid, 'SIGSTOP');
  const started = Date.now();
  await assert.rejects(c.convert({ aps: { alert: 'x' } }, { to: 'amazon', timeout: 400 }), (error) => {
    assert.ok(error instanceof PushnormTimeoutError && error instanceof PushnormProcessError);
    assert.equal(error.method, 'convert');
    return true;
  });
  assert.ok(Date.now() - started < 5000);
  assert.equal(await c.close(300), 'SIGKILL');
  await Client.with({ executable: silentServer(), timeout: 300 }, async (silent) => {
    await assert.rejects(silent.formats(), PushnormTimeoutError);
  });
});

test('without restart a dead server fails every call', async () => {
  const c = new Client({ executable, stderr: 'ignore' });
  await c.formats();
  process.kill(c.pid, 'SIGKILL');
  await c._server.exited;
  await assert.rejects(c.formats(), PushnormProcessError);
  await assert.rejects(c.formats(), PushnormProcessError);
  assert.equal(await c.close(), 'SIGKILL');
});

test('restart starts a new server after a crash and after a hang; calls in flight fail', async () => {
  await Client.with({ executable, restart: true, stderr: 'ignore' }, async (c) => {
    const first = c.pid;
    process.kill(first, 'SIGSTOP');
    const inFlight = c.formats();
    process.kill(first, 'SIGKILL');
    await assert.rejects(inFlight, PushnormProcessError);
    await c._server.exited;
    assert.equal((await c.convert({ aps: { alert: 'y' } }, { to: 'amazon' })).payload.aps.alert, 'y');
    assert.equal(c.restarts, 1);
    assert.notEqual(c.pid, first);
    process.kill(c.pid, 'SIGSTOP');
    await assert.rejects(c.formats({ timeout: 300 }), PushnormTimeoutError);
    await sleep(50);
    assert.ok((await c.formats()).length > 0);
    assert.equal(c.restarts, 2);
  });
});

test('the bundled binary is found after the argument and $PUSHNORM, before PATH', () => {
  const saved = { PUSHNORM: process.env.PUSHNORM, PATH: process.env.PATH, bundled: client.bundledExecutable };
  try {
    client.bundledExecutable = () => executable;
    delete process.env.PUSHNORM;
    process.env.PATH = '/nonexistent';
    assert.equal(findExecutable(), executable);
    process.env.PUSHNORM = '/from/env/pushnorm';
    assert.equal(findExecutable(), '/from/env/pushnorm');
    assert.equal(findExecutable('/explicit/pushnorm'), '/explicit/pushnorm');
  } finally {
    client.bundledExecutable = saved.bundled;
    if (saved.PUSHNORM === undefined) delete process.env.PUSHNORM;
    else process.env.PUSHNORM = saved.PUSHNORM;
    process.env.PATH = saved.PATH;
  }
});

test('the version is rpc-spec/VERSION everywhere', async () => {
  const version = fs.readFileSync(path.join(root, 'rpc-spec', 'VERSION'), 'utf8').trim();
  assert.equal(client.version, version);
  assert.equal(execFileSync(executable, ['--version'], { encoding: 'utf8' }), `pushnorm ${version}\n`);
  await Client.with({ executable }, async (c) => assert.equal((await c.discover()).info.version, version));
});

const mediaTemplate = {
  APNS: { Title: 'Hi {{User.UserAttributes.FirstName}}', Body: 'b', MediaUrl: '{{Attributes.Image}}' },
};

test('validate, normalise and render take substitutions; validate checks the rendered values', async () => {
  const names = { 'User.UserAttributes.FirstName': ['Ana'] };
  await Client.with({ executable }, async (c) => {
    assert.equal((await c.validate({ payload: mediaTemplate, format: 'pinpoint-template' })).valid, true);
    const bad = await c.validate({
      payload: mediaTemplate, format: 'pinpoint-template', substitutions: { 'Attributes.Image': 'not a url' },
    });
    assert.equal(bad.valid, false);
    const found = bad.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}`);
    assert.ok(found.includes('error media.url.invalid /APNS/MediaUrl'), found.join('\n'));
    assert.ok(found.includes('warning core.template.unrendered /APNS/Title'), found.join('\n'));
    const good = await c.validate({
      payload: mediaTemplate, format: 'pinpoint-template',
      substitutions: { ...names, 'Attributes.Image': 'https://cdn.example.com/a.png' },
    });
    assert.equal(good.valid, true);
    assert.equal((await c.normalise(template, { substitutions: names })).notification.title, 'Hello Ana');
    const rendered = await c.render({ title: 'Hi {{X}}', body: '{{Y}}' }, { format: 'apns', substitutions: { X: 'Ana' } });
    assert.deepEqual(rendered.payload.aps.alert, { title: 'Hi Ana', body: '{{Y}}' });
    assert.deepEqual(rendered.diagnostics.map((d) => [d.code, d.path]), [['core.template.unrendered', '/body']]);
    for (const call of [
      () => c.validate({ payload: template, substitutions: { a: 3 } }),
      () => c.normalise(template, { substitutions: { a: 3 } }),
      () => c.render({ title: 't' }, { format: 'apns', substitutions: { a: 3 } }),
    ]) {
      await assert.rejects(call(), (error) => {
        assert.ok(error instanceof InvalidParamsError);
        assert.deepEqual(error.diagnostics.map((d) => [d.code, d.path]),
          [['core.template.substitutions-invalid', '/substitutions/a']]);
        return true;
      });
    }
  });
});

test('report renders the HTML page of a summary; a bad summary is InvalidParamsError under /summary', async () => {
  const summary = {
    records: 2, converted: 2, lossy: 1, failed: 0, lost: { '/badge': 1 },
    lostReasons: { '/badge': 'fcm has no place for this field' }, from: 'apns', to: 'fcm',
  };
  await Client.with({ executable }, async (c) => {
    const report = await c.report(summary);
    assert.deepEqual(Object.keys(report).sort(), ['html', 'size']);
    assert.ok(report.html.startsWith('<!DOCTYPE html>') && report.html.includes('/badge'));
    assert.equal(report.size, Buffer.byteLength(report.html, 'utf8'));
    await assert.rejects(c.report({ records: 1 }), (error) => {
      assert.ok(error instanceof InvalidParamsError);
      assert.deepEqual(error.diagnostics.map((d) => [d.code, d.path]), [['report.summary.invalid', '/summary/converted']]);
      return true;
    });
  });
});
