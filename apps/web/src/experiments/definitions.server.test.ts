/**
 * The web node's read of the experiments while the api is down: an operator watching the log
 * sees one line when they become unavailable and one when they are back, not a line a second.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const EXPERIMENTS = {
  experiments: [
    {
      id: 'big-payment-cta',
      type: 'segment',
      variants: [
        { value: 'control', weight: 1 },
        { value: 'big', weight: 1 },
      ],
      allocator: ['checkout'],
      triggers: { combinator: 'AND', rules: [] },
      status: 'running',
    },
  ],
};

let api: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  if (api) await new Promise<void>((resolve) => api!.close(() => resolve()));
  api = undefined;
});

describe('currentExperiments while the api is down', () => {
  it(
    'logs "experiments unavailable" once, and once when they are back',
    { timeout: 120_000 },
    async () => {
      // The api's address, hanging up on every request until it is "up" (as a starting api does).
      let up = false;
      let requests = 0;
      api = createServer((request, response) => {
        requests++;
        if (!up) return request.socket.destroy();
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(EXPERIMENTS));
      });
      await new Promise<void>((resolve) => api!.listen(0, '127.0.0.1', resolve));
      const { port } = api.address() as { port: number };
      vi.stubEnv('API_URL', `http://127.0.0.1:${port}`);
      vi.stubEnv('CATALOG_REFRESH_MS', '60000');
      vi.resetModules();
      const { currentExperiments } = await import('./definitions.server');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const lines = (spy: typeof warn, message: string) =>
        spy.mock.calls.filter(([first]) => first === message);
      vi.useFakeTimers({ toFake: ['Date'] });

      // Ten seconds of visitors with the api down: a read each second, every one failing. A read
      // still in flight (its hang-up not yet seen: slow on a busy machine) is not sent again, so
      // each second waits up to 10 s of real time for it.
      for (let second = 1; second <= 10; second++) {
        await expect
          .poll(
            () => {
              currentExperiments();
              return requests;
            },
            { timeout: 10_000 },
          )
          .toBe(second);
        vi.advanceTimersByTime(1_100);
      }
      await expect
        .poll(() => lines(warn, 'experiments unavailable').length, { timeout: 10_000 })
        .toBe(1);
      expect(currentExperiments()).toEqual([]);

      // The api is up: the next read gets the experiments and says so, once.
      up = true;
      await expect
        .poll(() => currentExperiments().map((e) => e.id), { timeout: 10_000 })
        .toEqual(['big-payment-cta']);
      expect(lines(warn, 'experiments available again')).toHaveLength(1);
      expect(lines(warn, 'experiments unavailable')).toHaveLength(1);
    },
  );
});
