// A link drawn as the app's button (antd-mobile's Button classes, with the staff app's colours from
// styles/global.css): for what navigates or downloads rather than acts, so it stays a real link (middle-click,
// long-press, "download") and still looks like the buttons beside it.
import 'antd-mobile/es/components/button/button.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ButtonLinkProps {
  /** An in-app path (a router link) … */
  to?: string;
  /** … or an address (a plain link; with `download`, a file). */
  href?: string;
  download?: boolean;
  color?: 'default' | 'primary';
  fill?: 'solid' | 'outline' | 'none';
  size?: 'middle' | 'large';
  block?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function ButtonLink({ to, href, download, color = 'default', fill = 'outline', size = 'middle', block, className, testId, children }: ButtonLinkProps) {
  const cls = ['adm-button', `adm-button-${color}`, `adm-button-fill-${fill}`, 'adm-button-shape-rounded', size === 'large' ? 'adm-button-large' : '', block ? 'adm-button-block' : '', 'sf-button-link', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (to !== undefined) return <Link to={to} className={cls} data-testid={testId}>{children}</Link>;
  return <a href={href} className={cls} download={download || undefined} data-testid={testId}>{children}</a>;
}
