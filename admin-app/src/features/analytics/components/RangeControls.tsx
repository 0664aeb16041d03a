import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import type { AnalyticsRangeQuery } from '@ai-mind/contracts';
import { lastDays, RANGE_PRESETS } from '../analytics-range';

interface RangeControlsProps {
  range: AnalyticsRangeQuery;
  /** Changes the range in the tab's URL. */
  onChange: (changes: Record<string, string | null>) => void;
}

/** The date range (quick ranges ending today, or any two UTC days) and whether the charts over time go by day or by week. */
export function RangeControls({ range, onChange }: RangeControlsProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Group gap={4} role="group" aria-label="Quick ranges">
        {RANGE_PRESETS.map((preset) => {
          const presetRange = lastDays(preset.days);
          const active = presetRange.from === range.from && presetRange.to === range.to;
          return (
            <Button key={preset.days} size="sm" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => onChange(presetRange)}>
              {preset.label}
            </Button>
          );
        })}
      </Group>
      <DayInput label="From (UTC)" value={range.from} max={range.to} onChange={(from) => onChange({ from })} />
      <DayInput label="To (UTC)" value={range.to} min={range.from} onChange={(to) => onChange({ to })} />
      <SegmentedControl
        aria-label="Interval"
        size="sm"
        value={range.interval}
        onChange={(value) => onChange({ interval: value })}
        data={[
          { value: 'day', label: 'By day' },
          { value: 'week', label: 'By week' },
        ]}
      />
    </Group>
  );
}

/** One UTC day of the range; a cleared field is null (the tab's default for it). */
function DayInput({ label, value, min, max, onChange }: { label: string; value: string; min?: string; max?: string; onChange: (day: string | null) => void }) {
  return <TextInput type="date" label={label} size="sm" value={value} min={min} max={max} onChange={(event) => onChange(event.currentTarget.value || null)} />;
}
