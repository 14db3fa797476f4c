import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

const TITLES: [RegExp, string][] = [
  [/^\/landing\/?$/, 'Earshot · Keyword alerts for Reddit'],
  [/^\/privacy\/?$/, 'Privacy Policy · Earshot'],
  [/^\/terms\/?$/, 'Terms of Service · Earshot'],
  [/^\/refund\/?$/, 'Refund Policy · Earshot'],
  [/^\/pricing\/?$/, 'Pricing · Earshot'],
  [/^\/(dashboard\/?)?$/, 'Dashboard · Earshot'],
  [/^\/alerts\/debug\/[^/]+\/?$/, 'Alert Diagnostic · Earshot'],
  [/^\/alerts\/?$/, 'Keywords · Earshot'],
  [/^\/mentions\/?$/, 'Alerts · Earshot'],
  [/^\/settings\/?$/, 'Settings · Earshot'],
];

export function titleFor(pathname: string, search: string): string {
  if (/^\/auth\/?$/.test(pathname)) {
    const tab = new URLSearchParams(search).get('tab');
    return tab === 'register' ? 'Create an account · Earshot' : 'Sign in · Earshot';
  }
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page not found · Earshot';
}

/** Every screen: keeps the browser tab's title in step with the route. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname, search);
  }, [pathname, search]);
  return <Outlet />;
}
