/**
 * 'Loading...' while a screen's code or the session arrives: on the whole page before anything
 * else shows (as index.html paints it before any script), or in the shell's content area.
 */
export function LoadingScreen({ inShell = false }: { inShell?: boolean }) {
  return (
    <div
      role="status"
      className={
        inShell
          ? 'p-4 text-muted-foreground'
          : 'flex min-h-dvh items-center justify-center text-muted-foreground'
      }
    >
      Loading...
    </div>
  );
}
