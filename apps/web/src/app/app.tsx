import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './router';

/**
 * The root every page shares, kept small: the landing, login and sign-up pages load nothing
 * else. The signed-in screens bring their query client and shell with them (signed-in-app.tsx).
 */
export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </SessionProvider>
  );
}
