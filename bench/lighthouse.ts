// `npm run bench:lighthouse`: Lighthouse (mobile defaults: simulated slow 4G and 4x CPU slowdown)
// against the built server on a fresh data directory, for /, /login, /home and /chatsoekarno.
// Every page is audited in a fresh Chromium profile (cold cache). The signed-in pages get the
// auth state written into localStorage first, on a page of the same origin that loads no app
// code (/robots.txt), and are audited without Lighthouse's storage reset (which would erase it).
// Prints scores (0-100), LCP/TBT/CLS, and the failing audits of any category under 95.
// LIGHTHOUSE_RUNS (default 1) runs each page several times and reports the median run.
// LIGHTHOUSE_CPU_SLOWDOWN overrides Lighthouse's default 4x CPU multiplier, which assumes a
// high-end desktop host (benchmarkIndex 1500-2000); Lighthouse's docs/throttling.md advises a
// lower one on a slower host (each page's benchmarkIndex, and the multiplier that table suggests
// for it, are reported to judge that).
// LIGHTHOUSE_PAGES (comma-separated paths, e.g. "/login,/home") audits only those of the four.
//
// `--runs N` overrides LIGHTHOUSE_RUNS. `--baseline <git-ref>` compares against that ref in the
// same run: it checks the ref out into a temporary worktree, installs and builds it
// (baseline-tree.ts), serves both builds (the baseline on BENCH_PORT + 1), audits each page
// alternately, counterbalanced (baseline then current, then current then baseline, ...), 3 times
// each unless --runs says otherwise, and
// prints per page the median of every category score and metric on both sides, the difference
// (current minus baseline), each run's performance score and blocking time (`runs`: baseline's,
// then current's) and the categories whose median went down (`lower`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { HEADLESS_FLAGS, resolveChromium } from '../scripts/chromium.mjs';
import { prepareBaselineTree } from './baseline-tree';
import { ROOT, api, startServer, tmpDir } from './lib';

// CHROMIUM_PATH, else the system Chromium, else the one @sparticuz/chromium ships.
const chromiumBinary = await resolveChromium();
const CHROMIUM_FLAGS = [...HEADLESS_FLAGS, '--headless=new'];
const { values: flags } = parseArgs({
  options: { baseline: { type: 'string' }, runs: { type: 'string' } },
});
const RUNS = Number(flags.runs ?? process.env.LIGHTHOUSE_RUNS ?? (flags.baseline ? 3 : 1));
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number from 1');
const TARGET = 95;
// The checkout the current build came from, read at the start: the tree may move on during a
// long comparison run.
const CURRENT_COMMIT = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=12'], {
  cwd: ROOT,
  encoding: 'utf8',
}).stdout.trim();
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The metrics reported, with the Lighthouse audit that measures each and its decimals. */
const METRICS = {
  fcpMs: ['first-contentful-paint', 0],
  lcpMs: ['largest-contentful-paint', 0],
  tbtMs: ['total-blocking-time', 0],
  cls: ['cumulative-layout-shift', 3],
  siMs: ['speed-index', 0],
} as const;
type Metric = keyof typeof METRICS;
const ALL_PAGES = [
  ['/', false],
  ['/login', false],
  ['/home', true],
  ['/chatsoekarno', true],
] as const;
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const PAGES = ALL_PAGES.filter(([route]) => !only || only.includes(route));
const LEARNER = {
  name: 'Pelajar Lighthouse',
  email: 'bench.lighthouse@example.com',
  password: 'Merdeka1945',
};

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
    }
  >;
  finalDisplayedUrl: string;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
};

