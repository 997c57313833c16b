/**
 * The preview serves the browser editor's folder as the published host does
 * (build/host/headers.ts): with the editor's headers, its configuration never
 * cached, and without the preview's reload script, since the editor is no
 * page of the site and must not reload under the physician's hands.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EDITOR_SECURITY_HEADERS, hostedObjects, listOutput, SECURITY_HEADERS } from '../../../build/host/index.ts';
import { PreviewEvents } from '../../../build/preview/events.ts';
import { previewHandler } from '../../../build/preview/server.ts';
import { send } from '../../helpers/preview.ts';
import { buildSampleSiteInto } from '../../helpers/sites.ts';

const CLIENT = '/__preview/client.js';
let url = '';
let close = () => Promise.resolve();

before(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'editor-folder-'));
  const outDir = path.join(root, 'out');
  await buildSampleSiteInto(outDir);
  const objects = hostedObjects(await listOutput(outDir), []);
  const server = createServer(previewHandler(() => ({ outDir, objects }), '', new PreviewEvents(), '127.0.0.1'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(root, { recursive: true, force: true });
  };
});
after(() => close());

test("the editor's folder, at each of its addresses, is served with the editor's headers but HSTS, and without the reload script", async () => {
  for (const route of ['/admin/', '/admin', '/admin/index.html', '/admin/config.yml', '/admin/sveltia-cms.js', '/admin/fonts/noto-mono-latin-400-normal.woff2']) {
    const { headers, status, body } = await send(url, route);
    assert.equal(status, 200, route);
    for (const [name, value] of Object.entries(EDITOR_SECURITY_HEADERS)) assert.equal(headers[name], name === 'strict-transport-security' ? undefined : value, `${route}: ${name}`);
    assert.ok(!body.toString().includes(CLIENT), `${route}: no reload script`);
  }
  assert.equal((await send(url, '/admin/config.yml')).headers['cache-control'], 'no-store');
});

test("a page of the site keeps the site's headers and its reload script", async () => {
  const { headers, body } = await send(url, '/about');
  assert.equal(headers['content-security-policy'], SECURITY_HEADERS['content-security-policy']);
  assert.equal(headers['x-robots-tag'], undefined);
  assert.ok(body.toString().includes(CLIENT));
});
