import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { StandaloneHeader } from '../src/app/StandaloneHeader';

describe('the admin app deployed on its own', () => {
  it('keeps a minimal header with a link back to the site', () => {
    render(
      <MantineProvider>
        <StandaloneHeader />
      </MantineProvider>,
    );
    expect(screen.getByRole('banner')).toHaveTextContent('The AI Mind · Admin');
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  });
});
