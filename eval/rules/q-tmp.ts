import { ExamplePlanners } from './example-planners';
async function main() {
  const p = new ExamplePlanners();
  for (const arg of process.argv.slice(2)) {
    const [schema, q] = arg.split(':: ');
    const r = await p.read(schema as never, q!);
    console.log(`[${schema}] ${q}\n  -> ${r.line}\n     ${r.rules.join(', ')}`);
    if (process.env.TRACE) console.log(r.trace.map((l) => '     ' + l).join('\n'));
  }
  await p.close();
}
main();
