import './setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeUser, answerUser, heading, renderAt } from './render-app';

// WCAG 2.4.3: after an in-app navigation the next Tab starts inside the new page, not back in the header.

describe('focus after a navigation', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('stays where the browser put it on the first page', async () => {
    renderAt('/home', { signedIn: true });
    await heading('remote_contests/HomePage');
    expect(screen.getByRole('main')).not.toHaveFocus();
  });

  it('moves to the main region of the page the user went to', async () => {
    const user = userEvent.setup();
    renderAt('/home', { signedIn: true });
    await heading('remote_contests/HomePage');
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await heading('remote_profile/ProfilePage')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    // The next Tab goes on from the page (the stand-in page has no control of its own, so to the footer), not back
    // to the skip link and the navigation.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
  });
});
