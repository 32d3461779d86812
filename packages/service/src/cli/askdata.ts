/**
 * The `askdata` command (packages/service/bin/askdata.cjs): `askdata ask ...` answers one question (see
 * ask.ts). One command with subcommands, so later ones (keys, model scaffolding) have a place to go.
 */
import { ask, askUsage, reportFailure } from './ask';

const usage = `usage: askdata <command> [options]\n\ncommands:\n  ask    answer one question (askdata ask --help)\n\n${askUsage}`;

export async function askdata(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'ask':
      try {
        return await ask(rest);
      } catch (error) {
        return reportFailure('askdata ask', error);
      }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${usage}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`askdata: unknown command ${JSON.stringify(command)}\n${usage}\n`);
      return 2;
  }
}
