import { useEffect, useRef } from 'react';

/** A failed save is tried again this often while rows wait (and at once when back online). */
export const QUEUE_RETRY_MS = 15_000;

/** Whether the browser says it is online (true where there is no browser). */
export const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Keeps an entry screen's offline queue moving: says the page is connected and flushes when the
 * browser comes back online, says it is not when it goes, and flushes every QUEUE_RETRY_MS while
 * rows wait. `stop` runs when the screen goes (to clear a pending debounce).
 */
export function useQueueRetry(
  flush: () => unknown,
  setConnected: (connected: boolean) => void,
  hasWaiting: () => boolean,
  stop: () => void,
) {
  // The listeners follow `flush`; the others are read as they are when called.
  const latest = useRef({ setConnected, hasWaiting, stop });
  latest.current = { setConnected, hasWaiting, stop };
  useEffect(() => {
    const goOnline = () => {
      latest.current.setConnected(true);
      void flush();
    };
    const goOffline = () => latest.current.setConnected(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const retry = setInterval(() => {
      if (latest.current.hasWaiting()) void flush();
    }, QUEUE_RETRY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(retry);
      latest.current.stop();
    };
  }, [flush]);
}
