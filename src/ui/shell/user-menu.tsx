import { observer } from 'mobx-react-lite';
import { Menu, Portal } from '@ark-ui/react';
import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { authStore } from '../stores/auth-store.ts';
import { initials } from './initials.ts';
import { logoutAndReload } from './logout.ts';

interface UserMenuProps {
  /** Inside the mobile sheet the menu stays in the sheet's DOM, so the sheet's focus trap lets it work. */
  portalled?: boolean;
}

/** The avatar at the foot of the icon rail: who is signed in, Profile, and Logout. */
export const UserMenu = observer(function UserMenu({ portalled = true }: UserMenuProps) {
  const navigate = useNavigate();
  const user = authStore.user;
  const letters = initials(user?.name, user?.email);

  const menu = (
    <Menu.Positioner>
      <Menu.Content className="menu">
        <div className="menu-user">
          <span className="avatar avatar-lg" aria-hidden="true">
            {letters}
          </span>
          <div className="menu-user-text">
            <p className="menu-user-name">{user?.name ?? 'Signed in'}</p>
            {user?.email ? <p className="menu-user-email">{user.email}</p> : null}
          </div>
        </div>
        <Menu.Separator className="menu-separator" />
        <Menu.Item value="profile" className="menu-item" onSelect={() => navigate('/settings/profile')}>
          <UserRound width={16} height={16} aria-hidden="true" />
          Profile
        </Menu.Item>
        <Menu.Item
          value="logout"
          className="menu-item"
          onSelect={() =>
            void logoutAndReload({
              logout: () => authStore.logout(),
              leave: (url) => window.location.assign(url),
            })
          }
        >
          <LogOut width={16} height={16} aria-hidden="true" />
          Logout
        </Menu.Item>
      </Menu.Content>
    </Menu.Positioner>
  );

  return (
    <Menu.Root positioning={{ placement: 'right-end', gutter: 10 }} lazyMount unmountOnExit>
      <Menu.Trigger className="avatar-button" aria-label="User menu" title={user?.name}>
        <span className="avatar" aria-hidden="true">
          {letters}
        </span>
      </Menu.Trigger>
      {portalled ? <Portal>{menu}</Portal> : menu}
    </Menu.Root>
  );
});
