import { formatLongDate, type PublicClaim } from '@ai-mind/contracts/web';

const FLAG_WORDS: Record<PublicClaim['flags'][number], string> = {
  unsupported: 'no source passage supports it well enough',
  number_mismatch: 'a number in it is not in its passage',
  name_mismatch: 'a name in it is not in its passage',
};

/** Where the sentence's passage comes from, in words: "Source 2, Markets Desk". */
export function claimSourceName(claim: PublicClaim): string {
  return claim.outlet ? `Source ${claim.sourceNumber}, ${claim.outlet}` : `Source ${claim.sourceNumber}`;
}

/** What the claim check found, for a sentence an editor published over: the flags in words. */
export function claimFlagWords(claim: PublicClaim): string {
  return claim.flags.map((flag) => FLAG_WORDS[flag]).join('; ');
}

/** "Published over the claim check's flag by Jane Editor on November 28, 2026" */
export function overrideLine(override: NonNullable<PublicClaim['override']>): string {
  return `An editor, ${override.by}, published this sentence over the claim check's flag on ${formatLongDate(override.at)}`;
}
