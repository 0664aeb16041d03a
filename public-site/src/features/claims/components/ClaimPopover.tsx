import { Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { CLAIM_REF_CLASS, claimNoteId, type PublicClaim } from '@ai-mind/contracts/web';
import { ClaimPassage } from './ClaimNotes';
import './claim-notes.css';

const POPOVER_ID = 'claim-popover';
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Opened {
  claim: PublicClaim;
  marker: HTMLAnchorElement;
  /** Where it sits in the page: under its marker, inside the viewport's width. */
  top: number;
  left: number;
}

function placeUnder(marker: HTMLElement): { top: number; left: number } {
  const rect = marker.getBoundingClientRect();
  const width = Math.min(384, window.innerWidth - 24);
  const left = Math.max(12, Math.min(rect.left + window.scrollX - 16, window.scrollX + window.innerWidth - width - 12));
  return { top: rect.bottom + window.scrollY + 6, left };
}

/** The marker link of a claim an event came from, if any. */
function markerOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(`a.${CLAIM_REF_CLASS}`) : null;
}

/**
 * With the page's scripts, a claim's marker opens its passage in place instead of jumping to the note:
 * a non-modal dialog beside the marker, with the passage, the outlet, the link and the way to the note
 * (where the sentence can be reported). Enter or Space on the marker opens it and moves focus into it;
 * Escape closes it and gives focus back to the marker, as does tabbing out of either end (so the next
 * Tab goes on through the text); a click elsewhere closes it. Without scripts the marker is the plain
 * link to the note, which this leaves in place.
 */
export function ClaimPopover({ claims }: { claims: PublicClaim[] }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const dialog = useRef<HTMLDivElement | null>(null);
  const byId = useMemo(() => new Map(claims.map((claim) => [claim.id, claim])), [claims]);

  const close = useCallback((giveFocusBack: boolean) => {
    setOpened((current) => {
      if (current) {
        current.marker.setAttribute('aria-expanded', 'false');
        current.marker.removeAttribute('aria-controls');
        if (giveFocusBack) current.marker.focus();
      }
      return null;
    });
  }, []);

  const open = useCallback(
    (marker: HTMLAnchorElement) => {
      const claim = byId.get(Number(marker.dataset.claim));
      if (!claim) return false;
      const place = placeUnder(marker);
      setOpened((current) => {
        if (current && current.marker !== marker) current.marker.setAttribute('aria-expanded', 'false');
        marker.setAttribute('aria-expanded', 'true');
        marker.setAttribute('aria-controls', POPOVER_ID);
        return { claim, marker, ...place };
      });
      return true;
    },
    [byId],
  );

  // The markers are the server's markup: say what they open, and take their click, Enter and Space.
  useEffect(() => {
    for (const marker of document.querySelectorAll<HTMLAnchorElement>(`a.${CLAIM_REF_CLASS}`)) {
      marker.setAttribute('aria-haspopup', 'dialog');
      marker.setAttribute('aria-expanded', 'false');
    }
    const onClick = (event: MouseEvent) => {
      const marker = markerOf(event.target);
      if (marker && open(marker)) event.preventDefault();
      else if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Spacebar') return;
      const marker = markerOf(event.target);
      if (marker && open(marker)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  // A resized window moves the marker: the passage follows it.
  const openedMarker = opened?.marker ?? null;
  useEffect(() => {
    if (!openedMarker) return;
    const follow = () => setOpened((current) => current && { ...current, ...placeUnder(current.marker) });
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [openedMarker]);

  // Focus moves into the passage once it is on the page (and again for another marker's).
  useEffect(() => {
    if (openedMarker) dialog.current?.focus();
  }, [openedMarker]);

  const onDialogKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    const active = document.activeElement;
    if ((event.shiftKey && (active === dialog.current || active === first)) || (!event.shiftKey && active === last)) {
      event.preventDefault();
      close(true);
    }
  };

  if (!opened || typeof document === 'undefined') return null;
  const { claim, top, left } = opened;
  return createPortal(
    <div
      ref={dialog}
      id={POPOVER_ID}
      role="dialog"
      aria-labelledby={`${POPOVER_ID}-title`}
      tabIndex={-1}
      className="claim-popover"
      data-testid="claim-popover"
      style={{ top, left }}
      onKeyDown={onDialogKeyDown}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={700} id={`${POPOVER_ID}-title`}>
            What supports this sentence
          </Text>
          <CloseButton size="sm" aria-label="Close" onClick={() => close(true)} />
        </Group>
        <ClaimPassage claim={claim} />
        <Anchor href={`#${claimNoteId(claim.id)}`} size="sm" onClick={() => close(false)}>
          The note, and reporting this sentence as wrong
        </Anchor>
      </Stack>
    </div>,
    document.body,
  );
}
