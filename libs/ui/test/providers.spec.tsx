import { render, screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AppProviders } from '../src/providers';

function ProbeQueryDefaults() {
  const client = useQueryClient();
  return <span>staleTime={String(client.getDefaultOptions().queries?.staleTime)}</span>;
}

describe('AppProviders', () => {
  it('gives children the theme and the spec query client', () => {
    render(
      <AppProviders>
        <Button>Inside</Button>
        <ProbeQueryDefaults />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Inside' })).toBeInTheDocument();
    expect(screen.getByText('staleTime=Infinity')).toBeInTheDocument();
  });
});
