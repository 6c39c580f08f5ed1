/**
 * `npm run staff -- …` (dist/cli/cli.mjs staff …): staff accounts on the database named by DATABASE_URL.
 *   add EMAIL --role owner|manager|editor   a new account; the first owner of a new shop is made this way
 *   list                                    one account a line: e-mail, role, two-factor, disabled, last sign-in
 *   disable EMAIL | enable EMAIL            a disabled account cannot sign in; its sessions end at once
 *   reset EMAIL                             a new password; two-factor is turned off and sessions end
 *   role EMAIL --role R                     change the role
 * The password is read from standard input when it is not a terminal (`printf '%s\n' "$PW" | npm run
 * staff -- add …`), else asked for twice without echo; never from the command line, where `ps` and the
 * shell history would keep it. Each change is in the activity record as done by `cli`.
 */
import { shareConnection, unshareConnection } from '~/server/db/database.ts';
import { openCliConnection } from '~/server/db/cli-connection.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { CliUsageError } from '~/server/feeds/import-args.ts';
import { passwordField, emailField } from '~/features/account/account.schema.ts';
import { CLI_ACTOR } from './activity.ts';
import { ROLES, type Role } from './roles.ts';
import { addStaff, changeRole, resetStaff, setDisabled } from './staff.service.ts';
import { listStaff } from './staff.repository.ts';

export const STAFF_USAGE =
  'usage: npm run staff -- add EMAIL --role owner|manager|editor | list | disable EMAIL | enable EMAIL | reset EMAIL | role EMAIL --role R  (the password is read from standard input, or asked for)';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new CliUsageError('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden('Password: ');
    if ((await askHidden('The password again: ')) !== password) throw new CliUsageError('The passwords do not match');
  } else password = await readStdin();
  const parsed = passwordField.safeParse(password);
  if (!parsed.success) throw new CliUsageError(`password: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

function parseArgs(args: string[]): { positional: string[]; role?: string } {
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') role = args[++i];
    else if (arg.startsWith('--role=')) role = arg.slice(7);
    else if (arg.startsWith('--')) throw new CliUsageError(`unknown option ${arg}\n${STAFF_USAGE}`);
    else positional.push(arg);
  }
  return { positional, role };
}

export async function runStaff(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || !['add', 'list', 'disable', 'enable', 'reset', 'role'].includes(command)) throw new CliUsageError(STAFF_USAGE);
  const { positional, role } = parseArgs(rest);
  if (command === 'list' ? positional.length !== 0 : positional.length !== 1) throw new CliUsageError(STAFF_USAGE);
  let email = '';
  if (command !== 'list') {
    const parsed = emailField.safeParse(positional[0]);
    if (!parsed.success) throw new CliUsageError(`EMAIL: ${parsed.error.issues[0]!.message}`);
    email = parsed.data;
  }
  if ((command === 'add' || command === 'role') && !ROLES.includes(role as Role))
    throw new CliUsageError(`--role takes owner, manager or editor\n${STAFF_USAGE}`);
  const password = command === 'add' || command === 'reset' ? await readPassword() : undefined;

  const conn = await openCliConnection();
  shareConnection(conn);
  try {
    if (command === 'list') {
      const rows = await listStaff(conn.db);
      for (const r of rows)
        console.log(
          [
            r.email.padEnd(36),
            r.role.padEnd(8),
            r.totp_secret ? '2FA     ' : 'no 2FA  ',
            r.disabled ? 'disabled' : 'active  ',
            r.last_sign_in_at ?? 'never signed in',
          ].join('  '),
        );
      console.log(`${rows.length} staff account${rows.length === 1 ? '' : 's'}`);
    } else if (command === 'add') {
      const row = await addStaff(CLI_ACTOR, email, role as Role, password!);
      console.log(`Added ${row.email} as ${row.role}: sign in at /admin/login`);
    } else if (command === 'disable' || command === 'enable') {
      const row = await setDisabled(CLI_ACTOR, email, command === 'disable');
      console.log(`${row.email} is ${row.disabled ? 'disabled: their sessions have ended' : 'enabled'}`);
    } else if (command === 'reset') {
      const row = await resetStaff(CLI_ACTOR, email, password!);
      console.log(`New password set for ${row.email}; two-factor sign-in is off until they set it up again, and their sessions have ended`);
    } else {
      const row = await changeRole(CLI_ACTOR, email, role as Role);
      console.log(`${row.email} is now ${row.role}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message.replace(/^\w+: /, ''));
      return 1;
    }
    throw error;
  } finally {
    unshareConnection();
    await conn.close();
  }
}
