import { loadSignedInApp, PUBLIC_SCREENS, SIGNED_IN_SCREENS, screenAt } from './app/screens';
import { askUserAtStart } from './lib/session-start';
import { tokenStorage } from './lib/storage';
import './index.css';

// The page's first script, small so that it runs as soon as it arrives. It starts fetching what
// the opened screen needs (its code and, with a stored session, the user and the shell) alongside
// the app's own code; started by the app, they would wait a round trip behind it, and on mobile
// data a round trip is a fifth of a second. The router later finds them fetched (app/screens.ts).
const signedIn = tokenStorage.getAccess() !== null;
const publicScreen = screenAt(PUBLIC_SCREENS, location.pathname);
const signedInScreen = signedIn ? screenAt(SIGNED_IN_SCREENS, location.pathname) : undefined;
if (signedIn) askUserAtStart();
const early = [publicScreen?.load(), signedInScreen && loadSignedInApp(), signedInScreen?.load()];
for (const loading of early) {
  loading?.catch(() => {
    // The router fetches the screen again and shows its own error when that fails too.
  });
}

void import('./main');
