/**
 * `npm run faults`: the whole fault matrix (test/support/faults/matrix.ts), one scenario after another, each on a
 * fresh database and api process, then the table (scenario, requests, acknowledged, lost, double charges, holds
 * left, 5xx, time to recover). Exits 1 when any rule broke. `npm run faults -- <name part>` runs the matching ones.
 */
import { FAULT_MATRIX } from '../test/support/faults/matrix.ts';
import { startRig } from '../test/support/faults/rig.ts';
import { faultTable, runScenario, type ScenarioRow } from '../test/support/faults/scenario.ts';

const only = process.argv.slice(2).join(' ');
const rows: ScenarioRow[] = [];
for (const scenario of FAULT_MATRIX.filter((s) => !only || s.name.includes(only))) {
  process.stderr.write(`${scenario.name}... `);
  const rig = await startRig();
  try {
    const row = await runScenario(rig, scenario);
    rows.push(row);
    process.stderr.write(row.violations.length ? `broke a rule:\n  ${row.violations.join('\n  ')}\n` : 'held\n');
  } finally {
    await rig.stop();
  }
}
console.log(faultTable(rows));
process.exit(rows.some((r) => r.violations.length) ? 1 : 0);
