/**
 * CPU time of the processes under test, from /proc (Linux): what one unit of work costs, which
 * a shared, busy machine distorts far less than it distorts throughput.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Times {
  ppid: number;
  /** Its own user and system time, in ms. */
  own: number;
  /** Its waited-for children's, in ms. */
  children: number;
}

function timesOf(pid: number): Times | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
    return { ppid: Number(fields[1]), own: tick(11) + tick(12), children: tick(13) + tick(14) };
  } catch {
    return undefined;
  }
}

/** CPU ms a process has used so far (0 once it is gone, or off Linux). */
export function cpuMsOf(pid: number | undefined): number {
  return pid === undefined ? 0 : (timesOf(pid)?.own ?? 0);
}

/**
 * CPU ms a PostgreSQL server has used so far: the postmaster, the backends and workers it runs
 * now, and those that ended (its children's times).
 */
export function postgresCpuMs(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  const main = timesOf(postmaster);
  if (!main) return 0;
  let total = main.own + main.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = timesOf(Number(entry));
    if (times?.ppid === postmaster) total += times.own;
  }
  return total;
}
