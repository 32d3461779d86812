/** Input that is not valid for its format: one error naming the file, the path inside it and the reason, for each problem. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importModel, type InputProblem, ModelImportError } from '../src';

const dir = mkdtempSync(join(tmpdir(), 'askdata-import-invalid-'));
let counter = 0;
function write(text: string, extension = '.yaml'): string {
  const path = join(dir, `doc-${++counter}${extension}`);
  writeFileSync(path, text);
  return path;
}

function problemsOf(input: string): InputProblem[] {
  try {
    importModel(input, { tenancy: 'none' });
  } catch (error) {
    if (error instanceof ModelImportError) return [...error.problems];
    throw error;
  }
  throw new Error(`expected ${input} to be refused`);
}

describe('invalid input', () => {
  it('Ossie: a missing required key, a wrong type, an unknown key, a bad version, a relationship to no dataset', () => {
    const file = write(`
version: "3.0"
semantic_model:
  - name: shop
    datasets:
      - name: orders
        fields:
          - { name: id, expression: { dialects: [{ dialect: ANSI_SQL, expression: id }] }, datatype: Number }
        colour: blue
`);
    expect(problemsOf(file)).toEqual([
      { file, path: 'version', message: 'must be an Ossie version this import reads (0.1.x or 0.2.x)' },
      { file, path: 'semantic_model[0].datasets[0].source', message: expect.stringMatching(/invalid value|expected/i) },
      { file, path: 'semantic_model[0].datasets[0].fields[0].datatype', message: expect.stringMatching(/String/) },
      { file, path: 'semantic_model[0].datasets[0]', message: 'unknown key "colour"' },
    ]);
    const dangling = write(`
version: "0.1.1"
semantic_model:
  - name: shop
    datasets: [{ name: orders, source: orders }]
    relationships: [{ name: r, from: orders, to: customers, from_columns: [customer_id], to_columns: [id] }]
`);
    expect(problemsOf(dangling)).toEqual([{ file: dangling, path: 'semantic_model[0].relationships[0].to', message: 'names no dataset of this semantic model ("customers")' }]);
  });

  it('Ossie: an ASKDATA extension that is not JSON, or not askdata\'s shape', () => {
    const file = write(`
version: "0.1.1"
semantic_model:
  - name: shop
    datasets:
      - name: orders
        source: orders
        custom_extensions: [{ vendor_name: ASKDATA, data: "{not json" }]
        fields:
          - name: id
            expression: { dialects: [{ dialect: ANSI_SQL, expression: id }] }
            custom_extensions: [{ vendor_name: ASKDATA, data: '{"type": "money"}' }]
`);
    expect(problemsOf(file)).toEqual([
      { file, path: 'semantic_model[0].datasets[0].custom_extensions[0].data', message: expect.stringMatching(/^not valid JSON/) },
      { file, path: 'semantic_model[0].datasets[0].fields[0].custom_extensions[0].data', message: expect.stringMatching(/^type: /) },
    ]);
  });

  it('dbt: an unknown aggregation and an unknown key in a semantic model, in the file that has them', () => {
    const project = join(dir, 'dbt-project');
    mkdirSync(join(project, 'models'), { recursive: true });
    writeFileSync(join(project, 'models', 'fine.yml'), 'models:\n  - name: orders\n');
    writeFileSync(join(project, 'models', 'semantic.yml'), `
semantic_models:
  - name: orders
    model: ref('orders')
    entities: [{ name: order, type: primary, expr: id }]
    measures:
      - { name: revenue, agg: total, expr: amount }
    owner: finance
`);
    expect(problemsOf(project)).toEqual([
      { file: join('models', 'semantic.yml'), path: 'semantic_models[0].measures[0].agg', message: expect.stringMatching(/sum/) },
      { file: join('models', 'semantic.yml'), path: 'semantic_models[0]', message: 'unknown key "owner"' },
    ]);
  });

  it('dbt: a model that is not a ref', () => {
    const file = write(`
semantic_models:
  - { name: orders, model: orders, entities: [{ name: order, type: primary }] }
`);
    expect(problemsOf(file)).toEqual([{ file, path: 'semantic_models[0].model', message: 'expected ref(\'<model>\'), got "orders"' }]);
  });

  it('Snowflake: a table without base_table, a relationship to a table the model does not have', () => {
    const file = write(`
name: shop
tables:
  - name: orders
    dimensions: [{ name: id, expr: id, data_type: NUMBER }]
  - name: customers
    base_table: { database: D, schema: S, table: customers }
relationships:
  - { name: r, left_table: customers, right_table: regions, relationship_columns: [{ left_column: region_id, right_column: id }] }
`);
    expect(problemsOf(file)).toEqual([{ file, path: 'tables[0].base_table', message: expect.stringMatching(/expected object/i) }]);
    const dangling = write(`
name: shop
tables:
  - name: customers
    base_table: { database: D, schema: S, table: customers }
relationships:
  - { name: r, left_table: customers, right_table: regions, relationship_columns: [{ left_column: region_id, right_column: id }] }
`);
    expect(problemsOf(dangling)).toEqual([{ file: dangling, path: 'relationships[0].right_table', message: 'names no table of this model ("regions")' }]);
  });

  it('a file that is not YAML or JSON, a folder of two formats, a file of no format, a path that does not exist', () => {
    const yaml = write('tables: [a\n  b: c');
    const yamlProblems = problemsOf(yaml);
    expect(yamlProblems.length).toBeGreaterThan(0);
    for (const problem of yamlProblems) expect(problem).toEqual({ file: yaml, path: expect.stringMatching(/^\(line \d+, column \d+\)$/), message: expect.stringMatching(/^not valid YAML/) });
    const json = write('{"version": ', '.json');
    expect(problemsOf(json)).toEqual([{ file: json, path: '(file)', message: expect.stringMatching(/^not valid JSON/) }]);
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    writeFileSync(join(mixed, 'a.yaml'), 'name: shop\ntables: []\n');
    writeFileSync(join(mixed, 'b.yaml'), 'semantic_models: []\n');
    expect(problemsOf(mixed).map((problem) => [problem.file, problem.message])).toEqual([
      ['a.yaml', 'reads as snowflake; a folder must hold one format (found snowflake, dbt)'],
      ['b.yaml', 'reads as dbt; a folder must hold one format (found snowflake, dbt)'],
    ]);
    const other = write('name: just a config\nsettings: {}\n');
    expect(problemsOf(other)).toEqual([{ file: other, path: '(file)', message: expect.stringMatching(/^no semantic model found/) }]);
    expect(problemsOf(join(dir, 'missing.yaml'))).toEqual([{ file: join(dir, 'missing.yaml'), path: '(file)', message: 'no such file or folder' }]);
  });
});
