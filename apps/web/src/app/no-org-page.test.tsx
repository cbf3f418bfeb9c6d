import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { NoOrgPage } from '@/platform/org';

describe('NoOrgPage', () => {
  it('says exactly "No private label data found." in an h1 inside the main landmark', () => {
    render(<NoOrgPage />);
    const main = screen.getByRole('main');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^No private label data found\.$/);
    expect(main).toContainElement(heading);
  });

  it('is what the app renders without organisation data, in either router scope', () => {
    for (const scope of ['app', 'host'] as const) {
      const { unmount } = render(<App org={null} scope={scope} />);
      expect(
        screen.getByRole('heading', { level: 1, name: 'No private label data found.' }),
      ).toBeInTheDocument();
      unmount();
    }
  });
});
