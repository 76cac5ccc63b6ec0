/**
 * An embedded database folder belongs to one process at a time. PGlite has no server to share
 * it: a second process (another `npm start`, or `npm run report:experiments` while the api
 * runs) would open the same files and corrupt them. The holder writes its pid into the folder;
 * an opener that finds a live holder is refused with a message naming both, and the file of a
 * holder that died (kill -9, a crash) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

const OWNER_FILE = 'checkout-owner.pid';
/** Folders this process holds: a file naming our own pid and not in here is a former life's
 * (a container restarted with the same pid, 1 say, on the same volume). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `dir` for this process; the returned function lets go of it. */
export function claimPgliteDir(dir: string): () => void {
  const file = path.join(dir, OWNER_FILE);
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    const ours = holder === process.pid;
    if (ours ? held.has(file) : Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(
        `PGLITE_DIR ${dir} is in use by process ${holder}: an embedded database has one user at a time. Stop that process (the api of a running npm start?) or use DATABASE_URL; if no such process is yours, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
}
