// Test-only: the admin page as a visitor meets it, with the site's own toaster.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeferredToaster } from '../../components/toast/DeferredToaster';
import { AdminApp } from './AdminApp';

// The toaster is loaded on the first toast; loaded ahead here, the first test waits no longer for it.
await import('../../components/toast/AppToaster');

export function renderAdmin() {
  const user = userEvent.setup();
  const view = render(
    <>
      <AdminApp />
      <DeferredToaster />
    </>,
  );
  return { user, ...view };
}
