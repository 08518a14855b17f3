// Creates an administrator from the command line: node apps/server/scripts/create-admin.ts --email a@b.c [...]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createAdmin } from '#server/bootstrap/create-admin.ts';
import { box, generatePassword } from '#server/bootstrap/first-start.ts';
import { AppError } from '#server/lib/app-error.ts';
import { fail, openCliDatabase } from './cli-database.ts';

const USAGE = `Usage: npm run create-admin -- --email <email> [--name <display name>]
       [--organization <id or name>] [--super] [--password-stdin]

  --email           the administrator's email (sign-in name)
  --name            display name (default: Administrator)
  --organization    an organization id, or a name (created when it does not exist);
                    may be left out when there is exactly one organization
  --super           make a super administrator (platform operator)
  --password-stdin  read the password from standard input; otherwise one is generated and printed

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parse>['values'];
  function parse() {
    return parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        organization: { type: 'string' },
        super: { type: 'boolean', default: false },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) fail(`--email must be an email address.\n\n${USAGE}`, 2);
  const name = values.name?.trim() || 'Administrator';
  if (name.length > 200) fail('--name must be at most 200 characters.', 2);

  let password: string;
  const generated = !values['password-stdin'];
  if (values['password-stdin']) {
    password = await readStdin();
    if (password.length < 8) fail('The password must be at least 8 characters long.', 2);
  } else {
    password = generatePassword();
  }

  const { database } = await openCliDatabase('create-admin');
  try {
    const result = await createAdmin(database.db, {
      email: email.data.toLowerCase(),
      displayName: name,
      organization: values.organization,
      superAdmin: values.super,
      password,
    });
    const lines = [
      `Created ${values.super ? 'super administrator' : 'administrator'} ${result.email}`,
      `in organization "${result.organization.name}" (${result.organization.id})${result.organization.created ? ', created now' : ''}.`,
    ];
    if (generated) lines.push('', `Password: ${password}`, 'Shown only once: it is not stored anywhere.');
    process.stdout.write(`${box(lines)}\n`);
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
