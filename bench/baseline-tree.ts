// A built copy of the project at another git ref, for benches that compare against it
// (`npm run bench:lighthouse -- --baseline <ref>`): a temporary detached git worktree with its
// own node_modules and its own `npm run build`. Progress goes to standard error, so that the
// bench's standard output stays one JSON object.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib';

export interface BaselineTree {
  /** The ref as given, and the commit it named. */
  ref: string;
  commit: string;
  /** The worktree's root (its built server is `apps/server/dist/server.js` there). */
  root: string;
  /** How its node_modules were made: hard links of ours (same lockfile) or `npm ci`. */
  install: 'hard links' | 'npm ci';
  /** Removes the worktree and its folder; safe to call more than once. */
  remove(): void;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  process.stderr.write(`baseline: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    // Output to standard error; standard output is captured only for git's answers.
    stdio: ['ignore', command === 'git' ? 'pipe' : process.stderr, 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  return (result.stdout ?? '').trim();
}

/** Our node_modules folders: the root's and those of the workspaces that have one. */
function nodeModulesFolders(): string[] {
  const workspaces = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    }
  ).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) =>
          path.join(pattern.slice(0, -2), name),
        )
      : [pattern],
  );
  return ['', ...workspaces]
    .map((folder) => path.join(folder, 'node_modules'))
    .filter((folder) => existsSync(path.join(ROOT, folder)));
}

/** Checks `ref` out into a temporary worktree, installs and builds it. */
export function prepareBaselineTree(ref: string): BaselineTree {
  const commit = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], ROOT);
  const root = mkdtempSync(path.join(os.tmpdir(), 'dw-baseline-'));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.stderr.write(`baseline: removing ${root}\n`);
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run('git', ['worktree', 'add', '--detach', root, commit], ROOT);
    const sameLockfile =
      readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8') ===
      readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (sameLockfile) {
      // The same packages: hard-linked copies of ours (workspace links are relative, so they
      // point into the baseline tree). Tool caches are left out: they are written in place.
      for (const folder of nodeModulesFolders()) {
        run('cp', ['-al', path.join(ROOT, folder), path.join(root, folder)], ROOT);
        for (const cache of ['.vite', '.cache'])
          rmSync(path.join(root, folder, cache), { recursive: true, force: true });
      }
    } else {
      run('npm', ['ci', '--no-audit', '--no-fund'], root, {
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      });
    }
    run('npm', ['run', 'build'], root);
    return { ref, commit, root, install: sameLockfile ? 'hard links' : 'npm ci', remove };
  } catch (error) {
    remove();
    throw error;
  }
}
