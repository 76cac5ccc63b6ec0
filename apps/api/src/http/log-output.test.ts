import { afterEach, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions } from './logger';
import { logOutput } from './log-output';

/** What a terminal would show: everything written to it. */
function terminal() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** An api logger writing through `logOutput` as npm start would set it up. */
async function logged(production: boolean, tty: boolean, write: (app: FastifyInstance) => void) {
  const screen = terminal();
  const output = logOutput({ production, terminal: tty, destination: screen.stream });
  app = Fastify({ logger: loggerOptions('info', output ?? screen.stream) });
  write(app);
  // pino-pretty formats on its own stream: let it flush.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return screen.text();
}

describe('api log lines', () => {
  it('are readable lines in a terminal: a level word, a clock time, the message, no JSON', async () => {
    const text = await logged(false, true, (a) =>
      a.log.info({ orderId: 'ord_1', email: 'shopper@gmail.com' }, 'order paid'),
    );
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: order paid/);
    expect(text).toContain('ord_1');
    expect(text).not.toContain('"level":30');
    expect(text).not.toContain('shopper@gmail.com');
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['in production, even in a terminal', true, true],
    ['when the output is not a terminal (a file, a log collector)', false, false],
  ])('are JSON %s', async (_when, production, tty) => {
    expect(logOutput({ production, terminal: tty })).toBeUndefined();
    const text = await logged(production, tty, (a) =>
      a.log.info({ orderId: 'ord_1' }, 'order paid'),
    );
    expect(JSON.parse(text)).toMatchObject({ level: 30, msg: 'order paid', orderId: 'ord_1' });
  });
});
