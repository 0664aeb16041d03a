import { ActionIcon } from '@mantine/core';
import { CHAT_COPY } from '../chat-copy';

/** Where the chat floats, closed or open. */
export const CHAT_AFFIX = { position: { bottom: 20, right: 20 }, zIndex: 200 };

export function chatTitle(article?: { title: string }): string {
  return article ? CHAT_COPY.articleTitle(article.title) : CHAT_COPY.homeTitle;
}

/** The round button that opens the chat; `onIntent` (hover, focus) is the moment to fetch its code. */
export function ChatButton({ title, onClick, onIntent }: { title: string; onClick: () => void; onIntent?: () => void }) {
  return (
    <ActionIcon size={56} radius="xl" variant="filled" aria-label={title} onClick={onClick} onPointerEnter={onIntent} onFocus={onIntent}>
      <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
    </ActionIcon>
  );
}
