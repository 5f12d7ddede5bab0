'use strict';
// Run by `make test-packages` in a fresh npm project where the tarball was installed offline, with the environment
// emptied (PATH=/usr/bin:/bin): the client finds the pushnorm bundled in the package, the binary loads the
// libraries bundled beside it (none from the toolchain or the checkout), and a payload converts.
const { execFileSync } = require('node:child_process');
const assert = require('node:assert/strict');
const { Client, bundledExecutable, version } = require('pushnormaliser');

const [payload, checkout] = [JSON.parse(process.argv[2]), process.argv[3]];
(async () => {
  const binary = bundledExecutable();
  assert.ok(binary && binary.startsWith(process.cwd() + '/node_modules/'), `no bundled binary: ${binary}`);
  const libraries = execFileSync('ldd', [binary], { encoding: 'utf8' });
  const wrong = libraries.split('\n').filter((l) => /not found|\/opt\/swift/.test(l) || l.includes(checkout));
  assert.deepEqual(wrong, []);
  assert.match(libraries, /node_modules\/pushnormaliser\/bin\/\.\.\/lib\/libjansson/);
  const client = new Client();
  assert.equal(client.executable, binary);
  const result = await client.convert(payload, { to: 'fcm' });
  await client.close();
  assert.equal(result.payload.notification.title, payload.aps.alert.title);
  const shipped = binary.slice(process.cwd().length + 1);
  console.log(`test-packages: the npm tarball (${version}) converts with its bundled ${shipped}`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
