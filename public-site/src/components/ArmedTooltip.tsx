import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

/** Mantine's Tooltip on a target rendered elsewhere; its own chunk, fetched when a DeferredTooltip arms. */
export default function ArmedTooltip({ label, target, openDelay }: { label: string; target: RefObject<HTMLElement | null>; openDelay: number }) {
  return <Tooltip label={label} target={target} openDelay={openDelay} />;
}
