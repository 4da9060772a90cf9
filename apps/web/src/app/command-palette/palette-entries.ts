import type { Session } from '../../lib/permissions';
import { can } from '../../lib/permissions';
import { PRIMARY_NAV, SETTINGS_NAV } from '../nav-items';
import { isNavItemVisible, showsSettingsGroup } from '../nav-visibility';

/** The palette's groups, in the order it lists them. */
export const PALETTE_SECTIONS = ['Pages', 'Checks', 'Incidents', 'Connections', 'Actions'] as const;
export type PaletteSection = (typeof PALETTE_SECTIONS)[number];

/** One line of the palette: where it sits, what it says, and where it goes or what it runs. */
export interface PaletteEntry {
  id: string;
  section: PaletteSection;
  label: string;
  detail?: string;
  /** A console path to open, or an action's name that the palette runs itself. */
  href?: string;
  action?: PaletteAction;
}

/** Actions the palette runs without leaving for a page first. */
export type PaletteAction = 'toggle-theme' | 'keyboard-shortcuts' | 'sign-out';

/**
 * The pages the sidebar would show this person (same feature-flag and permission rules, Settings
 * only for non-viewers), so the palette never offers a page that answers 403.
 */
export function pageEntries(session: Session, disabled: ReadonlySet<string>): PaletteEntry[] {
  const items = [...PRIMARY_NAV, ...(showsSettingsGroup(session) ? SETTINGS_NAV : [])];
  return items
    .filter((item) => isNavItemVisible(item, session, disabled))
    .map((item) => ({
      id: `page:${item.href}`,
      section: 'Pages' as const,
      label: item.name,
      detail: item.notBuilt ? 'Not built yet' : item.href,
      href: item.href,
    }));
}

/** The common actions this person may take; `dark` is the theme painted now (the toggle says the other). */
export function actionEntries(session: Session, dark: boolean): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  if (can(session, { resource: 'incident', action: 'write' })) {
    entries.push({ id: 'action:declare', section: 'Actions', label: 'Declare incident', href: '/incidents?declare=1' });
  }
  if (can(session, { resource: 'canaries', action: 'write' })) {
    entries.push({
      id: 'action:add-check',
      section: 'Actions',
      label: 'Add health check',
      href: '/settings/canaries/new',
    });
  }
  entries.push(
    {
      id: 'action:theme',
      section: 'Actions',
      label: dark ? 'Switch to light theme' : 'Switch to dark theme',
      action: 'toggle-theme',
    },
    { id: 'action:shortcuts', section: 'Actions', label: 'Keyboard shortcuts', action: 'keyboard-shortcuts' },
    { id: 'action:sign-out', section: 'Actions', label: 'Sign out', action: 'sign-out' },
  );
  return entries;
}

/** Whether an entry matches the typed text: every word appears in its label or detail, in any case. */
export function matchesText(entry: PaletteEntry, text: string): boolean {
  const haystack = `${entry.label} ${entry.detail ?? ''}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
