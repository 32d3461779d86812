/**
 * The `askdata` command (apps/cli/bin/askdata.cjs): `askdata ask ...` answers one question (see
 * ask.ts); `askdata model import|export` brings a model from Ossie, dbt or Snowflake, or writes one as Ossie
 * (model-command.ts).
 */
import { ask, askUsage, reportFailure } from './ask';
import { modelCommand } from './model-command';

const usage = `usage: askdata <command> [options]\n\ncommands:\n  ask    answer one question (askdata ask --help)\n  model  import a model from Ossie, dbt or Snowflake, export one as Ossie, or review the readings introspection made (askdata model --help)\n\n${askUsage}`;

export async function askdata(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'ask':
      try {
        return await ask(rest);
      } catch (error) {
        return reportFailure('askdata ask', error);
      }
    case 'model':
      return modelCommand(rest);
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
