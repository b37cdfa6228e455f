/** The commit the app was built from and its date, set by vite.config.ts (`define`). */
declare const __SHULE_VERSION__: string;
