import { Box, Text } from '@mantine/core';

/** Ad sizes of docs/product.md#limits. */
export const AD_SIZES = {
  /** Between home articles: at least 250 px wide and 300 px tall. */
  inFeed: { minWidth: 250, minHeight: 300 },
  /** Left and right sidebars on wide screens. */
  sidebar: { width: 160, height: 600 },
  /** Under the article, above the comments. */
  comments: { width: 728, height: 90 },
  /** Small screens, where the sidebars are hidden. */
  mobile: { minHeight: 100 },
} as const;

/**
 * The slot ids of each placement. They are placeholders until an ad account is configured (the
 * engagement issue wires real ids and the consent-gated ads script); placeholders show a labelled box.
 */
export const AD_SLOT_IDS = {
  inFeed: 'SLOT_ID_IN_FEED',
  sidebarLeft: 'SLOT_ID_SIDEBAR_LEFT',
  sidebarRight: 'SLOT_ID_SIDEBAR_RIGHT',
  comments: 'SLOT_ID_COMMENTS',
  mobile: 'SLOT_ID_MOBILE',
} as const;

/** docs/product.md#validation: a slot id is valid only without 'SLOT_ID', longer than 5 characters and all digits. */
export function isValidAdSlotId(slotId: string | null | undefined): slotId is string {
  return typeof slotId === 'string' && !slotId.includes('SLOT_ID') && slotId.length > 5 && /^\d+$/.test(slotId);
}

interface AdSlotProps {
  slotId: string | null | undefined;
  size: { width?: number; height?: number; minWidth?: number; minHeight?: number };
  /** Extra props for layout (e.g. visibleFrom) pass through to the box. */
  className?: string;
  'data-placement': string;
}

export function AdSlot({ slotId, size, className, ...rest }: AdSlotProps) {
  const dimensions = {
    width: size.width ?? '100%',
    maxWidth: '100%',
    height: size.height,
    minWidth: size.minWidth,
    minHeight: size.minHeight ?? size.height,
  };
  if (isValidAdSlotId(slotId)) {
    return (
      <Box component="aside" aria-label="Advertisement" className={className} style={dimensions} data-placement={rest['data-placement']}>
        <ins className="adsbygoogle" style={{ display: 'block', ...dimensions }} data-ad-slot={slotId} data-ad-format="auto" />
      </Box>
    );
  }
  return (
    <Box
      component="aside"
      aria-label="Advertisement"
      data-testid="ad-placeholder"
      data-placement={rest['data-placement']}
      className={className}
      style={{
        ...dimensions,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: '1px dashed var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        Advertisement
      </Text>
    </Box>
  );
}
