import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@ai-mind/ui';

/**
 * docs/product.md#limits: the skip delay without Mantine's Tooltip.Group (which would put the tooltip library in
 * every page's first load): a tooltip opens at once when the pointer reaches it within the skip delay
 * of leaving one that had been shown.
 */
let enteredAt = 0;
let enteredDelay: number = TOOLTIP_OPEN_DELAY_MS;
let shownLeftAt = Number.NEGATIVE_INFINITY;

/** The open delay for a target the pointer has just entered. */
export function tooltipOpenDelay(now = performance.now()): number {
  enteredAt = now;
  enteredDelay = now - shownLeftAt <= TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
  return enteredDelay;
}

/** Notes the pointer leaving a target: its tooltip was shown if the pointer stayed past the open delay. */
export function noteTooltipLeft(now = performance.now()): void {
  if (now - enteredAt >= enteredDelay) shownLeftAt = now;
}
