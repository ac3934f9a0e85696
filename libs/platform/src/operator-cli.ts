/**
 * The frame of the operators' commands (`npm run campus`, `npm run structure`): each runs its
 * service's own code on that service's database (`DATABASE_URL`, brought up to date first as the
 * service does at boot), with the same rules as its admin API, and answers an exit code — 0 done,
 * 1 refused (a bad value, an unknown row, an unreachable database), 2 a wrong command line (the
 * usage is printed).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import type { DataSource } from 'typeorm';
import { openServiceDataSource, type ServiceDataSourceOptions } from '@lms/database';
import { attributePointer, JsonApiException } from '@lms/jsonapi';
import { describeStartupFailure } from './startup';

/** A wrong command line: the usage is printed, exit code 2. */
export class CliUsageError extends Error {}
/** A refusal the operator can mend (bad value, unknown row): exit code 1. */
export class CliRefusal extends Error {}

/** The values `parseArgs` gives for these options. */
export type CliValues<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true }>
>['values'];

export interface OperatorCliContext<O extends ParseArgsOptionsConfig> {
  /** The command as its words (`add`, `periods add`). */
  command: string;
  /** Its positional arguments after the command's words. */
  args: string[];
  values: CliValues<O>;
  dataSource: DataSource;
  out: (line: string) => void;
}

export interface OperatorCli<O extends ParseArgsOptionsConfig> {
  /** How npm runs it (`campus`): the prefix of every message. */
  name: string;
  /** The service whose database it opens, and that database as messages name it. */
  service: string;
  database: string;
  usage: string;
  options: O;
  /** Each command (one or two words) with the options it takes and the arguments it needs. */
  commands: Record<string, { options: readonly string[]; arguments?: readonly string[] }>;
  /** Options any command takes. */
  common?: readonly string[];
  /** The flag of each attribute of the shared rules, for the messages of a refusal. */
  flags: Record<string, string>;
  entities: ServiceDataSourceOptions['entities'];
  migrations: ServiceDataSourceOptions['migrations'];
  /** The database's address as the service itself reads it from the environment (its config). */
  databaseUrl(env: NodeJS.ProcessEnv): string;
  run(context: OperatorCliContext<O>): Promise<void>;
}

/** A 422 of the shared rules told in the command line's words: `--time-zone: time_zone must be …`. */
export function cliRefusalOf(error: JsonApiException, flags: Record<string, string>): CliRefusal {
  const lines = error.errors.map((issue) => {
    const pointer = issue.source?.pointer ?? '';
    const attribute = pointer.startsWith(attributePointer('')) ? pointer.split('/')[3] : '';
    return `${flags[attribute] ?? 'error'}: ${issue.detail}`;
  });
  return new CliRefusal(lines.join('\n'));
}

/** Runs `work` (the shared rules, a write); their refusal in the command line's words. */
export async function inCliWords<T>(flags: Record<string, string>, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof JsonApiException ? cliRefusalOf(error, flags) : error;
  }
}

/** Runs the command line `argv` of `cli`; answers the exit code. */
export async function runOperatorCli<O extends ParseArgsOptionsConfig>(
  cli: OperatorCli<O>,
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let dataSource: DataSource | undefined;
  try {
    const { values, positionals } = (() => {
      try {
        return parseArgs({ args: argv, options: cli.options, allowPositionals: true, strict: true });
      } catch (error) {
        throw new CliUsageError((error as Error).message);
      }
    })();
    if ((values as { help?: boolean }).help || positionals[0] === 'help') {
      out(cli.usage);
      return 0;
    }
    const words = [positionals.slice(0, 2).join(' '), positionals[0]].find(
      (candidate) => candidate !== undefined && candidate in cli.commands,
    );
    if (words === undefined)
      throw new CliUsageError(
        positionals.length > 0 ? `unknown command ${positionals.slice(0, 2).join(' ')}` : 'no command',
      );
    const command = cli.commands[words];
    const args = positionals.slice(words.split(' ').length);
    const needed = command.arguments ?? [];
    if (args.length < needed.length)
      throw new CliUsageError(`${words} needs ${needed.slice(args.length).join(' ')}`);
    if (args.length > needed.length) throw new CliUsageError(`unexpected argument ${args[needed.length]}`);
    const allowed = [...command.options, ...(cli.common ?? [])];
    const stray = Object.keys(values).find((option) => !allowed.includes(option));
    if (stray) throw new CliUsageError(`${words} takes no --${stray}`);
    const url = cli.databaseUrl(env);
    dataSource = await openServiceDataSource({
      url,
      service: `${cli.service}-${cli.name}-cli`,
      entities: cli.entities,
      migrations: cli.migrations,
      poolSize: 2,
    }).catch((error: unknown) => {
      throw new CliRefusal(`cannot open ${cli.database}: ${describeStartupFailure(error)}`);
    });
    const source = dataSource;
    await inCliWords(cli.flags, () => cli.run({ command: words, args, values, dataSource: source, out }));
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError) {
      err(`${cli.name}: ${error.message}\n\n${cli.usage}`);
      return 2;
    }
    err(`${cli.name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await dataSource?.destroy();
  }
}
