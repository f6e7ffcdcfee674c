// The on-chain path (anvil -> Ponder -> api) with the indexer on embedded PGlite (the npm start default).
import { chainScenarios } from '../chain/scenarios.ts';

chainScenarios('pglite');
