import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { startHousekeeping } from './housekeeping';
import { loggerOptions } from './logging';
import { gatewayFor } from './modules/messages/gateways/gateway-for';
import { startOutboxWorker } from './modules/messages/outbox-worker';
import { darajaFor } from './modules/mpesa/daraja';
import { startStkSweeper } from './modules/mpesa/sweeper';
import {
  dropForeignCrests,
  makeMissingThumbnails,
  registerEarlierPhotos,
} from './modules/uploads/service';
import { makePrivateDir, tightenDataDir } from './private-files';

const here = path.dirname(fileURLToPath(import.meta.url));
const builtWeb = path.resolve(here, '../../web/dist');

async function main() {
  const config = loadConfig();
  if (!config.webDist && existsSync(path.join(builtWeb, 'index.html'))) config.webDist = builtWeb;

  // The data folder and what Shule keeps in it the Shule account's alone (0700, files 0600).
  const tightened = await tightenDataDir(config.dataDir);
  if (tightened.refused.length > 0) {
    console.warn(
      `Could not make these private to this account (chmod 700/600 them): ${tightened.refused.join(', ')}`,
    );
  }
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    release = await lockDataDir(config.dataDir);
    const pglite = path.join(config.dataDir, 'pglite');
    database = await openPglite(pglite);
    // PGlite makes its folder as the umask says.
    await makePrivateDir(pglite);
  }

  const app = await buildApp({ config, db: database.db, logger: loggerOptions(config.logLevel) });
  // Photos kept before uploads were rows become uploads of their school (decision 012).
  await registerEarlierPhotos(database.db, config.dataDir);
  // A crest is an upload of its own school: a typed link or another school's upload goes.
  await dropForeignCrests(database.db);
  // Uploads from before thumbnails get theirs now, not in a request that prints them.
  await makeMissingThumbnails(database.db, config.dataDir);
  // Expired tokens, ended throttle windows, day-old idempotency answers and unused uploads:
  // gone now and daily.
  const housekeeping = startHousekeeping(database.db, config.dataDir, app.log);
  // The SMS outbox, unless `npm run worker` processes send it (SMS_WORKER=false).
  const smsWorker = config.sms.workerInProcess
    ? startOutboxWorker(database.db, gatewayFor(config.sms.gateway), app.log)
    : undefined;
  // STK pushes left without a callback for two minutes are asked about (decision 016).
  const stkSweeper = config.mpesa
    ? startStkSweeper(database.db, darajaFor(config.mpesa), app.log)
    : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    // The batch in hand is sent and recorded before the database closes.
    await smsWorker?.stop();
    await stkSweeper?.stop();
    await housekeeping.stop();
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Shule is running on http://localhost:${port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
  );
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
