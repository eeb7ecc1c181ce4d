import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loginFrom, signUp, useTestContext } from '../../../test/helpers';
import { resetPasswordCommand } from './reset-password';
import { body, client } from '../../../test/client';

const ctx = useTestContext();

const login = (email: string, password: string, remoteAddress?: string) =>
  loginFrom(ctx.app, email, password, remoteAddress);
const me = (token: string) => client(ctx.app, token).get('/api/auth/me');

/** Runs the command against the test database (left open: the test context owns it). */
async function run(argv: string[], input: string | null = null, adminEmail?: string) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const stdin =
    input === null ? Object.assign(Readable.from([]), { isTTY: true }) : Readable.from([input]);
  const code = await resetPasswordCommand({
    argv,
    stdin,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    adminEmail,
    open: async () => {
      opened = true;
      return {
        db: ctx.database.db,
        kind: ctx.database.kind,
        notify: ctx.database.notify,
        close: async () => undefined,
      };
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n'), opened };
}

describe('npm run user:reset-password', () => {
  it('sets the password read from standard input and signs every session out, in the running app too', async () => {
    const { token, credentials } = await signUp(ctx.app);
    expect((await me(token)).statusCode).toBe(200); // cached by the app now
    const result = await run(['--email', credentials.email.toUpperCase()], 'Baru12345\nignored\n');
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(credentials.email);
    expect(result.out).not.toContain('Baru12345');
    // On PostgreSQL the app hears the change by NOTIFY, a moment later (at once on PGlite).
    await expect.poll(async () => (await me(token)).statusCode, { timeout: 5000 }).toBe(401);
    expect((await login(credentials.email, credentials.password)).statusCode).toBe(401);
    expect((await login(credentials.email, 'Baru12345')).statusCode).toBe(200);
  });

  it('generates and prints a password with --generate', async () => {
    const { credentials } = await signUp(ctx.app);
    const result = await run(['--email', credentials.email, '--generate']);
    expect(result.code).toBe(0);
    const printed = /New password: (\S+)/.exec(result.out)?.[1];
    expect(printed).toBeDefined();
    expect((await login(credentials.email, printed as string)).statusCode).toBe(200);
  });

  it("lifts the account's login lockouts", async () => {
    const { credentials } = await signUp(ctx.app);
    for (let i = 0; i < 5; i += 1) await login(credentials.email, 'Salah12345', '192.0.2.9');
    expect((await login(credentials.email, credentials.password, '192.0.2.9')).statusCode).toBe(
      429,
    );
    expect((await run(['--email', credentials.email], 'Baru12345\n')).code).toBe(0);
    expect((await login(credentials.email, 'Baru12345', '192.0.2.9')).statusCode).toBe(200);
  });

  it('refuses bad input before touching the database', async () => {
    const { credentials } = await signUp(ctx.app);
    const cases: [string[], string | null, RegExp][] = [
      [[], 'Baru12345\n', /--email is required/],
      [['--email', credentials.email, '--bogus'], 'Baru12345\n', /Unknown option/],
      [['--email', credentials.email], 'lemah\n', /at least 8 characters/],
      [['--email', credentials.email], null, /standard input, or use --generate/],
      [['--email', 'Kepala@Example.com', '--generate'], null, /ADMIN_PASSWORD/],
    ];
    for (const [argv, input, message] of cases) {
      const result = await run(argv, input, 'kepala@example.com');
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
      expect(result.opened).toBe(false);
    }
    expect((await login(credentials.email, credentials.password)).statusCode).toBe(200);
  });

  it('exits 1 for an unknown email', async () => {
    const result = await run(['--email', 'tidak.ada@example.com'], 'Baru12345\n');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No account');
    expect(body(await client(ctx.app).get('/api/health'))).toMatchObject({
      status: 'ok',
    });
  });
});
