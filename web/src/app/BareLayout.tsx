import { Outlet } from 'react-router';

/** Shell-less pages (/login, /register, /ads, /pulsesurvey, /messager/, /share/*): no bottom nav, no sidebar. */
export function BareLayout() {
  return (
    <div className="sf-bare">
      <Outlet />
    </div>
  );
}
