import { importModel } from './src';
try { const r = importModel(process.argv[2]!, { tenancy: 'none' }); console.log(JSON.stringify(r.model.entities.orders?.fields), r.report.notes); } catch (e) { console.log((e as Error).message); }
