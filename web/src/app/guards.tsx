import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { useSession } from '../lib/session';

/** Every user page requires a session: without one, go to /login?error=SessionRequired&callbackUrl=… */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { status } = useSession({ required: true });
  if (status !== 'authenticated') return <LoadingScreen />;
  return children ? <>{children}</> : <Outlet />;
}

/** /admin/*: editors and admins only. Staff go to /main before any admin code is downloaded. */
export function RequireBackOffice({ children }: { children: ReactNode }) {
  const { status, data } = useSession({ required: true });
  if (status !== 'authenticated' || !data) return <LoadingScreen />;
  if (data.user.role !== 'editor' && data.user.role !== 'admin') return <Navigate to="/main" replace />;
  return <>{children}</>;
}
