import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { signOut, useBackendVersion, useSession } from '../../lib/api/shell-queries';
import { useOpenOnMount } from '../deferred-control';
import { MenuButton, MenuItem, MenuSection } from '../ui/menu';
import { UserFace } from './control-faces';
import { KubeconfigModal } from './kubeconfig-modal';

/** The product version the console was built from (the root package.json, as the server reads it). */
export const FRONTEND_VERSION: string = __APP_VERSION__;

/**
 * 'Hi {name}', Your Profile, Download kubeconfig, the version line and Sign out (001 §2), as a
 * keyboard-usable menu; Your Profile navigates inside the app.
 */
export function UserMenu({ openOnMount }: { openOnMount?: boolean }) {
  const wrapper = useOpenOnMount(openOnMount);
  const { data: session } = useSession();
  const backend = useBackendVersion();
  const navigate = useNavigate();
  const [kubeconfig, setKubeconfig] = useState(false);
  const user = session?.user;
  return (
    <RouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
      <span ref={wrapper} className="contents">
        <MenuButton label="User menu" trigger={<UserFace />}>
          <MenuSection header={`Hi ${user?.name ?? user?.email ?? ''}`} headerClassName="font-medium">
            <MenuItem href="/profile-settings">Your Profile</MenuItem>
            <MenuItem onAction={() => setKubeconfig(true)}>Download kubeconfig</MenuItem>
          </MenuSection>
          <MenuSection
            header={`Version: ${FRONTEND_VERSION} (frontend) / ${backend} (backend)`}
            headerClassName="text-xs text-fg-subtle"
            headerTestId="version-line"
          >
            <MenuItem onAction={() => void signOut()}>Sign out</MenuItem>
          </MenuSection>
        </MenuButton>
      </span>
      <KubeconfigModal open={kubeconfig} onClose={() => setKubeconfig(false)} />
    </RouterProvider>
  );
}
