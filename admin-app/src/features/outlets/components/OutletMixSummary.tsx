import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OutletMix } from '@ai-mind/contracts';

/**
 * Who covers a topic: how many independent outlets (one owner counts once), each outlet with its owner
 * and the side the owner filed it under, and "One side only" when every outlet is labelled alike.
 */
export function OutletMixSummary({ mix, required, forApproval = true }: { mix: OutletMix; required: number; forApproval?: boolean }) {
  const below = mix.independentOutlets < required;
  return (
    <Stack gap={4} data-testid="outlet-mix">
      <Group gap="xs">
        <Badge color={below ? 'orange' : 'teal'} variant="light">
          {`${mix.independentOutlets} independent outlet${mix.independentOutlets === 1 ? '' : 's'}`}
        </Badge>
        {below && (
          <Text size="xs" c="orange.9">
            {forApproval ? `Fewer than the ${required} required: only as single-source, with a note` : `Fewer than the ${required} the newsroom requires now`}
          </Text>
        )}
        {mix.oneSided && (
          <Badge color="grape" variant="light" data-testid="one-side-only">
            {`One side only: ${mix.side}`}
          </Badge>
        )}
      </Group>
      {mix.outlets.length > 0 && (
        <Text size="xs" c="dimmed">
          {mix.outlets
            .map((outlet) => {
              const owner = outlet.listed ? (outlet.owner === outlet.name ? '' : `owned by ${outlet.owner}`) : 'not on the outlet list';
              const details = [owner, outlet.side ? `side: ${outlet.side}` : ''].filter(Boolean).join(', ');
              return details ? `${outlet.name} (${details})` : outlet.name;
            })
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
