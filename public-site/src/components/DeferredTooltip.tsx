import { Tooltip } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState, type ReactElement } from 'react';

interface DeferredTooltipProps {
  label: string;
  /** One element that takes a ref and pointer and focus handlers, as Mantine's Tooltip requires. */
  children: ReactElement<{ onPointerEnter?: () => void; onFocus?: () => void }>;
}

/**
 * Mantine's Tooltip, mounted the first time the pointer reaches its target or focus lands on it. A
 * mounted Tooltip positions itself from a ref callback whose state update re-renders it synchronously
 * while the page first commits: with a tooltip on every count of every card, that was the longest task
 * of a page's start. Until then the target renders alone; once armed it behaves as the Tooltip does
 * (the theme's open delay, the layout's Tooltip.Group skip delay), focus kept on the target.
 */
export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null);
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Arming replaces the target's element: give focus back to it, which opens the tooltip.
    if (armedBy === 'focus') target.current?.focus();
  }, [armedBy]);

  if (armedBy) {
    return (
      <Tooltip label={label} ref={target}>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, { onPointerEnter: () => setArmedBy('pointer'), onFocus: () => setArmedBy('focus') });
}
