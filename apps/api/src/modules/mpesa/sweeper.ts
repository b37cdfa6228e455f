import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DarajaClient } from './daraja';
import { settleStalePushes } from './stk';

export interface StkSweeper {
  /** Stops; waits for the round in hand. */
  stop(): Promise<void>;
}

/**
 * Asks Daraja about STK pushes left without a callback (settleStalePushes), about every
 * `intervalMs`, in the API process like the SMS outbox worker. Several instances may each run
 * one: a push is settled under its row's lock, once, whichever asks.
 */
export function startStkSweeper(
  db: Db,
  daraja: DarajaClient,
  log: FastifyBaseLogger,
  { intervalMs = 30_000 }: { intervalMs?: number } = {},
): StkSweeper {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      const result = await settleStalePushes(db, daraja);
      if (result.asked > 0 || result.failed > 0)
        log.info({ stk: result }, 'mpesa: pushes asked about');
    } catch (err) {
      log.error({ err }, 'mpesa: STK sweep failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().then(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
