import { Link, useLocation } from 'react-router';
import classes from './app-layout.module.css';
import type { NavItem } from './nav-items';

interface NavLinkItemProps {
  item: NavItem;
  className?: string;
  onNavigate?: () => void;
}

/** A sidebar or menu link that marks the current page with aria-current="page". */
export function NavLinkItem({ item, className = classes.link, onNavigate }: NavLinkItemProps) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      className={className}
      aria-current={item.isActive(pathname) ? 'page' : undefined}
      onClick={onNavigate}
    >
      <Icon size={20} stroke={1.7} className={classes.linkIcon} aria-hidden />
      <span>{item.label}</span>
    </Link>
  );
}
