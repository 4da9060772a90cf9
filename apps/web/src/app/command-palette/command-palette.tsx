import { useCallback, useState } from 'react';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../components/use-debounced';
import { PALETTE_DEBOUNCE_MS, type PaletteMatch, usePaletteSearch } from '../../features/search';
import { signOut, useFeatureFlags, useSession } from '../../lib/api/shell-queries';
import { can, type Session } from '../../lib/permissions';
import { resolveTheme, useSystemPrefersDark, useThemeChoice } from '../../lib/theme';
import { actionEntries, matchesText, PALETTE_SECTIONS, type PaletteEntry, pageEntries } from './palette-entries';

const SECTION_OF: Record<PaletteMatch['kind'], PaletteEntry['section']> = {
  check: 'Checks',
  incident: 'Incidents',
  connection: 'Connections',
};

function matchEntry(match: PaletteMatch): PaletteEntry {
  return {
    id: `${match.kind}:${match.id}`,
    section: SECTION_OF[match.kind],
    label: match.label,
    detail: match.detail,
    href: match.href,
  };
}

function PaletteBody({
  session,
  onClose,
  onShortcuts,
}: {
  session: Session;
  onClose: () => void;
  onShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim(), PALETTE_DEBOUNCE_MS);
  const { disabled } = useFeatureFlags();
  const [choice, setTheme] = useThemeChoice();
  const dark = resolveTheme(choice, useSystemPrefersDark()) === 'dark';
  const search = usePaletteSearch(settled, {
    checks: can(session, { resource: 'canaries', action: 'read' }),
    incidents: can(session, { resource: 'incident', action: 'read' }),
    connections: can(session, { resource: 'connections', action: 'read' }),
  });
  const local = [...pageEntries(session, disabled), ...actionEntries(session, dark)].filter((entry) =>
    matchesText(entry, text),
  );
  const remote = settled && text.trim() ? (search.data ?? []).map(matchEntry) : [];
  const entries = [...local, ...remote];

  const run = (id: string) => {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) return;
    onClose();
    if (entry.href) navigate(entry.href);
    else if (entry.action === 'toggle-theme') setTheme(dark ? 'light' : 'dark');
    else if (entry.action === 'keyboard-shortcuts') onShortcuts();
    else if (entry.action === 'sign-out') void signOut();
  };

  const searching = settled !== '' && search.isFetching;
  return (
    <Autocomplete inputValue={text} onInputChange={setText}>
      <SearchField
        aria-label="Search pages, checks, incidents, connections and actions"
        autoFocus
        className="border-b border-border"
      >
        <Input
          placeholder="Jump to a page, check, incident or connection, or run an action…"
          className="h-12 w-full bg-transparent px-4 text-sm text-fg outline-none placeholder:text-fg-subtle [&::-webkit-search-cancel-button]:hidden"
        />
      </SearchField>
      <Menu
        aria-label="Results"
        onAction={(key) => run(String(key))}
        className="max-h-[min(60vh,28rem)] overflow-auto p-1 outline-none"
        renderEmptyState={() => (
          <p className="px-3 py-6 text-center text-sm text-fg-muted">
            {searching ? 'Searching…' : `Nothing matches “${text.trim()}”.`}
          </p>
        )}
      >
        {PALETTE_SECTIONS.map((section) => {
          const items = entries.filter((entry) => entry.section === section);
          if (items.length === 0) return null;
          return (
            <MenuSection key={section} id={section} className="py-1">
              <Header className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-fg-muted">
                {section}
              </Header>
              {items.map((entry) => (
                <MenuItem
                  key={entry.id}
                  id={entry.id}
                  textValue={entry.label}
                  className="flex cursor-pointer items-center gap-3 rounded px-3 py-1.5 text-sm text-fg outline-none data-[focused]:bg-primary-soft"
                >
                  <span className="min-w-0 flex-1 truncate">{entry.label}</span>
                  {entry.detail ? (
                    <span className="shrink-0 truncate text-xs text-fg-muted">{entry.detail}</span>
                  ) : null}
                </MenuItem>
              ))}
            </MenuSection>
          );
        })}
      </Menu>
      <p className="border-t border-border px-4 py-2 text-xs text-fg-muted" aria-live="polite">
        {searching ? 'Searching…' : '↑↓ to move · Enter to open · Esc to close'}
      </p>
    </Autocomplete>
  );
}

/**
 * The command palette (issue 12 §7, beyond the spec), opened with Ctrl/⌘-K: jump to any page the
 * sidebar offers this person, or to a check, incident or connection found by name on the server,
 * and run the common actions (Declare incident, Add health check, theme, shortcuts, Sign out).
 */
export function CommandPalette({
  isOpen,
  onOpenChange,
  onShortcuts,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onShortcuts: () => void;
}) {
  const { data: session } = useSession();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <ModalOverlay
      isOpen={isOpen && Boolean(session)}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/40 pt-[12vh]"
    >
      <Modal className="w-full max-w-xl overflow-hidden rounded-lg border border-border bg-surface-raised shadow-xl">
        <Dialog aria-label="Command palette" className="outline-none">
          {session ? <PaletteBody session={session} onClose={close} onShortcuts={onShortcuts} /> : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
