import { useState } from 'react';
import { Link } from 'react-router';
import { signOut, useBackendVersion, useSession } from '../../lib/api/shell-queries';
import { Avatar } from '../avatar';
import { KubeconfigModal } from './kubeconfig-modal';
import { Menu } from './menu';

/** The product version the console was built from (the root package.json, as the server reads it). */
export const FRONTEND_VERSION: string = __APP_VERSION__;

/** 'Hi {name}', Your Profile, Download kubeconfig, the version line and Sign out (001 §2). */
export function UserMenu() {
  const { data: session } = useSession();
  const backend = useBackendVersion();
  const [kubeconfig, setKubeconfig] = useState(false);
  const user = session?.user;
  return (
    <>
      <Menu label="User menu" trigger={<Avatar user={user} size="sm" />}>
        {(close) => (
          <div className="flex flex-col gap-1">
            <p className="px-2 py-1 font-medium">Hi {user?.name ?? user?.email ?? ''}</p>
            <Link
              to="/profile-settings"
              role="menuitem"
              className="rounded px-2 py-1 hover:bg-surface-hover"
              onClick={close}
            >
              Your Profile
            </Link>
            <button
              type="button"
              role="menuitem"
              className="rounded px-2 py-1 text-left hover:bg-surface-hover"
              onClick={() => {
                close();
                setKubeconfig(true);
              }}
            >
              Download kubeconfig
            </button>
            <p className="px-2 py-1 text-xs text-fg-subtle" data-testid="version-line">
              Version: {FRONTEND_VERSION} (frontend) / {backend} (backend)
            </p>
            <button
              type="button"
              role="menuitem"
              className="rounded px-2 py-1 text-left hover:bg-surface-hover"
              onClick={() => void signOut()}
            >
              Sign out
            </button>
          </div>
        )}
      </Menu>
      <KubeconfigModal open={kubeconfig} onClose={() => setKubeconfig(false)} />
    </>
  );
}
