import { createTheme } from '@mantine/core';

/** docs/product.md#limits: tooltips open after 700 ms; once one has been open, the next opens within 300 ms. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** docs/product.md#limits: scrollbars hide 600 ms after scrolling stops. */
export const SCROLL_HIDE_DELAY_MS = 600;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 and automatic text contrast keep links, buttons and badges readable (WCAG AA, 4.5:1).
  primaryShade: 8,
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '700' },
  // Plain objects, not Tooltip.extend(...): naming the components here would put them in every bundle
  // that uses the theme, whether or not its pages show a tooltip or a scroll area.
  components: {
    Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
    ScrollArea: { defaultProps: { scrollHideDelay: SCROLL_HIDE_DELAY_MS } },
  },
});
