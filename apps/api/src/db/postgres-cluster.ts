/**
 * A throwaway PostgreSQL 15 cluster in a temporary folder on a free port, for benches of the
 * DATABASE_URL path (tests and benches). Uses Debian's server binaries; as root it runs them as
 * the postgres user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface Cluster {
  /** Over TCP on 127.0.0.1. */
  url: string;
  /** Over the cluster's Unix socket: what a database on the api's own machine is reached by. */
  socketUrl: string;
  /** The cluster's data folder (benches read the server's pid from it). */
  dataDir: string;
  /** Kills the server as a crash or power loss would (immediate shutdown, no checkpoint). */
  kill(): void;
  /** Starts the server again on the same port and data after `kill`. */
  start(): void;
  stop(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The server binaries exist and, as root, there is a postgres user to run them as. */
export function postgresAvailable(): boolean {
  if (!existsSync(`${BIN}/initdb`) || !existsSync(`${BIN}/pg_ctl`)) return false;
  return (
    process.getuid?.() !== 0 ||
    spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0
  );
}

/** `settings`: more server settings (`-c name=value`), e.g. a library to preload. */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const more = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  run(`${BIN}/initdb`, ['-D', data, '-U', 'checkout', '--auth=trust', '-E', 'UTF8']);
  const start = () =>
    run(`${BIN}/pg_ctl`, [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${more.join('')}`,
      'start',
    ]);
  start();
  run(`${BIN}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'checkout', 'checkout']);
  return {
    url: `postgres://checkout@127.0.0.1:${port}/checkout`,
    socketUrl: `postgres://checkout@localhost:${port}/checkout?host=${encodeURIComponent(dir)}`,
    dataDir: data,
    kill: () => run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    stop: () => {
      const args = ['-D', data, '-m', 'fast', 'stop'];
      if (asRoot)
        spawnSync('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, ...args], {
          stdio: 'ignore',
        });
      else spawnSync(`${BIN}/pg_ctl`, args, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
