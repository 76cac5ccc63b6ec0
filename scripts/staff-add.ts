/**
 * `npm run staff:add -- --email ops@example.com --role admin`: creates a console staff account
 * (or re-enrols an existing one with its new role) and prints its one-time enrolment link, where
 * its owner sets a password and the second factor. Uses DATABASE_URL, else the embedded
 * database in PGLITE_DIR (refused while the api holds it).
 */
import { staffRoleSchema } from '@checkout/core/contract';
import { openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { enrolmentUrl } from '../apps/api/src/modules/console/routes';
import { addStaff } from '../apps/api/src/modules/console/staff';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const email = option('email');
const role = staffRoleSchema.safeParse(option('role'));
if (!email?.includes('@') || !role.success) {
  console.error(
    'usage: npm run staff:add -- --email <address> --role <support|finance|marketing|admin|analyst>',
  );
  process.exit(2);
}
const env = loadEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
try {
  const { member, token } = await addStaff(database.db, email, role.data);
  console.log(`[console] ${member.email} (${member.role}): enrol within 72 hours, once, at`);
  console.log(`[console] ${enrolmentUrl(env.PUBLIC_ORIGIN, token)}`);
} finally {
  await database.close();
}