/** One audit; Lighthouse sometimes fails to record a trace (e.g. NO_NAVSTART): try again. */
async function audit(url: string, authState: string | null): Promise<Lhr> {
  let lhr = await auditOnce(url, authState);
  for (let attempt = 1; lhr.runtimeError && attempt < 3; attempt++) {
    process.stderr.write(`lighthouse: ${url}: ${lhr.runtimeError.code}, retrying\n`);
    lhr = await auditOnce(url, authState);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`);
  return lhr;
}

async function auditOnce(url: string, authState: string | null): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumBinary.executablePath,
    chromeFlags: [...CHROMIUM_FLAGS, ...chromiumBinary.args],
  });
  try {
    if (authState) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((value) => localStorage.setItem('auth-storage', value), authState);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: authState !== null,
      ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * The CPU multiplier Lighthouse's docs/throttling.md suggests for a host of this benchmarkIndex
 * to emulate its mid-tier phone: 4x from a high-end desktop (1500 and up), 2x from a low-end
 * desktop or high-end phone (800 to 1500), none below.
 */
function suggestedSlowdown(benchmarkIndex: number): number {
  return benchmarkIndex >= 1500 ? 4 : benchmarkIndex >= 800 ? 2 : 1;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function scores(lhr: Lhr): Record<Category, number> {
  return Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
}

function metrics(lhr: Lhr): Record<Metric, number> {
  return Object.fromEntries(
    Object.entries(METRICS).map(([name, [id, digits]]) => [
      name,
      round(lhr.audits[id]?.numericValue ?? NaN, digits),
    ]),
  ) as Record<Metric, number>;
}

function summarize(lhr: Lhr) {
  const pageScores = scores(lhr);
  // For a category under target: its weighted or failed audits that did not pass.
  const failing: Record<string, string[]> = {};
  for (const c of CATEGORIES) {
    if (pageScores[c] >= TARGET) continue;
    failing[c] = (lhr.categories[c]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a): a is NonNullable<typeof a> =>
          !!a &&
          a.score !== null &&
          a.score < 0.9 &&
          ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
      )
      .map(
        (a) =>
          `${a.id} (${Math.round((a.score ?? 0) * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`,
      );
  }
  return {
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    scores: pageScores,
    ...metrics(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    suggestedCpuSlowdown: suggestedSlowdown(lhr.environment.benchmarkIndex),
    ...(Object.keys(failing).length ? { failing } : {}),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] as number) + (sorted[Math.ceil(middle)] as number)) / 2;
}

/** The median of each category score and of each metric over the runs of one page. */
function medians(runs: Lhr[]) {
  const perRun = runs.map((lhr) => ({ scores: scores(lhr), metrics: metrics(lhr) }));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(perRun.map((r) => r.scores[c]))]),
    ) as Record<Category, number>,
    metrics: Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((m) => [
        m,
        round(median(perRun.map((r) => r.metrics[m])), METRICS[m][1]),
      ]),
    ) as Record<Metric, number>,
  };
}

const reportsDir = path.join(ROOT, 'bench/results/lighthouse');

/** Writes the run of median performance score as the page's report in `dir`; returns it. */
function writeMedianReport(dir: string, route: string, runs: Lhr[]): Lhr {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as Lhr;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${route === '/' ? 'landing' : route.slice(1)}.json`),
    JSON.stringify(middle),
  );
  return middle;
}

/** Serves a built tree on a fresh data directory, limits out of the way of repeated sign-ins. */
function serve(port: number, root?: string) {
  return startServer(
    {
      DATA_DIR: tmpDir('dw-bench-lh-'),
      PORT: String(port),
      LOGIN_MAX_PER_IP: '10000',
      REGISTER_MAX_PER_IP: '10000',
    },
    root,
  );
}

/** Registers and signs in the bench learner; returns its persisted auth state ('auth-storage', version 1). */
async function signedInState(url: string): Promise<string> {
  await api(`${url}/api/auth/register`, { method: 'POST', json: LEARNER });
  const login = await api<{ data: { token: string } }>(`${url}/api/auth/login`, {
    method: 'POST',
    json: { email: LEARNER.email, password: LEARNER.password },
  });
  const me = await api<{ data: unknown }>(`${url}/api/auth/me`, {
    headers: { authorization: `Bearer ${login.data.token}` },
  });
  return JSON.stringify({
    state: { user: me.data, token: login.data.token, isAuthenticated: true },
    version: 1,
  });
}

const common = () => ({
  settings: 'mobile defaults (simulated throttling)',
  cpuSlowdownMultiplier: CPU_SLOWDOWN ?? 4,
  runs: RUNS,
  loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  reports: path.relative(ROOT, reportsDir),
});

const PORT = Number(process.env.BENCH_PORT ?? 3303);

async function auditCurrent() {
  const server = await serve(PORT);
  try {
    const authState = await signedInState(server.url);
    const pages: Record<string, ReturnType<typeof summarize>> = {};
    for (const [route, signedIn] of PAGES) {
      const runs: Lhr[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await audit(`${server.url}${route}`, signedIn ? authState : null));
      pages[route] = summarize(writeMedianReport(reportsDir, route, runs));
    }
    console.log(JSON.stringify({ benchmark: 'lighthouse', ...common(), target: TARGET, pages }));
  } finally {
    await server.stop();
  }
}

async function compareWith(ref: string) {
  const baseline = prepareBaselineTree(ref);
  const interrupted = () => {
    baseline.remove();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const servers: Awaited<ReturnType<typeof serve>>[] = [];
  try {
    // One after the other, each on its own port and data directory.
    const start = async (name: 'baseline' | 'current', port: number, root?: string) => {
      const server = await serve(port, root);
      servers.push(server);
      return { name, server };
    };
    const sides = [await start('baseline', PORT + 1, baseline.root), await start('current', PORT)];
    const states = await Promise.all(sides.map((side) => signedInState(side.server.url)));
    const runs = PAGES.map(() => sides.map((): Lhr[] => []));
    // Counterbalanced (ABBA): the side audited first alternates from run to run, so that
    // whatever one audit leaves behind on this small machine does not always fall on one side.
    for (let i = 0; i < RUNS; i++)
      for (const [p, [route, signedIn]] of PAGES.entries())
        for (const s of i % 2 === 0 ? [0, 1] : [1, 0])
          runs[p]![s]!.push(
            await audit(`${sides[s]!.server.url}${route}`, signedIn ? states[s]! : null),
          );
    const pages: Record<string, unknown> = {};
    const lower: string[] = [];
    for (const [p, [route]] of PAGES.entries()) {
      const [before, after] = sides.map((side, s) => {
        writeMedianReport(path.join(reportsDir, side.name), route, runs[p]![s]!);
        return medians(runs[p]![s]!);
      }) as [ReturnType<typeof medians>, ReturnType<typeof medians>];
      const difference = {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, after.scores[c] - before.scores[c]])),
        metrics: Object.fromEntries(
          (Object.keys(METRICS) as Metric[]).map((m) => [
            m,
            round(after.metrics[m] - before.metrics[m], METRICS[m][1]),
          ]),
        ),
      };
      for (const c of CATEGORIES)
        if (after.scores[c] < before.scores[c])
          lower.push(`${route} ${c}: ${before.scores[c]} -> ${after.scores[c]}`);
      // Every run's performance score and blocking time, in audit order, to judge the spread.
      const each = (s: number) =>
        runs[p]![s]!.map((lhr) => ({
          performance: scores(lhr).performance,
          tbtMs: metrics(lhr).tbtMs,
        }));
      pages[route] = { baseline: before, current: after, difference, runs: [each(0), each(1)] };
    }
    console.log(
      JSON.stringify({
        benchmark: 'lighthouse-compare',
        ...common(),
        baseline: { ref, commit: baseline.commit, install: baseline.install },
        current: { commit: CURRENT_COMMIT },
        pages,
        lower,
      }),
    );
  } finally {
    for (const server of servers) await server.stop();
    baseline.remove();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (flags.baseline) await compareWith(flags.baseline);
else await auditCurrent();
