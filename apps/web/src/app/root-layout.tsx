import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Root of every route: a navigation progress bar and a route-change announcer. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <RouteAnnouncer />
      <Outlet />
    </>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-merah-100"
      role="progressbar"
      aria-label="Memuat halaman"
    >
      <div className="garis-muat h-full w-1/3 bg-merah-600" />
    </div>
  );
}

/** Tells screen-reader users that a client-side navigation landed, by reading the new title. */
function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The route's <title> is rendered in the same commit; read it on the next frame.
    const id = requestAnimationFrame(() => setMessage(document.title));
    return () => cancelAnimationFrame(id);
  }, [pathname]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
