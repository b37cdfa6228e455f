import Fastify from 'fastify';
import { loadConfig } from './config';
import { openPostgres } from './db/client';
import { loggerOptions } from './logging';
import { gatewayFor } from './modules/messages/gateways/gateway-for';
import { startOutboxWorker } from './modules/messages/outbox-worker';

/**
 * `npm run worker`: the SMS outbox worker as a process of its own, for installations with
 * several API instances (decision 014). Any number of these may run on one PostgreSQL: rows
 * are claimed with FOR UPDATE SKIP LOCKED. The API instances then run with SMS_WORKER=false.
 */

export const NEEDS_POSTGRESQL =
  'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database only one process may open the data folder, and the API process sends SMS itself (SMS_WORKER=true, the default).';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(NEEDS_POSTGRESQL);
    process.exit(2);
  }
  // Fastify's logger with the API's options (redaction, error serializers): the same lines,
  // without personal data, as the API process writes.
  const { log } = Fastify({ logger: loggerOptions(config.logLevel) });
  const database = await openPostgres(config.databaseUrl);
  const worker = startOutboxWorker(database.db, gatewayFor(config.sms.gateway), log);
  log.info(`SMS worker started (driver ${config.sms.gateway.driver})`);

  const shutdown = async (signal: string) => {
    log.info(`${signal}: SMS worker stopping after the batch in hand`);
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
