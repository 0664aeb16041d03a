import { outletMix, SaveOutletRequestSchema, SourcingSettingsSchema, type ListedOutlet } from './outlets.js';

const LIST: ListedOutlet[] = [
  { name: 'Daily Ledger', owner: 'Ledger Media Group', side: 'left' },
  { name: 'Evening Ledger', owner: 'ledger media group ', side: 'left' },
  { name: 'Harbor Times', owner: 'Harbor Trust', side: 'right' },
  { name: 'Civic Wire', owner: 'Civic Wire Cooperative', side: null },
];
const items = (...outlets: string[]) => outlets.map((outlet) => ({ outlet }));

describe('outletMix', () => {
  it('counts outlets of one owner once, whatever the case and spaces of the names', () => {
    const mix = outletMix(items('Daily Ledger', ' evening ledger', 'DAILY LEDGER'), LIST);
    expect(mix.independentOutlets).toBe(1);
    expect(mix.outlets).toEqual([
      { name: 'Daily Ledger', owner: 'Ledger Media Group', side: 'left', listed: true, items: 2 },
      { name: 'evening ledger', owner: 'ledger media group ', side: 'left', listed: true, items: 1 },
    ]);
  });

  it('treats an unlisted outlet as its own owner, with no side', () => {
    const mix = outletMix(items('Daily Ledger', 'Unknown Gazette', 'Other Post'), LIST);
    expect(mix.independentOutlets).toBe(3);
    expect(mix.outlets[1]).toEqual({ name: 'Unknown Gazette', owner: 'Unknown Gazette', side: null, listed: false, items: 1 });
  });

  it('flags one side only when every covering outlet has a side and they all share it', () => {
    expect(outletMix(items('Daily Ledger', 'Evening Ledger'), LIST)).toMatchObject({ oneSided: true, side: 'left' });
    // Another side among them.
    expect(outletMix(items('Daily Ledger', 'Harbor Times'), LIST)).toMatchObject({ oneSided: false, side: null });
    // A listed outlet the owner did not label.
    expect(outletMix(items('Daily Ledger', 'Civic Wire'), LIST).oneSided).toBe(false);
    // An unlisted outlet: nothing is known of its side.
    expect(outletMix(items('Daily Ledger', 'Unknown Gazette'), LIST).oneSided).toBe(false);
    // No labels at all: never one-sided.
    expect(outletMix(items('A', 'B'), []).oneSided).toBe(false);
  });

  it('has no outlets, no independence and no side for a topic without items', () => {
    expect(outletMix([], LIST)).toEqual({ independentOutlets: 0, outlets: [], oneSided: false, side: null });
  });
});

describe('the outlet list and setting schemas', () => {
  it('names the field at fault', () => {
    const result = SaveOutletRequestSchema.safeParse({ name: ' ', owner: 'x'.repeat(201), side: 'y'.repeat(41) });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['name', 'owner', 'side']);
  });

  it('keeps an empty side as none and notes as empty text', () => {
    expect(SaveOutletRequestSchema.parse({ name: 'A', owner: 'B', side: '  ' })).toEqual({ name: 'A', owner: 'B', side: null, notes: '' });
  });

  it('bounds the setting from 1 to 10', () => {
    expect(SourcingSettingsSchema.safeParse({ minIndependentOutlets: 0 }).success).toBe(false);
    expect(SourcingSettingsSchema.safeParse({ minIndependentOutlets: 11 }).success).toBe(false);
    expect(SourcingSettingsSchema.safeParse({ minIndependentOutlets: 3 }).success).toBe(true);
  });
});
