/**
 * The indexer's HTTP interface (Ponder also serves /health, /ready and /status):
 *   /sql/*     SQL over HTTP for @ponder/client (read-only, validated by Ponder); the api reads chain state here
 *   /graphql   GraphQL over the same tables, for people and tools
 */
import { db } from 'ponder:api';
import schema from 'ponder:schema';
import { Hono } from 'hono';
import { client, graphql } from 'ponder';

const app = new Hono();
app.use('/sql/*', client({ db, schema }));
app.use('/graphql', graphql({ db, schema }));
export default app;
