/** The import command's arguments: `FILE [--replace] [--dry-run] [--markup FILE] [--source NAME] [--rejects FILE]`. */
import { SOURCE_PATTERN } from './diamond-import.ts';

export class CliUsageError extends Error {}

export const IMPORT_USAGE = 'usage: npm run import:diamonds -- FILE [--replace] [--dry-run] [--markup FILE] [--source NAME] [--rejects FILE]';

export interface ImportArgs {
  file: string;
  replace: boolean;
  dryRun: boolean;
  markup?: string;
  source: string;
  /** Where every rejected row is written (CSV: line, stock number, reasons), in file order. */
  rejects?: string;
}

export function parseImportArgs(args: string[]): ImportArgs {
  const out: Partial<ImportArgs> = { replace: false, dryRun: false, source: 'default' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new CliUsageError(`${arg} needs a value\n${IMPORT_USAGE}`);
      return v;
    };
    if (arg === '--replace') out.replace = true;
    else if (arg === '--dry-run') out.dryRun = true;
    else if (arg === '--markup') out.markup = value();
    else if (arg === '--source') out.source = value();
    else if (arg === '--rejects') out.rejects = value();
    else if (arg.startsWith('--')) throw new CliUsageError(`unknown option ${arg}\n${IMPORT_USAGE}`);
    else if (out.file) throw new CliUsageError(`one file at a time (${out.file}, ${arg})\n${IMPORT_USAGE}`);
    else out.file = arg;
  }
  if (!out.file) throw new CliUsageError(`which file?\n${IMPORT_USAGE}`);
  if (!SOURCE_PATTERN.test(out.source!)) throw new CliUsageError('--source takes letters, digits, dots, dashes or underscores (at most 64)');
  return out as ImportArgs;
}
