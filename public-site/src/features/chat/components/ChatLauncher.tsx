import { Affix } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CHAT_AFFIX, ChatButton, chatTitle } from './ChatButton';

const loadChatWidget = () => import('./ChatWidget');
const ChatWidget = lazy(() => loadChatWidget().then(({ ChatWidget }) => ({ default: ChatWidget })));

/**
 * The chat's button, with the chat itself (its panel, text area and scroll area) fetched only when a
 * reader reaches for it, so a page that is only read never downloads it.
 */
export function ChatLauncher({ article }: { article?: { id: number; title: string } }) {
  const [opened, setOpened] = useState(false);
  const title = chatTitle(article);
  const button = <ChatButton title={title} onClick={() => setOpened(true)} onIntent={() => void loadChatWidget()} />;
  if (!opened) return <Affix {...CHAT_AFFIX}>{button}</Affix>;
  return (
    <Suspense fallback={<Affix {...CHAT_AFFIX}>{button}</Affix>}>
      <ChatWidget article={article} defaultOpen />
    </Suspense>
  );
}
