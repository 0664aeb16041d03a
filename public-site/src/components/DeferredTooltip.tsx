import { cloneElement, lazy, Suspense, useRef, useState, type ReactElement, type Ref } from 'react';
import { noteTooltipLeft, tooltipOpenDelay } from './tooltip-delay';

const ArmedTooltip = lazy(() => import('./ArmedTooltip'));

interface DeferredTooltipProps {
  label: string;
  /** One element that takes a ref and pointer handlers, and carries `label` as its accessible name. */
  children: ReactElement<{ ref?: Ref<HTMLElement>; onPointerEnter?: () => void; onPointerLeave?: () => void }>;
}

/**
 * Mantine's Tooltip, mounted the first time the pointer reaches its target, from a chunk of its own:
 * no page downloads the tooltip library (floating-ui) or positions a tooltip during its start. The
 * target is rendered as it is and never replaced (a click in progress keeps its element); once armed,
 * the Tooltip attaches to it (its `target`) and opens as the pointer moves over it, after the open
 * delay or the skip delay (tooltip-delay.ts). Hover-only, like Mantine's default: keyboard and
 * screen-reader users get the same text from the target's aria-label.
 */
export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const target = useRef<HTMLElement>(null);
  const [openDelay, setOpenDelay] = useState<number>();
  return (
    <>
      {cloneElement(children, { ref: target, onPointerEnter: () => setOpenDelay(tooltipOpenDelay()), onPointerLeave: () => noteTooltipLeft() })}
      {openDelay !== undefined && (
        <Suspense fallback={null}>
          <ArmedTooltip label={label} target={target} openDelay={openDelay} />
        </Suspense>
      )}
    </>
  );
}
