// The on-chain path (anvil -> Ponder -> api) with the indexer on PostgreSQL, schema "chain".
import { chainScenarios } from '../chain/scenarios.ts';

chainScenarios('postgres');
