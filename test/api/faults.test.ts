/**
 * Faults survived, the few scenarios CI runs (`npm run faults` runs the whole matrix): each dependency fails
 * under a steady bid and browse load, and nothing acknowledged is lost, nothing is paid twice, no hold is left,
 * each lot closes once, no 5xx but a 503 with Retry-After, and the api is back by itself within 5 s.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startRig, type Rig } from '../support/faults/rig.ts';
import { runScenario, type Scenario } from '../support/faults/scenario.ts';
import { CI_SCENARIOS, FAULT_MATRIX } from '../support/faults/matrix.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function survives(scenario: Scenario) {
  rig = await startRig();
  const row = await runScenario(rig, scenario);
  if (row.violations.length) console.warn(`${scenario.name}:\n  ${row.violations.join('\n  ')}\n${rig.api.log.slice(-15).join('\n')}`);
  expect(row.violations).toEqual([]);
  expect(row.acknowledged).toBeGreaterThanOrEqual(5);
  return row;
}

describe('faults survived under load', () => {
  for (const name of CI_SCENARIOS) {
    it(name, { timeout: 120_000 }, async () => {
      await survives(FAULT_MATRIX.find((s) => s.name === name)!);
    });
  }
});
