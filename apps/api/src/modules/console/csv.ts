/** The console's CSV files: the funnels' figures and the orders' export. */
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first: groups come from what
 * browsers sent) is written as text.
 */
const cell = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** Sends the rows as a CSV file (text: the JSON answer's schema does not apply to it). */
export function csv<T extends object>(reply: FastifyReply, name: string, rows: readonly T[]) {
  const records = rows.map((row) => Object.values(row).map(cell));
  const first = rows[0];
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(stringify(records, { header: true, columns: first ? Object.keys(first) : [] }));
}
