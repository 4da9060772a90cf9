import { isFeatureDisabled } from '../lib/feature-flags';
import { can, isViewer, type Session } from '../lib/permissions';
import type { NavItem } from './nav-items';

/** An entry shows unless its feature is disabled or the user cannot read its resource (001 §2). */
export function isNavItemVisible(item: NavItem, session: Session, disabled: ReadonlySet<string>): boolean {
  if (item.featureName && isFeatureDisabled(item.featureName, disabled)) return false;
  if (item.resourceName && !can(session, { resource: item.resourceName, action: 'read' })) return false;
  return true;
}

/** Viewers (viewer or guest) get no Settings group (001 §6). */
export function showsSettingsGroup(session: Session): boolean {
  return !isViewer(session);
}
