import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/scan-client.mjs guards the built web app (npm test runs it after building with canary
 * secrets). Here it runs on small fake builds: a clean one passes, and each kind of leak fails
 * with a message that names the file and the problem.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCRIPT = path.join(ROOT, 'scripts/scan-client.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'dw-scan-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CLEAN_JS =
  'const api="/api/chatbot/tags";fetch(api,{headers:{authorization:`Bearer ${t}`}});export{api};';

let n = 0;
function fakeBuild(files: Record<string, string>): string {
  n += 1;
  const dir = path.join(work, `dist-${n}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets/index.js'), CLEAN_JS);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const SECRETS = {
  JWT_SECRET: 'a-real-jwt-secret-value-0123456789abcdef',
  ADMIN_PASSWORD: 'AdminPassword2026x',
  LLM_API_KEY: 'llm-key-3f9a7c1e5b2d',
  DATABASE_URL: 'postgres://app:db-password-77@db.internal:5432/dwitunggal',
};

function runScan(dir: string, env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [SCRIPT, dir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(work, 'no-data-dir'), ...env },
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

describe('client secret scan', () => {
  it('passes a clean build, with the secrets set in the environment', () => {
    const res = runScan(fakeBuild({}), SECRETS);
    expect(res.out).toContain('Client secret scan passed');
    expect(res.code).toBe(0);
  });

  it('fails on a missing or empty build folder', () => {
    expect(runScan(path.join(work, 'missing')).code).toBe(1);
  });

  const leaks: [string, Record<string, string>, RegExp][] = [
    [
      'the JWT secret value',
      { 'assets/a.js': `const k="${SECRETS.JWT_SECRET}";` },
      /value of JWT_SECRET/,
    ],
    [
      'the admin password',
      { 'assets/a.js': `login("${SECRETS.ADMIN_PASSWORD}")` },
      /value of ADMIN_PASSWORD/,
    ],
    [
      'the LLM key',
      { 'assets/a.js': `h={Authorization:"Bearer ${SECRETS.LLM_API_KEY}"}` },
      /value of LLM_API_KEY/,
    ],
    [
      'the database password alone',
      { 'assets/a.js': 'p="db-password-77"' },
      /password of DATABASE_URL/,
    ],
    [
      'a base64-encoded secret',
      { 'assets/a.js': `atob("${Buffer.from(SECRETS.JWT_SECRET).toString('base64')}")` },
      /base64-encoded/,
    ],
    [
      'a private key block',
      { 'assets/a.js': '"-----BEGIN RSA PRIVATE KEY-----\\nMIIE"' },
      /private key block/,
    ],
    [
      'an sk- key',
      { 'assets/a.js': 'key="sk-proj-abcdefghijklmnopqrstuvwx"' },
      /sk- style API key/,
    ],
    [
      'a literal etl_key',
      { 'assets/a.js': 'post("/etl-run-model1-soekarno",{etl_key:"s3cr3t-key"})' },
      /literal etl_key/,
    ],
    [
      'a server setting name',
      { 'assets/a.js': 'const u=process.env.DATABASE_URL;' },
      /server setting DATABASE_URL/,
    ],
    ['server code', { 'assets/a.js': 'import x from"fastify";' }, /server code \(Fastify\)/],
    ['server SQL', { 'assets/a.js': 'q="select password_hash from users"' }, /server SQL schema/],
    [
      'a source map of server code',
      {
        'assets/a.js.map': JSON.stringify({
          version: 3,
          sources: ['../../apps/server/src/app.ts'],
          mappings: '',
        }),
      },
      /source map exposes server code/,
    ],
  ];
  for (const [what, files, message] of leaks) {
    it(`fails on ${what}, naming the file`, () => {
      const res = runScan(fakeBuild(files), SECRETS);
      expect(res.code, res.out).toBe(1);
      expect(res.out).toMatch(message);
      expect(res.out).toMatch(/assets\/a\.js/);
    });
  }

  it('finds the generated secrets of the data directory', () => {
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'generated-secret-value-xyz-123456\n');
    writeFileSync(path.join(dataDir, 'admin-credentials.txt'), 'GeneratedAdmin9pw\n');
    const dir = fakeBuild({
      'assets/a.js': 's="generated-secret-value-xyz-123456";p="GeneratedAdmin9pw"',
    });
    const res = runScan(dir, { DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/generated JWT secret/);
    expect(res.out).toMatch(/demo admin password/);
  });
});
