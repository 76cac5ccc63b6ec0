import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migratedTemplate } from '../db/test-template';
import { countStatements } from '../test-support/statements';
import { sandboxMailer } from './sandbox-mailbox';
import { sandboxMail, sandboxMailAttachments } from './tables';

describe('the sandbox mail transport', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteTemplate: await migratedTemplate(),
    });
  });
  afterAll(() => database.close());

  it('stores a message with its attachments, bytes intact, in one statement', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a]);
    const counter = countStatements(database.db);
    const sending = { statements: [] as string[] };
    try {
      await counter.run(sending, () =>
        sandboxMailer(database.db).send({
          to: 'Buyer@Gmail.com',
          subject: 'Your receipt',
          body: 'Thank you',
          html: '<p>Thank you</p>',
          attachments: [
            { filename: 'A-1.pdf', contentType: 'application/pdf', content: pdf },
            { filename: 'B-1.pdf', contentType: 'application/pdf', content: Buffer.from('x') },
          ],
        }),
      );
    } finally {
      counter.restore();
    }
    expect(sending.statements).toHaveLength(1);
    const [mail] = await database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, 'buyer@gmail.com'));
    expect(mail).toMatchObject({ subject: 'Your receipt', html: '<p>Thank you</p>' });
    const files = await database.db
      .select()
      .from(sandboxMailAttachments)
      .where(eq(sandboxMailAttachments.mailId, mail!.id))
      .orderBy(sandboxMailAttachments.filename);
    expect(files.map((f) => [f.filename, f.contentType, f.content.toString('hex')])).toEqual([
      ['A-1.pdf', 'application/pdf', pdf.toString('hex')],
      ['B-1.pdf', 'application/pdf', '78'],
    ]);
  });
});
