// Scans the built web app (apps/web/dist, or the folder given as the first argument) for things
// that must never reach a browser: secret values from the environment or the data directory,
// private keys and API-key shaped strings, a literal etl_key, the names of server-only settings,
// source maps that expose server code, and server modules bundled by mistake.
// Exit 0 when clean; exit 1 listing every finding (file and a short excerpt).
//
// `npm test` builds with canary secrets in the environment (see `canarySecrets`) and runs this
// afterwards, so a build that inlined any server setting fails the run.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Settings whose values are secrets: none may appear in the client. */
export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'LLM_API_KEY',
  'DATABASE_URL',
  'TEST_DATABASE_URL',
];

/** Server-only setting names: their mere presence means server code or config was bundled. */
const SERVER_SETTING_NAMES = [
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'JWT_SECRET',
  'JWT_TTL_SECONDS',
  'ADMIN_PASSWORD',
  'ADMIN_EMAIL',
  'LLM_API_KEY',
  'LLM_BASE_URL',
  'LOGIN_MAX_PER_IP',
  'REGISTER_MAX_PER_IP',
  'TEST_DATABASE_URL',
];

/** Strings that only server code contains (modules, SQL, server-side libraries). */
const SERVER_CODE_MARKERS = [
  { label: 'Fastify', re: /\bfastify(?:-plugin|-type-provider-zod)?\b|FST_ERR_/ },
  { label: 'Drizzle ORM', re: /drizzle-orm|\bpgTable\(/ },
  { label: 'PGlite / node-postgres', re: /@electric-sql\/pglite|\bpg-pool\b|pg-protocol/ },
  { label: 'argon2 password hashing', re: /@node-rs\/argon2|\$argon2id\$/ },
  {
    label: 'server SQL schema',
    re: /\bpassword_hash\b|\btoken_version\b|\brate_limits\b|\btraining_runs\b/,
  },
  {
    label: 'Node built-in modules',
    re: /["'](?:node:)?(?:fs|child_process|worker_threads|net|dns)["']\)?;?/,
  },
  {
    label: 'server source path',
    re: /apps\/server\/src|modules\/auth\/service|plugins\/error-handler/,
  },
];

/** Secret-shaped literals, whatever the environment holds. */
const SECRET_PATTERNS = [
  { label: 'private key block', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/ },
  {
    label: 'sk- style API key',
    re: /(?<![A-Za-z0-9_-])sk-(?:proj-|live-|test-|ant-)?[A-Za-z0-9_-]{20,}/,
  },
  { label: 'AWS access key', re: /\bAKIA[0-9A-Z]{16}\b/ },
  { label: 'GitHub token', re: /\bgh[pousr]_[A-Za-z0-9]{30,}\b/ },
  { label: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { label: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { label: 'signed JWT', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { label: 'literal etl_key', re: /["']?etl_key["']?\s*[:=]\s*["'`][^"'`\s]{4,}["'`]/ },
  {
    label: 'credentials in a URL',
    re: /\b(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|redis):\/\/[^\s"'`:/]+:[^\s"'`@/]+@/,
  },
];

/** Random values for every secret setting, to build with (proving none is inlined). */
export function canarySecrets() {
  const c = (p) => `${p}${randomBytes(18).toString('hex')}`;
  return {
    JWT_SECRET: c('canary-jwt-secret-'),
    ADMIN_EMAIL: 'canary-admin@example.invalid',
    ADMIN_PASSWORD: c('CanaryAdminPw1-'),
    LLM_API_KEY: c('sk-canary'),
    LLM_BASE_URL: 'http://canary-llm.invalid/v1',
    LLM_MODEL: 'canary-model',
    DATABASE_URL: `postgres://canary:${c('dbpw')}@canary-db.invalid:5432/canary`,
  };
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Secret values known to this machine: the environment and the data directory's generated files. */
function knownSecrets(env) {
  const out = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (!value || value.length < 8) continue;
    out.push({ label: `value of ${name}`, value });
    // The password inside a database URL leaks on its own too.
    if (/^postgres/.test(value)) {
      try {
        const pw = decodeURIComponent(new URL(value).password);
        if (pw.length >= 6) out.push({ label: `password of ${name}`, value: pw });
      } catch {
        // not a URL: the whole value is checked above
      }
    }
  }
  const dataDir = path.resolve(ROOT, env.DATA_DIR ?? '.data');
  const jwtFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(jwtFile)) {
    const v = readFileSync(jwtFile, 'utf8').trim();
    if (v.length >= 8) out.push({ label: 'generated JWT secret (DATA_DIR/jwt-secret)', value: v });
  }
  const adminFile = path.join(dataDir, 'admin-credentials.txt');
  if (existsSync(adminFile)) {
    // The file holds the generated password alone.
    const v = readFileSync(adminFile, 'utf8').trim();
    if (v.length >= 8)
      out.push({ label: 'demo admin password (DATA_DIR/admin-credentials.txt)', value: v });
  }
  return out;
}

const excerpt = (text, index, length) =>
  JSON.stringify(text.slice(Math.max(0, index - 30), Math.min(text.length, index + length + 30)));

/** Returns the findings for one built folder. */
export function scan(dir, env = process.env) {
  const findings = [];
  if (!existsSync(dir))
    return [
      { file: dir, problem: 'folder does not exist: build the web app first (npm run build)' },
    ];
  const secrets = knownSecrets(env);
  let files = 0;
  for (const file of walk(dir)) {
    files += 1;
    const rel = path.relative(ROOT, file);
    const bytes = readFileSync(file);
    // Binary files are searched as latin1 so that any embedded text still matches.
    const text = bytes.toString(
      /\.(png|jpe?g|gif|webp|ico|woff2?|mp3|mp4|webm|ogg|wav)$/i.test(file) ? 'latin1' : 'utf8',
    );
    for (const s of secrets) {
      const i = text.indexOf(s.value);
      if (i >= 0) findings.push({ file: rel, problem: `contains the ${s.label}` });
      const b64 = Buffer.from(s.value).toString('base64');
      if (b64.length >= 12 && text.includes(b64))
        findings.push({ file: rel, problem: `contains the ${s.label}, base64-encoded` });
    }
    if (/\.(woff2?|png|jpe?g|gif|webp|ico|mp3|mp4|webm|ogg|wav)$/i.test(file)) continue;
    for (const p of SECRET_PATTERNS) {
      const m = p.re.exec(text);
      if (m)
        findings.push({ file: rel, problem: `${p.label}: ${excerpt(text, m.index, m[0].length)}` });
    }
    for (const name of SERVER_SETTING_NAMES) {
      const i = text.search(new RegExp(`\\b${name}\\b`));
      if (i >= 0)
        findings.push({
          file: rel,
          problem: `names the server setting ${name}: ${excerpt(text, i, name.length)}`,
        });
    }
    for (const m of SERVER_CODE_MARKERS) {
      const hit = m.re.exec(text);
      if (hit)
        findings.push({
          file: rel,
          problem: `server code (${m.label}): ${excerpt(text, hit.index, hit[0].length)}`,
        });
    }
    if (file.endsWith('.map')) {
      let sources = [];
      try {
        sources = JSON.parse(text).sources ?? [];
      } catch {
        findings.push({ file: rel, problem: 'unreadable source map' });
      }
      const server = sources.filter((s) =>
        /apps\/server|packages\/rag\/src\/(?!.*browser)|node_modules\/(fastify|pg|drizzle-orm|@node-rs|@electric-sql)/.test(
          s,
        ),
      );
      if (server.length > 0)
        findings.push({
          file: rel,
          problem: `source map exposes server code: ${server.slice(0, 3).join(', ')}`,
        });
    }
  }
  if (files === 0)
    findings.push({ file: dir, problem: 'folder is empty: build the web app first' });
  return findings;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/web/dist'));
  const findings = scan(dir);
  if (findings.length > 0) {
    console.error(
      `Client secret scan FAILED: ${findings.length} finding(s) in ${path.relative(ROOT, dir) || dir}`,
    );
    for (const f of findings) console.error(`  ${f.file}: ${f.problem}`);
    console.error('Nothing server-side may ship to the browser: remove it from the web build.');
    process.exit(1);
  }
  const checked = knownSecrets(process.env).map((s) => s.label);
  console.log(
    `Client secret scan passed: ${path.relative(ROOT, dir) || dir} (secret values checked: ${checked.length ? checked.join(', ') : 'none set'})`,
  );
}
