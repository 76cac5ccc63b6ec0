/**
 * Another commit of this repository, checked out beside this one for a bench to run against
 * (bench/payment-load.ts --baseline REF): `git worktree add` in a temporary folder, with this
 * checkout's node_modules hard-linked in (`cp -al`; `npm ci` would need the network and
 * minutes). The packages are then this lockfile's, not REF's: the packages REF's lockfile pins
 * at another version, or that this checkout lacks, are listed so a reader can judge, and a
 * baseline that cannot start on them fails with the api's own error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/web-build.mjs';

export interface BaselineCheckout {
  dir: string;
  commit: string;
  /** Packages whose version in REF's lockfile this checkout's node_modules does not have. */
  differingPackages: string[];
  remove(): void;
}

const git = (args: string[], cwd = root) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

type Lock = { packages?: Record<string, { version?: string; link?: boolean }> };

/** The lockfile's installed packages (node_modules/… paths) whose versions differ or are missing. */
function differingPackages(refLock: Lock): string[] {
  const ours = (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock)
    .packages;
  return Object.entries(refLock.packages ?? {})
    .filter(([where, entry]) => where.includes('node_modules/') && !entry.link)
    .filter(([where, entry]) => ours?.[where]?.version !== entry.version)
    .map(([where, entry]) => `${where.replace(/^.*node_modules\//, '')}@${entry.version}`);
}

export function checkoutBaseline(ref: string): BaselineCheckout {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'checkout-baseline-')), 'repo');
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    git(['worktree', 'remove', '--force', dir]);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  };
  try {
    // The workspaces' own node_modules too; @checkout/* are relative links, so in the copy they
    // point at REF's own packages.
    for (const folder of ['.', 'apps/api', 'apps/web', 'packages/core']) {
      const from = path.join(root, folder, 'node_modules');
      if (existsSync(from) && existsSync(path.join(dir, folder))) {
        execFileSync('cp', ['-al', from, path.join(dir, folder, 'node_modules')]);
      }
    }
    const refLock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lock;
    return { dir, commit, differingPackages: differingPackages(refLock), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
