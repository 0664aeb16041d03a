import { Tooltip } from '@mantine/core';
import { cloneElement, useRef, useState, type ReactElement, type Ref } from 'react';

interface DeferredTooltipProps {
  label: string;
  /** One element that takes a ref and pointer handlers. */
  children: ReactElement<{ ref?: Ref<HTMLElement>; onPointerEnter?: () => void }>;
}

/**
 * Mantine's Tooltip, mounted the first time the pointer reaches its target. A mounted Tooltip
 * positions itself from a ref callback whose state update re-renders it synchronously while the page
 * first commits: with a tooltip on every count of every card, that was the longest task of a page's
 * start. The target is rendered as it is and never replaced (a click in progress keeps its element);
 * once armed, the Tooltip attaches to it (its `target`) and opens as the pointer moves over it, after
 * the theme's open delay, inside the layout's Tooltip.Group.
 */
export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const target = useRef<HTMLElement>(null);
  const [armed, setArmed] = useState(false);
  return (
    <>
      {cloneElement(children, { ref: target, onPointerEnter: () => setArmed(true) })}
      {armed && <Tooltip label={label} target={target} />}
    </>
  );
}
