import { Keyboard, Text } from 'react-aria-components';
import { openConsoleCommand, usesCommandKey } from '../console-commands';
import { useOpenOnMount } from '../deferred-control';
import { MenuButton, MenuItem } from '../ui/menu';
import { HelpFace } from './control-faces';
import { DOCS_URL } from './links';

/** The help menu of 001 §2 (Docs) with the command palette and the keyboard shortcuts (beyond the spec). */
export function HelpMenu({ openOnMount }: { openOnMount?: boolean }) {
  const wrapper = useOpenOnMount(openOnMount);
  return (
    <span ref={wrapper} className="contents">
      <MenuButton label="Help" trigger={<HelpFace />}>
        <MenuItem href={DOCS_URL} target="_blank" rel="noreferrer">
          Docs
        </MenuItem>
        <MenuItem textValue="Command palette" onAction={() => openConsoleCommand('command-palette')}>
          <Text slot="label">Command palette</Text>
          <Keyboard className="float-right font-mono text-xs text-fg-muted">
            {usesCommandKey() ? '⌘K' : 'Ctrl K'}
          </Keyboard>
        </MenuItem>
        <MenuItem textValue="Keyboard shortcuts" onAction={() => openConsoleCommand('keyboard-shortcuts')}>
          <Text slot="label">Keyboard shortcuts</Text>
          <Keyboard className="float-right font-mono text-xs text-fg-muted">?</Keyboard>
        </MenuItem>
      </MenuButton>
    </span>
  );
}
