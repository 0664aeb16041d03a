import { Badge } from '@mantine/core';
import { categoryBadgeColor } from '@ai-mind/contracts/web';

/** docs/product.md#entities: the five named categories have their own colour, any other a neutral grey. */
export function CategoryBadge({ category }: { category: string }) {
  const color = categoryBadgeColor(category);
  return (
    // Shade 6 with black text passes WCAG AA contrast for every badge colour, grey included.
    <Badge color={`${color}.6`} c="black" autoContrast={false} variant="filled" data-color={color} maw="100%" style={{ flexShrink: 0 }}>
      {category}
    </Badge>
  );
}
